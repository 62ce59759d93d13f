"""A table's sheet, locked and read once for a change of one of its games: the table (with its
Durchgang and tournament), its seats with their players, its games with their sanctions, and
the engine's context of the sheet, and the score rows stored for its games. Three queries;
every step of the save works on what they read.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import QuerySet

from tournament import models
from tournament.scorekeeping.engine import SheetContext, tournament_sheet


@dataclass
class LockedSheet:
    table: models.Table
    seats: list[models.Seat]  # in seat order, with their players
    hands: list[models.Hand]  # in number order, with their sanctions
    context: SheetContext

    def hand(self, number: int) -> models.Hand | None:
        return next((h for h in self.hands if h.number == number), None)

    @property
    def players(self) -> dict[int, models.Player]:
        """The seated players by id."""
        return {seat.player_id: seat.player for seat in self.seats}


def sheet_lock(seats: QuerySet[models.Seat]) -> LockedSheet:
    """The sheet of the table whose `seats` are given (a query of them: `table_seats`, or the
    seats of a table found by its numbers), its row locked for the rest of the transaction
    (only the table's row: on PostgreSQL the seats are read in the same query, `FOR UPDATE OF`
    the table; SQLite's IMMEDIATE transactions serialise writers anyway). Raises
    `Table.DoesNotExist` when there is no such table."""
    seated = list(
        seats.select_for_update(of=("table",))
        .select_related("table__durchgang__tournament", "player")
        .order_by("position")
    )
    if not seated:
        raise models.Table.DoesNotExist
    table = seated[0].table
    hands = list(
        models.Hand.objects.filter(table_id=table.pk)
        .select_related("sanction__offender", "sanction__mistake_by")
        .order_by("number")
    )
    context = tournament_sheet(
        table.durchgang.tournament,
        table_id=table.pk,
        durchgang_number=table.durchgang.number,
        player_ids=[seat.player_id for seat in seated],
    )
    return LockedSheet(table=table, seats=seated, hands=hands, context=context)


def table_seats(table: models.Table) -> QuerySet[models.Seat]:
    return models.Seat.objects.filter(table_id=table.pk)


def table_lock(table: models.Table) -> models.Table:
    """The table, locked for the rest of the transaction (a no-op lock on SQLite, whose
    IMMEDIATE transactions serialise writers anyway). Only the table's row: PostgreSQL would
    otherwise lock its Durchgang and tournament too, and every table would wait for the others."""
    return (
        models.Table.objects.select_for_update(of=("self",))
        .select_related("durchgang__tournament")
        .get(pk=table.pk)
    )
