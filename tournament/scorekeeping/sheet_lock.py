"""A table's sheet, locked and read once for a change of one of its games: the table (with its
Durchgang and tournament), its seats with their players, its games with their sanctions and
the score rows stored for them, and the engine's context of the sheet. Two queries; every
step of the save works on what they read, and leaves the sheet as it stored it.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.db.models import Aggregate, F, OuterRef, QuerySet, Subquery, TextField

from tournament import models
from tournament.models.compiled import Compiled
from tournament.scorekeeping.engine import SheetContext, tournament_sheet

#: The columns of a score row, as `ScoreRows` holds them (the model's attribute names).
SCORE_COLUMNS = (
    "hand_id",
    "player_id",
    "tournament_id",
    "durchgang_number",
    "points",
    "sie",
    "tout_won",
    "tout_played",
    "solo_won",
    "solo_played",
)
#: A sheet's score rows (`SCORE_COLUMNS` order), by game id and player id.
ScoreRows = dict[int, dict[int, tuple]]


class RowsJson(Aggregate):
    """The rows of its columns as one JSON text, an array of arrays: a game's score rows read
    with the game, in the games' statement (SQLite's JSON1 functions, or PostgreSQL's)."""

    template = "json_group_array(json_array(%(expressions)s))"
    output_field = TextField()

    def as_postgresql(self, compiler, connection, **extra):
        template = "json_agg(json_build_array(%(expressions)s))::text"
        return self.as_sql(compiler, connection, template=template, **extra)


@dataclass
class LockedSheet:
    table: models.Table
    seats: list[models.Seat]  # in seat order, with their players
    hands: list[models.Hand]  # in number order, with their sanctions
    context: SheetContext
    scores: ScoreRows  # the score rows of `hands`, by game id and player id
    #: The values of the caller's `read_with_lock`, read in the locking statement.
    read_with_lock: dict[str, Any]
    #: The id of the history's line a save of this sheet wrote (None while there is none).
    logged: int | None = None

    def hand(self, number: int) -> models.Hand | None:
        return next((h for h in self.hands if h.number == number), None)

    @property
    def players(self) -> dict[int, models.Player]:
        """The seated players by id."""
        return {seat.player_id: seat.player for seat in self.seats}


class SheetSeats(Compiled[models.Seat]):
    """The statement that locks a sheet and reads its seats, for `sheet_lock`: the seats
    `seats(**values)` gives (a table's by its id: `TABLE_SEATS`; by its numbers on a page),
    with their table, Durchgang, tournament and players, and the values `read_with_lock`
    gives (subqueries of the same values) as annotations. Its SQL is built once (`Compiled`)."""

    def __init__(
        self,
        seats: Callable[..., QuerySet[models.Seat]],
        read_with_lock: dict[str, Callable[..., Subquery]] | None = None,
        **params: type,
    ) -> None:
        reads = read_with_lock or {}
        self.reads = tuple(reads)

        def locking(**values: Any) -> QuerySet[models.Seat]:
            query = seats(**values).select_for_update(of=("table",))
            if reads:
                query = query.annotate(**{name: read(**values) for name, read in reads.items()})
            return query.select_related("table__durchgang__tournament", "player").order_by(
                "position"
            )

        super().__init__(locking, **params)


#: A table's seats by the table's id, for `sheet_lock`.
TABLE_SEATS = SheetSeats(
    lambda table_id: models.Seat.objects.filter(table_id=table_id), table_id=int
)
#: A table's seats by its tournament's id and the numbers of its Durchgang and table, as a
#: sheet page's address names it.
PAGE_SEATS = SheetSeats(
    lambda tournament_id, durchgang, table: models.Seat.objects.filter(
        table__durchgang__tournament_id=tournament_id,
        table__durchgang__number=durchgang,
        table__number=table,
    ),
    tournament_id=int,
    durchgang=int,
    table=int,
)


def _hands(table_id: int) -> QuerySet[models.Hand]:
    rows = (
        models.HandScore.objects.filter(hand_id=OuterRef("pk"))
        .values("hand_id")
        .annotate(rows=RowsJson(*(F(name) for name in SCORE_COLUMNS)))
        .values("rows")
    )
    return (
        models.Hand.objects.filter(table_id=table_id)
        .select_related("sanction__offender", "sanction__mistake_by")
        .annotate(score_rows=Subquery(rows))
        .order_by("number")
    )


#: A sheet's games with their sanctions, and their score rows as JSON.
_HANDS = Compiled(_hands, table_id=int)


def sheet_lock(seats: SheetSeats, **values: Any) -> LockedSheet:
    """The sheet of the table whose seats `seats(**values)` reads (`SheetSeats`: a table's by
    its id, `TABLE_SEATS`, or by its numbers), its row locked for the rest of the transaction
    (only the table's row: on PostgreSQL the seats are read in the same query, `FOR UPDATE OF`
    the table; SQLite's IMMEDIATE transactions serialise writers anyway), then its games with
    their score rows. Raises `Table.DoesNotExist` when there is no such table.
    The values `seats` reads with the lock are in `LockedSheet.read_with_lock`. On PostgreSQL
    that statement sees the database as it was when it asked for the lock, not what a
    transaction it waited for committed meanwhile."""
    seated = seats(**values)
    if not seated:
        raise models.Table.DoesNotExist
    table = seated[0].table
    read = {name: getattr(seated[0], name) for name in seats.reads}
    hands = _HANDS(table_id=table.pk)
    scores: ScoreRows = {}
    for hand in hands:
        for row in json.loads(hand.score_rows or "[]"):  # type: ignore[attr-defined]
            scores.setdefault(hand.pk, {})[row[1]] = tuple(row)
    context = tournament_sheet(
        table.durchgang.tournament,
        table_id=table.pk,
        durchgang_number=table.durchgang.number,
        player_ids=[seat.player_id for seat in seated],
    )
    return LockedSheet(
        table=table,
        seats=seated,
        hands=hands,
        context=context,
        scores=scores,
        read_with_lock=read,
    )


def table_lock(table: models.Table) -> models.Table:
    """The table, locked for the rest of the transaction (a no-op lock on SQLite, whose
    IMMEDIATE transactions serialise writers anyway). Only the table's row: PostgreSQL would
    otherwise lock its Durchgang and tournament too, and every table would wait for the others."""
    return (
        models.Table.objects.select_for_update(of=("self",))
        .select_related("durchgang__tournament")
        .get(pk=table.pk)
    )
