"""The ranking as PDF (A4) for the notice board and the award ceremony; long lists in two
columns."""

from __future__ import annotations

from django.utils import timezone

from tournament import models
from tournament.ranking.standings import Standing
from tournament.ranking.team_standings import TeamRow
from tournament.scorekeeping.deck import deck_override
from tournament.web.pdf import pdf_render

TWO_COLUMNS_FROM = 40  # players: a long list is set in two columns


def ranking_pdf(
    tournament: models.Tournament,
    standings: list[Standing],
    *,
    after: int,
    team_rows: list[TeamRow] | None = None,
) -> bytes:
    """The ranking, and the team table after it when the tournament has one."""
    context = {
        "team_rows": team_rows or [],
        "tournament": tournament,
        "standings": standings,
        "after": after,
        "two_columns": len(standings) >= TWO_COLUMNS_FROM,
        "printed_at": timezone.localtime(),
    }
    with deck_override(tournament.deck):
        return pdf_render("tournament/ranking/print/ranking.html", context)
