"""What a restore changes of a tournament's players and settings, field by field, for its
preview; and the players' publication choice kept as private as it is now.

A player is the same before and after when the player id is (the interchange format's natural
key). Every field of a player a supervisor or a public page sees is compared (name, club, start
number, the publication choice, the door: waiting list, check-in, Startgeld, online
registration and e-mail), and the personal code is named as changed without showing it; every
setting of the tournament is compared. A restore never publishes a name more fully than the
player's choice of now, unless the supervisor asked for it (`publication_keep`).
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import Any

from django.db import models as dj
from django.utils import formats, timezone
from django.utils.translation import gettext as _

from tournament import models

#: The player's fields the preview compares, in this order.
PLAYER_FIELDS: tuple[str, ...] = (
    "name",
    "club",
    "start_number",
    "withdrawn",
    "drawn_lot",
    "publish_full_name",
)
PLAYER_FIELDS += ("initial_only", "personal_code", "waiting_since", "checked_in_at")
PLAYER_FIELDS += ("checked_in_by", "payment", "paid_amount", "registered_online_at", "email")
#: Fields named as changed, never shown.
SECRET = {"personal_code"}
#: Settings that are no setting: the row's id, its cache counters, the organiser (it stays).
NOT_SETTINGS = {"id", "slug", "generation", "season_generation", "organiser"}


@dataclass(frozen=True)
class FieldChange:
    """One field of one player (`who`: start number and name) or of the settings."""

    who: str
    field: str
    before: str
    after: str


def _shown(field: dj.Field, instance: dj.Model) -> str:
    if field.name in SECRET:
        return ""
    value = field.value_from_object(instance)
    if field.is_relation:
        related = getattr(instance, field.name)
        return "–" if related is None else str(related)
    if value is None or value == "":
        return "–"
    if field.choices:
        return str(dict(field.flatchoices).get(value, value))
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    if isinstance(value, dt.datetime):
        return formats.date_format(timezone.localtime(value), "SHORT_DATETIME_FORMAT")
    if isinstance(value, dt.date):
        return formats.date_format(value, "SHORT_DATE_FORMAT")
    if isinstance(value, list):
        return ", ".join(map(str, value))
    if isinstance(value, dict):
        return _("own point table")
    return str(value)


def _raw(field: dj.Field, instance: dj.Model) -> Any:
    value = field.value_from_object(instance)
    return value if not isinstance(value, dict | list) else repr(value)


def players_state(tournament: models.Tournament) -> dict[str, tuple[str, dict[str, tuple]]]:
    """Player id → (start number and name, field → (its value, as shown))."""
    fields = [models.Player._meta.get_field(name) for name in PLAYER_FIELDS]
    state = {}
    for player in tournament.players.select_related("checked_in_by"):
        values = {f.name: (_raw(f, player), _shown(f, player)) for f in fields}  # type: ignore[arg-type]
        state[player.ident] = (f"{player.start_number} {player.name}", values)
    return state


def settings_state(tournament: models.Tournament) -> dict[str, tuple]:
    """Setting's name → (its value, as shown)."""
    return {
        str(f.verbose_name): (_raw(f, tournament), _shown(f, tournament))
        for f in models.Tournament._meta.concrete_fields
        if f.name not in NOT_SETTINGS
    }


def _label(name: str) -> str:
    return str(getattr(models.Player._meta.get_field(name), "verbose_name", name))


def player_changes(now: dict, after: dict) -> list[FieldChange]:
    """Every field of every player that the restore changes; players lost or coming back."""
    changes = []
    for ident, (who, values) in now.items():
        if ident not in after:
            changes.append(FieldChange(who, _("player"), who, _("not in the backup")))
            continue
        for name, (value, shown) in values.items():
            new_value, new_shown = after[ident][1][name]
            if new_value == value:
                continue
            if name in SECRET:
                shown, new_shown = _("as now"), _("changed")
            changes.append(FieldChange(who, _label(name), shown, new_shown))
    for ident, (who, _values) in after.items():
        if ident not in now:
            changes.append(FieldChange(who, _("player"), _("not there now"), who))
    return changes


def setting_changes(now: dict, after: dict) -> list[FieldChange]:
    return [
        FieldChange("", label, shown, after[label][1])
        for label, (value, shown) in now.items()
        if label in after and after[label][0] != value
    ]


def publication_now(tournament: models.Tournament) -> dict[str, tuple[bool, bool]]:
    """Player id → (full name public, initial only as asked) as the players chose now."""
    return {
        ident: (full, initial)
        for ident, full, initial in tournament.players.values_list(
            "ident", "publish_full_name", "initial_only"
        )
    }


def publication_keep(
    tournament: models.Tournament, now: dict[str, tuple[bool, bool]], *, fuller: bool
) -> list[str]:
    """The restored players the backup would publish more fully than they chose now: kept as
    they are now unless `fuller` (the supervisor ticked it); their ids, by start number."""
    more = []
    for player in tournament.players.order_by("start_number"):
        if player.ident not in now:
            continue
        full, initial = now[player.ident]
        if (player.publish_full_name and not full) or (initial and not player.initial_only):
            more.append(player)
    if not fuller:
        for player in more:
            full, initial = now[player.ident]
            player.publish_full_name = player.publish_full_name and full
            player.initial_only = player.initial_only or initial
        models.Player.objects.bulk_update(more, ["publish_full_name", "initial_only"])
    return [player.ident for player in more]
