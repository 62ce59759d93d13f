"""`{% season_rows rows %}`: the rows of a season's table (templates/tournament/seasons/
_season_table.html, the page and its PDF) written in Python: a season of a dozen tournaments
has thousands of cells, and the template's loop over them was a third of the page's time
(docs/performance.md)."""

from __future__ import annotations

from collections.abc import Iterable

from django import template
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

from tournament.seasons.services import Row
from tournament.web.cells import cell_text

register = template.Library()


@register.simple_tag
def season_rows(rows: Iterable[Row]) -> SafeString:
    return mark_safe("".join(_row(row) for row in rows))


def _row(row: Row) -> str:
    standing = row.standing
    unranked = ' class="unranked"' if standing.rank is None else ""
    rank = f"{cell_text(standing.rank)}." if standing.rank else "–"
    club = f"<br><small>{escape(row.club)}</small>" if row.club else ""
    cells = "".join(
        f'<td class="num season-t">{_value(value, counted)}</td>' for value, counted in row.cells
    )
    return (
        f'<tr{unranked}><td class="num">{rank}</td><td>{escape(row.public_name)}{club}</td>'
        f'<td class="num"><strong>{cell_text(standing.value)}</strong></td>'
        f'<td class="num">{cell_text(standing.played)}</td>{cells}</tr>'
    )


def _value(value: int | None, counted: bool) -> str:
    """A tournament's value; in brackets when it does not count (not among the best)."""
    if value is None:
        return ""
    return cell_text(value) if counted else f"({cell_text(value)})"
