"""The cup's team table (docs/cup.md, docs/teams.md): per evening, each club's team points are
the sum of its best `cup.team_size` players' points that evening (a club with fewer players: the
points of those it had); a club's cup value is the sum over the evenings that count.

Every evening is counted the same way, hosted or sent in: a hosted evening from its public
ranking as it shows now, a sent-in one from the standings rows of its file, which carry each
player's club. Registered teams of a hosted tournament do not count here: a sent-in file does
not carry them, and the cup compares clubs.
"""

from __future__ import annotations

from django.utils.translation import gettext as _
from openpyxl.workbook import Workbook

from scoring.teams import CupClub, cup_club_points, evening_club_points
from tournament import models
from tournament.cups.table import evening_rows
from tournament.exchange.exports.xlsx import Column, sheet_write

TEAM_SHEET = "Vereinswertung"


def cup_team_table(cup: models.Cup, evenings: list[models.CupEntry]) -> list[CupClub]:
    """The clubs ranked over `evenings` (those that count, as `cup_table` lists them)."""
    rows = evening_rows(evenings)  # the hosted evenings' stored parts in one query
    values = [evening_club_points(rows[e.pk], size=cup.team_size) for e in evenings]
    return cup_club_points(values, seed=cup.lot_seed)


def cup_team_sheet_add(
    workbook: Workbook, evenings: list[models.CupEntry], clubs: list[CupClub]
) -> None:
    columns = [
        Column(_("Rank"), 5),
        Column(_("Club"), max((len(c.club) for c in clubs), default=20)),
        Column(_("Team points"), 10),
        Column(_("Lot"), 4),
        *(Column(f"{e.date:%d.%m.%Y} {e.name}", 12) for e in evenings),
    ]
    rows = ([c.rank, c.club, c.total, c.lot, *c.evenings] for c in clubs)
    sheet_write(workbook, TEAM_SHEET, columns, rows)
