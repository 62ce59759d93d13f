"""The season as an Excel workbook: one sheet "Jahreswertung" with rank, name, club, the season
value, the tournaments played and each tournament's value (the public names). A cup's table
(tournament/cups/) is written by the same sheet (`standings_sheet_write`)."""

# Declared boilerplate (duplicates): a sheet's column list is alike in shape to the other sheets of
# the workbook.

from __future__ import annotations

from collections.abc import Sequence
from typing import IO, Any

from django.utils.translation import gettext as _
from openpyxl.workbook import Workbook

from tournament import models
from tournament.exchange.exports.xlsx import Column, sheet_write
from tournament.seasons.services import season_standings

SHEET = "Jahreswertung"


def season_xlsx(season: models.Season, out: str | IO[bytes]) -> None:
    tournaments, rows = season_standings(season)
    labels = (_("Season points"), _("Tournaments played"))
    standings_sheet_write(tournaments, rows, out, sheet=SHEET, labels=labels)


def standings_sheet_write(
    tournaments: Sequence[Any],
    rows: Sequence[Any],
    out: str | IO[bytes],
    *,
    sheet: str,
    labels: tuple[str, str],
) -> None:
    """One sheet of standings over a series: `tournaments` (each with a date and a name) and
    `rows` (each with a standing, public_name, club and cells), as season_standings gives them;
    `labels` name the value and the number played."""
    workbook = Workbook(write_only=True)
    standings_sheet_add(workbook, tournaments, rows, sheet=sheet, labels=labels)
    workbook.save(out)


def standings_sheet_add(
    workbook: Workbook,
    tournaments: Sequence[Any],
    rows: Sequence[Any],
    *,
    sheet: str,
    labels: tuple[str, str],
) -> None:
    """The sheet of `standings_sheet_write`, added to `workbook`."""
    columns = [
        Column(_("Rank"), 5),
        Column(_("Name"), 24),
        Column(_("Club"), 20),
        Column(labels[0], 10),
        Column(labels[1], 8),
        *(Column(f"{t.date:%d.%m.%Y} {t.name}", 12) for t in tournaments),
    ]
    sheet_write(
        workbook,
        sheet,
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
