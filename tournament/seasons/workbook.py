"""The season as an Excel workbook: one sheet "Jahreswertung" with rank, name, club, the season
value, the tournaments played and each tournament's value (the public names)."""

# Declared boilerplate (duplicates): a sheet's column list is alike in shape to the other sheets of
# the workbook.

from __future__ import annotations

from typing import IO

from django.utils.translation import gettext as _
from openpyxl.workbook import Workbook

from tournament import models
from tournament.exchange.exports.xlsx import Column, sheet_write
from tournament.seasons.services import season_standings

SHEET = "Jahreswertung"


def season_xlsx(season: models.Season, out: str | IO[bytes]) -> None:
    tournaments, rows = season_standings(season)
    columns = [
        Column(_("Rank"), 5),
        Column(_("Name"), 24),
        Column(_("Club"), 20),
        Column(_("Season points"), 10),
        Column(_("Tournaments played"), 8),
        *(Column(f"{t.date:%d.%m.%Y} {t.name}", 12) for t in tournaments),
    ]
    workbook = Workbook(write_only=True)
    sheet_write(
        workbook,
        SHEET,
        columns,
        (
            (
                row.standing.rank,
                row.public_name,
                row.club,
                row.standing.value,
                row.standing.played,
                *(value for value, _counted in row.cells),
            )
            for row in rows
        ),
    )
    workbook.save(out)
