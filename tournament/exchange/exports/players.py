"""The sheets about the players: "Rangliste" and one "Durchgang N" per Durchgang drawn."""

# Declared boilerplate (duplicates): a sheet's column list is alike in shape to the other sheets of
# the workbook.

from __future__ import annotations

from collections import defaultdict
from collections.abc import Collection

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from openpyxl.workbook import Workbook

from rules.tiebreaks import COUNTERS
from tournament import models
from tournament.exchange.exports.xlsx import Column, Euros, score_cells, sheet_write
from tournament.ranking.standings import standings_after, standings_compute
from tournament.scorekeeping.engine import tournament_point_table
from tournament.scorekeeping.stock import tournament_stock
from tournament.scorekeeping.substitutes import seat_sums, tournament_seat_holders

RANKING = "Rangliste"
COUNTER_HEADERS = {
    "sie": gettext_lazy("Sie"),
    "tout_won": gettext_lazy("Touts won"),
    "tout_played": gettext_lazy("Touts played"),
    "solo_won": gettext_lazy("Solos won"),
    "solo_played": gettext_lazy("Solos played"),
}


def durchgang_title(number: int) -> str:
    return f"Durchgang {number}"


def points_header(unit: str) -> str:
    return _("Amount") if unit == "cents" else _("Points")


class Roster:
    """The players of the tournament, loaded once: start numbers, names and column widths."""

    def __init__(self, tournament: models.Tournament):
        rows = list(tournament.players.values_list("pk", "start_number", "name", "club"))
        self.players = {pk: (number, name) for pk, number, name, _club in rows}
        self.name_width = max((len(name) for _pk, _number, name, _club in rows), default=8)
        self.club_width = max((len(club) for *_rest, club in rows), default=8)
        self.label_width = max((len(self.of(pk)) for pk in self.players), default=8)

    def of(self, pk: int | None) -> str:
        """The player as the scoresheet names them: start number and name."""
        if pk is None:
            return ""
        number, name = self.players[pk]
        return f"{number} {name}"


def ranking_write(workbook: Workbook, tournament: models.Tournament, roster: Roster) -> None:
    """The ranking in the unit of the point table; a plus-only table has no minus column."""
    after = standings_after(tournament)
    table = tournament_point_table(tournament)
    score, minus = score_cells(table.unit), [Column(_("Minus"), 5)] if table.zero_sum else []
    columns = [
        Column(_("Rank"), 4),
        Column(_("Start number"), 4),
        Column(_("Name"), roster.name_width),
        Column(_("Club"), roster.club_width),
        Column(points_header(table.unit), 5),
        Column(_("Plus"), 5),
        *minus,
        *(Column(_("Durchgang %(number)s") % {"number": n}, 5) for n in range(1, after + 1)),
        *(Column(str(COUNTER_HEADERS[name]), 4) for name in COUNTERS),
        Column(_("Lot"), 4),
    ]
    # The Stock of thrown-in deals (4.1.5 of 2024) where the tournament sets one: money in euros.
    # A substitute's Stock holds that of every player whose seat he took over (5.2.11).
    stock = (
        seat_sums(tournament_stock(tournament, last=after), tournament_seat_holders(tournament))
        if tournament.stock_cents
        else None
    )
    if stock is not None:
        columns.append(Column(_("Stock (€)"), 6))
    rows = (
        [
            s.rank,
            s.player.start_number,
            s.player.name,
            s.player.club,
            score(s.totals.points),
            score(s.totals.plus),
            *([score(s.totals.minus)] if minus else []),
            *(score(points) for points in s.totals.durchgaenge),
            *(getattr(s.totals, name) for name in COUNTERS),
            s.lot,
            *([Euros(stock.get(s.player.pk, 0))] if stock is not None else []),
        ]
        for s in standings_compute(tournament, after=after)
    )
    sheet_write(workbook, RANKING, columns, rows)


def seats_by_durchgang(tournament: models.Tournament) -> dict[int, list[tuple[int, int, int, int]]]:
    """Per Durchgang number: (table id, table number, seat, player id), in table and seat order."""
    seats = defaultdict(list)
    for durchgang, table_id, table_number, position, player_id in (
        models.Seat.objects.filter(durchgang__tournament=tournament)
        .order_by("durchgang__number", "table__number", "position")
        .values_list("durchgang__number", "table_id", "table__number", "position", "player_id")
    ):
        seats[durchgang].append((table_id, table_number, position, player_id))
    return seats


def table_totals(tournament: models.Tournament) -> dict[tuple[int, int], int]:
    """Points per (table id, player id): each seat's total in its Durchgang, as the seat keeps
    it (the sum of its games, or the totals typed for a table recorded by its totals)."""
    rows = models.Seat.objects.filter(durchgang__tournament=tournament).values_list(
        "table_id", "player_id", "points"
    )
    return {(table_id, player_id): points for table_id, player_id, points in rows}


def totals_tables(tournament: models.Tournament) -> set[int]:
    """The ids of the tables recorded by their totals (Summenliste)."""
    return set(
        models.Table.objects.filter(
            durchgang__tournament=tournament, recording=models.Tournament.Recording.TOTALS
        ).values_list("pk", flat=True)
    )


def durchgang_write(
    workbook: Workbook,
    number: int,
    seats: list[tuple[int, int, int, int]],
    totals: dict[tuple[int, int], int],
    roster: Roster,
    unit: str,
    by_totals: Collection[int] = (),
) -> None:
    score = score_cells(unit)
    columns = [
        Column(_("Table"), 4),
        Column(_("Seat"), 4),
        Column(_("Start number"), 4),
        Column(_("Name"), roster.name_width),
        Column(points_header(unit), 5),
        Column(_("Recorded as"), 8),
    ]
    games, typed = _("games"), _("totals")
    rows = (
        [
            table,
            position,
            *roster.players[player_id],
            score(totals.get((table_id, player_id), 0)),
            typed if table_id in by_totals else games,
        ]
        for table_id, table, position, player_id in seats
    )
    sheet_write(workbook, durchgang_title(number), columns, rows)
