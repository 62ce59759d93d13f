"""The signed scoresheet of a table of five on paper: 40 games, five confirmations, approvals
and corrections on ONE A4 page, as a table of four's; a corrected game is marked in its own
row, followed by a row saying when, by whom and what it was before."""

from __future__ import annotations

import pytest

from scoring.seating import playing_indices
from tests.layout import pages, rects
from tests.pdfs import pdf_pages
from tournament.exchange.interchange.importer import tournament_import
from tournament.models import Hand, Table
from tournament.sheets.pdf import scoresheet_pdf
from tournament.sheets.services.corrections import correction_apply, correction_request
from tournament.sheets.services.hands import HandEntry, hand_save
from tournament.sheets.services.sheet import seat_sign, sheet_close
from tournament.sheets.services.supervision import hand_approve
from tournament.sheets.sheet_page import sheet_html, signed_sheet

pytestmark = pytest.mark.django_db

NAMES = [
    "Maximilian Obermaier-Wittelsbacher",
    "Anna-Katharina Hinterberger",
    "Kreszentia Rottenhuber",
    "Bartholomäus Zwiesler",
    "Theresia Schwarzenberger",
]


@pytest.fixture
def five(django_user_model) -> Table:
    """A table of five with 40 games (Rufspiele, a few Solos, an approved Wenz-Tout), all five
    confirmations, closed."""
    tournament = tournament_import(
        {
            "format": "schafkopf-turnier",
            "version": 1,
            "tournament": {"slug": "fuenf", "name": "Fünfertisch-Turnier", "date": "2026-11-28"},
            "players": [{"id": str(n), "name": name} for n, name in enumerate(NAMES, start=1)],
            "durchgaenge": [{"number": 1, "tables": [{"number": 1, "seats": list("12345")}]}],
        }
    )
    table = Table.objects.get(durchgang__tournament=tournament)
    leitung = django_user_model.objects.create_user("leitung")
    player = {seat.position - 1: seat.player for seat in table.seats.select_related("player")}
    for number in range(1, 41):
        a, b, *_rest = [player[i] for i in playing_indices(number, 5)]
        game = HandEntry(contract="rufspiel", suit="eichel", declarer=a, partner=b, won=True)
        if number in (4, 13, 22):
            game = HandEntry(contract="solo", suit="herz", declarer=b, won=number != 13)
        if number == 30:
            game = HandEntry(contract="wenz", declarer=a, won=True, tout=True)
        hand_save(table=table, number=number, game=game, version=0)
    hand_approve(hand=Hand.objects.get(table=table, number=30), user=leitung, note="geprüft")
    for seat in table.seats.all():
        seat_sign(seat=seat, user=leitung, paper=True)
    sheet_close(table=table, user=leitung)
    for number in (5, 36):
        hand = Hand.objects.get(table=table, number=number)
        game = HandEntry(
            contract="rufspiel",
            suit="gras",
            declarer=hand.declarer,
            partner=hand.partner,
            won=False,
        )
        correction = correction_request(
            table=table, number=number, game=game, reason="Falsch notiert", user=leitung
        )
        correction_apply(correction=correction, user=leitung)
    return table


def test_the_signed_sheet_of_a_table_of_five_fits_one_page(five):
    page_texts = pdf_pages(scoresheet_pdf(five))

    assert len(page_texts) == 1
    text = "".join(page_texts[0].split())
    for name in NAMES:
        assert "".join(name.split()) in text
    assert text.count("korrigiertam") == 2


def test_a_corrected_game_is_marked_in_a_row_of_its_own_under_it(five):
    [page] = pages(sheet_html(signed_sheet(five)))

    games = rects(page, "tr", "game")
    marked = rects(page, "tr", "was-corrected")
    notes = rects(page, "tr", "corrected")
    assert len(games) == 40 and len(marked) == len(notes) == 2
    for game, note in zip(marked, notes, strict=True):
        assert abs(note.y - (game.y + game.height)) < 0.5  # right under the corrected game
    assert min(r.height for r in games) >= 2.5  # every game row keeps its height
    [bottom] = rects(page, "table", "bottom")  # signatures, status, corrections
    assert bottom.y + bottom.height <= 210 - 9 - 5  # room left for two more corrections
    text = "".join(pdf_pages(scoresheet_pdf(five))[0].split())
    five_before = text.index("↳korrigiertam")
    assert "vorher" in text[five_before : five_before + 200]
    assert "RufspielEichel" in text[five_before : five_before + 200]  # the game before
    assert "vonleitung" in text and "Grund:FalschNotiert".lower() in text.lower()
