"""The Stock (Reuegeld) of thrown-in deals (4.1.5 of 2024), tallied per player where the
tournament sets an amount: each player pays it for every thrown-in deal in which they were dealt
cards (at a table of five the dealer sits out and pays nothing for that deal). Money, never
points: totals and ranking do not change. Shown on the scoresheet page, the signed sheet, the
player's page and in the Excel workbook."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence

from rules.contracts import Contract
from scoring.scoresheet import stock_tally
from tournament import models


def sheet_stock(
    tournament: models.Tournament, seats: Sequence[models.Seat], thrown_in: Sequence[int]
) -> list[tuple[models.Seat, int]]:
    """Per seat of a sheet with thrown-in lines `thrown_in`, the Stock in cents; empty when
    the tournament sets no amount."""
    amount = tournament.stock_cents
    if not amount:
        return []
    keys = [str(seat.player_id) for seat in seats]
    owed = stock_tally(keys, thrown_in, amount=amount)
    return [(seat, owed[key]) for seat, key in zip(seats, keys, strict=True)]


def tournament_stock(
    tournament: models.Tournament,
    *,
    players: Sequence[int] | None = None,
    last: int | None = None,
) -> dict[int, int]:
    """Per player id, the Stock in cents over the tournament (Durchgänge 1 to `last`; only the
    tables of `players`, ids, when given); empty when the tournament sets no amount. Two
    queries."""
    amount = tournament.stock_cents
    if not amount:
        return {}
    tables = models.Table.objects.filter(durchgang__tournament=tournament)
    if players is not None:
        tables = tables.filter(seats__player_id__in=players)
    if last is not None:
        tables = tables.filter(durchgang__number__lte=last)
    thrown: dict[int, list[int]] = defaultdict(list)
    for table_id, number in models.Hand.objects.filter(
        table__in=tables, contract=Contract.ZUSAMMENGEWORFEN
    ).values_list("table_id", "number"):
        thrown[table_id].append(number)
    if not thrown:
        return {}
    seats: dict[int, list[str]] = defaultdict(list)
    for table_id, player_id in (
        models.Seat.objects.filter(table_id__in=thrown)
        .order_by("table_id", "position")
        .values_list("table_id", "player_id")
    ):
        seats[table_id].append(str(player_id))
    owed: dict[int, int] = defaultdict(int)
    for table_id, numbers in thrown.items():
        for key, cents in stock_tally(seats[table_id], numbers, amount=amount).items():
            owed[int(key)] += cents
    return dict(owed)
