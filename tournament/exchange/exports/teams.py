"""The sheet "Mannschaften" of the tournament's workbook: the team ranking (docs/teams.md), in
its order, with each team's players and their points; no sheet without a team ranking."""

from __future__ import annotations

from django.utils.translation import gettext as _
from openpyxl.workbook import Workbook

from tournament import models
from tournament.exchange.exports.players import points_header
from tournament.exchange.exports.xlsx import Column, score_cells, sheet_write
from tournament.ranking.standings import standings_after, standings_compute
from tournament.ranking.team_standings import team_rows, team_setting
from tournament.scorekeeping.engine import tournament_point_table

TEAMS = "Mannschaften"


def teams_write(workbook: Workbook, tournament: models.Tournament) -> None:
    setting = team_setting(tournament)
    if setting is None:
        return
    unit = tournament_point_table(tournament).unit
    score = score_cells(unit)
    rows = team_rows(tournament, standings_compute(tournament, after=standings_after(tournament)))
    columns = [
        Column(_("Rank"), 4),
        Column(_("Team"), max((len(r.name) for r in rows), default=10)),
        Column(points_header(unit), 6),
        Column(_("Complete"), 4),
        Column(_("Lot"), 4),
        *(
            column
            for n in range(1, setting.size + 1)
            for column in (
                Column(_("Player %(n)s") % {"n": n}, 20),
                Column(_("Points %(n)s") % {"n": n}, 6),
            )
        ),
    ]
    sheet_write(
        workbook,
        TEAMS,
        columns,
        (
            [
                r.rank,
                r.name,
                score(r.points),
                _("yes") if r.complete else _("no"),
                r.lot,
                *(cell for name, points in r.players for cell in (name, score(points))),
            ]
            for r in rows
        ),
    )
