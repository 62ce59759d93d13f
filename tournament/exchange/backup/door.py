"""The door's and the online registration's data of a tournament in a backup.

Per player: the waiting list, the check-in (when, by whom), the Startgeld as paid, and the
online registration (when, the e-mail typed, the hash of the withdrawal link's key); per
tournament: the registrations still waiting for their e-mail confirmation. A restored
tournament's door and cash list are as they were. Backups made before these were kept read
with the model's defaults (nobody checked in, nothing paid, no registration waiting).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.db import models as fields

from tournament import models

#: Player fields written as they are (times as ISO text, the amount as a decimal string).
PLAYER_DOOR_FIELDS = (
    "waiting_since",
    "checked_in_at",
    "payment",
    "paid_amount",
    "registered_online_at",
    "email",
    "withdraw_key",
)
PENDING_FIELDS = ("name", "club", "email", "publish_full_name", "language", "key", "created_at")


def _field(model: type[fields.Model], name: str) -> fields.Field:
    field = model._meta.get_field(name)
    assert isinstance(field, fields.Field)
    return field


def player_door(player: models.Player, user_name: Callable[[int | None], str | None]) -> dict:
    """What the backup's history keeps of `player` at the door; users by `user_name`."""
    out = {
        name: _field(models.Player, name).value_from_object(player) for name in PLAYER_DOOR_FIELDS
    }
    out["checked_in_by"] = user_name(player.checked_in_by_id)
    return out


def player_door_values(record: dict, user_id: Callable[[str | None], int | None]) -> dict:
    """The `Player` field values of a player's `record` in the history (fields it lacks keep
    their defaults); users by `user_id` (None for a user the restore does not take over)."""
    values: dict[str, Any] = {
        name: _field(models.Player, name).to_python(record[name])
        for name in PLAYER_DOOR_FIELDS
        if name in record
    }
    if record.get("checked_in_by") is not None:
        values["checked_in_by_id"] = user_id(record["checked_in_by"])
    for name in ("email", "withdraw_key"):  # text fields: empty, never None
        values[name] = values.get(name) or ""
    return values


def pending_dump(tournament: models.Tournament) -> list[dict]:
    """The tournament's registrations waiting for their confirmation, oldest first."""
    return list(
        tournament.pending_registrations.order_by("created_at", "pk").values(*PENDING_FIELDS)
    )


def pending_restore(tournament: models.Tournament, records: list[dict]) -> None:
    """Store the waiting registrations of the history with their own times (the confirmation
    link's deadline runs from them)."""
    for record in records:
        values = {
            name: _field(models.PendingRegistration, name).to_python(record[name])
            for name in PENDING_FIELDS
        }
        created_at = values.pop("created_at")
        pending = models.PendingRegistration.objects.create(tournament=tournament, **values)
        models.PendingRegistration.objects.filter(pk=pending.pk).update(created_at=created_at)
