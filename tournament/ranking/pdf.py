"""The ranking as PDF (A4) for the notice board and the award ceremony; long lists in two
columns."""

from __future__ import annotations

from django.utils import timezone

from tournament import models
from tournament.ranking.standings import Standing
from tournament.scorekeeping.deck import deck_override
from tournament.web.pdf import pdf_render

TWO_COLUMNS_FROM = 40  # players: a long list is set in two columns


def ranking_pdf(tournament: models.Tournament, standings: list[Standing], *, after: int) -> bytes:
    context = {
        "tournament": tournament,
        "standings": standings,
        "after": after,
        "two_columns": len(standings) >= TWO_COLUMNS_FROM,
        "printed_at": timezone.localtime(),
    }
    with deck_override(tournament.deck):
        return pdf_render("tournament/ranking/print/ranking.html", context)
