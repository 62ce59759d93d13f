"""The records of a backup's history, each kind with the model fields its values are stored in
(tournament/exchange/backup/checks.py checks them before a restore writes anything)."""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib.auth import get_user_model
from django.db import models as dj

from tournament import models
from tournament.exchange.backup.door import PENDING_FIELDS, PLAYER_DOOR_FIELDS


def model_field(model: type[dj.Model], name: str) -> dj.Field:
    found = model._meta.get_field(name)
    assert isinstance(found, dj.Field)
    return found


@dataclass(frozen=True)
class Kind:
    """A list of records in the history: the field each key is stored in, the keys the restore
    reads always, the keys naming a user or a table, and whether the model's check constraints
    are checked too (for kinds of few records: each costs a query)."""

    model: type[dj.Model]
    fields: dict[str, dj.Field]
    required: tuple[str, ...]
    users: tuple[str, ...] = ()
    tables: tuple[str, ...] = ()
    constraints: bool = False


def _own(model: type[dj.Model], *names: str) -> dict[str, dj.Field]:
    return {name: model_field(model, name) for name in names}


def history_kinds() -> dict[str, Kind]:
    user = get_user_model()
    player_keys: tuple[str, ...] = ("start_number", "withdrawn", "drawn_lot", "personal_code")
    player_keys += ("publish_full_name", "initial_only", *PLAYER_DOOR_FIELDS)
    return {
        "users": Kind(
            user, _own(user, "username", "first_name", "last_name", "email"), ("username",)
        ),
        "memberships": Kind(
            models.Membership,
            {"user": model_field(user, "username"), "role": model_field(models.Membership, "role")},
            ("user", "role"),
        ),
        "players": Kind(
            models.Player,
            {"id": model_field(models.Player, "ident")} | _own(models.Player, *player_keys),
            ("id", "start_number", "withdrawn", "drawn_lot"),
            users=("checked_in_by",),
        ),
        "pending_registrations": Kind(
            models.PendingRegistration,
            _own(models.PendingRegistration, *PENDING_FIELDS),
            PENDING_FIELDS,
        ),
        "durchgaenge": Kind(
            models.Durchgang,
            _own(models.Durchgang, "number", "draw_seed", "published", "drawn_at"),
            ("number", "draw_seed", "published", "drawn_at"),
            constraints=True,
        ),
        "tables": Kind(
            models.Table,
            _own(models.Table, "closed_at", "totals_at", "totals_version"),
            ("table", "closed_at", "closed_by"),
            users=("closed_by",),
            tables=("table",),
        ),
        "seats": Kind(
            models.Seat,
            _own(models.Seat, "position", "signed_at", "signature"),
            ("table", "position", "signed_at", "signature", "signed_by"),
            users=("signed_by",),
            tables=("table",),
        ),
        "hands": Kind(
            models.Hand,
            _own(models.Hand, "number", "needs_approval", "approved_at", "approval_note")
            | _own(models.Hand, "version", "created_at", "updated_at"),
            ("table", "number", "needs_approval", "approved_at", "approved_by_user")
            + ("approval_note", "version", "created_at", "updated_at"),
            users=("approved_by_user",),
            tables=("table",),
        ),
        "sanctions": Kind(
            models.Sanction,
            {
                "number": model_field(models.Hand, "number"),
                "recorded_at": model_field(models.Sanction, "recorded_at"),
            },
            ("table", "number", "recorded_by", "recorded_at"),
            users=("recorded_by",),
            tables=("table",),
        ),
        "seat_swaps": Kind(
            models.SeatSwap,
            {"durchgang": model_field(models.Durchgang, "number")}
            | {
                "first": model_field(models.Player, "ident"),
                "second": model_field(models.Player, "ident"),
            }
            | _own(models.SeatSwap, "reason", "swapped_at"),
            ("durchgang", "first", "second", "reason", "swapped_by", "swapped_at"),
            users=("swapped_by",),
        ),
        "sheet_events": Kind(
            models.SheetEvent,
            _own(models.SheetEvent, "number", "kind", "at", "before", "after", "reason"),
            ("table", "number", "kind", "user", "at", "before", "after", "reason"),
            users=("user",),
            tables=("table",),
        ),
        "corrections": Kind(
            models.Correction,
            _own(models.Correction, "number", "proposed", "reason", "status", "requested_at")
            | _own(models.Correction, "decided_at", "decision_note"),
            ("table", "number", "proposed", "reason", "status", "requested_by")
            + ("requested_at", "decided_by", "decided_at", "decision_note"),
            users=("requested_by", "decided_by"),
            tables=("table",),
            constraints=True,
        ),
        "point_table_changes": Kind(
            models.PointTableChange,
            _own(models.PointTableChange, "at", "reason", "before", "after", "hands_rescored"),
            ("user", "at", "reason", "before", "after", "hands_rescored"),
            users=("user",),
        ),
    }


#: The kinds a history of this program always has (the others came later: absent is empty).
REQUIRED_KINDS: tuple[str, ...] = (
    "memberships",
    "players",
    "durchgaenge",
    "tables",
    "seats",
    "hands",
)
REQUIRED_KINDS += ("sanctions", "seat_swaps", "sheet_events", "corrections", "point_table_changes")
