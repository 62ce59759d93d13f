"""The players' start cards as PDF: each card carries the player's personal code, with which the
player confirms the own sheet on the table's phone."""

from __future__ import annotations

from django.utils.translation import gettext

from tournament import models
from tournament.web.pdf import pdf_render

#: Start cards on one A4 page: two across, four down (A7 each, to cut).
CARDS_ACROSS, CARDS_DOWN = 2, 4


def start_cards_pdf(tournament: models.Tournament, players: list[models.Player]) -> bytes:
    """The start cards of `players`, eight to an A4 page: tournament, start number,
    name, club and the player's personal code, with which the player confirms the own sheet on
    the table's phone. Handed to each player alone: the code is on no other printout."""
    rows = [players[i : i + CARDS_ACROSS] for i in range(0, len(players), CARDS_ACROSS)]
    pages = [rows[i : i + CARDS_DOWN] for i in range(0, len(rows), CARDS_DOWN)]
    context = {"tournament": tournament, "pages": pages, "title": gettext("Start cards")}
    return pdf_render("tournament/registration/print/start_cards.html", context)
