"""After a change of server: what a table's phone compares, and what the clerks compare.

A second laptop that takes over the hall restores the database from a continuous copy that may
lack the last second of saves, though the phones were told "saved". Each phone keeps the games
it was told were saved, under their entry keys (static/tournament/phones/resend.js); when a
server answers again it asks this server for the table's games and the keys of the entries
saved here (`table_games`), and sends again, under the same keys and marked `resent`, every
game whose key the server lacks (`entry.phone_entry_save`, stored once under its key).

The clerks compare the paper lists with `server_stand`: per table of a Durchgang the games the
server has, the last game, when the last one was saved and which arrived as re-sent."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime

from django.db.models import Count, Max

from tournament import models

SAVED = models.PhoneEntry.Outcome.SAVED


def table_games(link: models.TableLink) -> dict:
    """The games of the link's table (number and version) and the keys of the phone entries
    saved at it: two queries, whatever the sheet's length."""
    table = link.table
    games = models.Hand.objects.filter(table_id=table.pk).order_by("number")
    keys = models.PhoneEntry.objects.filter(table_id=table.pk, outcome=SAVED).order_by("pk")
    return {
        "table": table.number,
        "durchgang": table.durchgang.number,
        "games": [
            {"number": number, "version": version}
            for number, version in games.values_list("number", "version")
        ],
        "keys": list(keys.values_list("key", flat=True)),
    }


@dataclass
class TableStand:
    """One table as the server has it: its games, the last game's number, when a game was
    last saved, and the games a phone sent again after a change of server."""

    number: int
    closed: bool
    games: int
    last_number: int | None
    last_saved: datetime | None
    resent: list[int] = field(default_factory=list)


def server_stand(durchgang: models.Durchgang) -> list[TableStand]:
    """Every table of the Durchgang as the server has it, in table order: two queries."""
    tables = (
        durchgang.tables.order_by("number")
        .annotate(
            game_count=Count("hands"),
            last_number=Max("hands__number"),
            last_saved=Max("hands__updated_at"),
        )
        .values_list("pk", "number", "closed_at", "game_count", "last_number", "last_saved")
    )
    stands = {
        pk: TableStand(number, closed is not None, games, last, saved)
        for pk, number, closed, games, last, saved in tables
    }
    resent = (
        models.PhoneEntry.objects.filter(table__durchgang=durchgang, outcome=SAVED, resent=True)
        .order_by("number")
        .values_list("table_id", "number")
        .distinct()
    )
    for table_id, number in resent:
        stands[table_id].resent.append(number)
    return list(stands.values())
