"""The tournament as an Excel workbook, for the supervisor's records and analyses.

Sheets, named in German as the tournament calls them:
- "Rangliste": the standings of `standings_compute`, in its order, with the tie-break counters;
- "Mannschaften": the team ranking (docs/teams.md), when the tournament has one;
- "Durchgang N", one per Durchgang drawn: each table with its seats and each seat's points,
  and whether the table recorded its games or only its totals (Summenliste);
- "Spiele": every game as the scoresheet holds it, with the points of each seat;
- "Genehmigungen": every game that needed an approval, why, and the decision with its note;
- "Strafen": every sanction with the offender's points in that game and who made the mistake
  the offender revealed his cards after (3.4.18), when recorded;
- "Korrekturen": every correction asked for on a closed scoresheet, and its decision;
- "Verlauf": the append-only history of every game change and of the point table;
- "Kasse" and "Einlass": the cash summary and each player's check-in with the Startgeld.

A fixed number of queries, however large the tournament; the games stream from the database
into the sheet, so memory stays flat. Nothing is written to the database.
"""

from __future__ import annotations

from collections import defaultdict
from typing import IO

from openpyxl.workbook import Workbook

from tournament import models
from tournament.exchange.exports.approvals import approvals_write
from tournament.exchange.exports.cash import cash_write, door_write
from tournament.exchange.exports.games import corrections_write, games_write, sanctions_write
from tournament.exchange.exports.history import history_write
from tournament.exchange.exports.players import (
    Roster,
    durchgang_write,
    ranking_write,
    seats_by_durchgang,
    table_totals,
    totals_tables,
)
from tournament.exchange.exports.teams import teams_write
from tournament.scorekeeping.deck import deck_override
from tournament.scorekeeping.engine import tournament_point_table


def tournament_xlsx(tournament: models.Tournament, out: str | IO[bytes]) -> None:
    """Write the workbook to `out`, a path or a binary file open for writing; cards named
    in the tournament's deck."""
    with deck_override(tournament.deck):
        _workbook_write(tournament, out)


def _workbook_write(tournament: models.Tournament, out: str | IO[bytes]) -> None:
    roster = Roster(tournament)
    unit = tournament_point_table(tournament).unit
    workbook = Workbook(write_only=True)
    ranking_write(workbook, tournament, roster)
    teams_write(workbook, tournament)
    seats = seats_by_durchgang(tournament)
    totals, by_totals = table_totals(tournament), totals_tables(tournament)
    for number in tournament.durchgaenge.order_by("number").values_list("number", flat=True):
        rows = seats.get(number, [])
        durchgang_write(workbook, number, rows, totals, roster, unit, by_totals)
    table_seats = defaultdict(list)  # player ids by seat, per table id
    for rows in seats.values():
        for table_id, _table, _position, player_id in rows:
            table_seats[table_id].append(player_id)
    games_write(workbook, tournament, table_seats, roster, unit)
    approvals_write(workbook, tournament, roster)
    sanctions_write(workbook, tournament, roster, unit)
    corrections_write(workbook, tournament)
    history_write(workbook, tournament)
    cash_write(workbook, tournament)
    door_write(workbook, tournament)
    workbook.save(out)
