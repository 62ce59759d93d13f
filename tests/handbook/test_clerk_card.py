"""The Schreiber-Karte (/hilfe/schreiber-karte.pdf): one A4 page with every code of
`scoring.entry_code` and its examples, each one a code the entry line reads as it stands."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from rules.decks import Deck
from scoring.entry_code import CONTRACT_CODES, FLAG_CODES, KONTRA_CODES, CodeError, code_parse
from tests.pdfs import pdf_page_sizes, pdf_pages
from tournament.handbook import clerk_card
from tournament.handbook.clerk_card import (
    EXAMPLE_SEATS,
    EXAMPLES,
    clerk_card_examples,
    clerk_card_pdf,
    short_codes,
)

A4 = (595, 842)  # points, within one point


@pytest.fixture
def card_text() -> str:
    response = Client().get(reverse("tournament:clerk_card"))
    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    [(width, height)] = pdf_page_sizes(response.content)  # the card is one page, always
    assert abs(width - A4[0]) < 1 and abs(height - A4[1]) < 1
    return " ".join(pdf_pages(response.content)[0].split())


def test_the_card_is_one_a4_page_with_every_code_and_example(card_text):
    for code, _contract in short_codes(CONTRACT_CODES):
        assert code in card_text.split(), code
    for code, _meaning in [*short_codes(FLAG_CODES), *short_codes(KONTRA_CODES)]:
        assert code in card_text.split(), code
    for letters in ("e g h s", "kr p h ka"):
        assert letters in card_text
    assert "Rufspiel" in card_text and "Farbgeier" in card_text and "Retour" in card_text
    for example in clerk_card_examples():
        assert example.code in card_text, example.code
        assert example.text in card_text, example.text
    assert "Rufspiel auf die Eichel-Sau, Platz 1 mit Platz 3, gewonnen" in card_text
    assert "/hilfe/#kuerzel" in card_text


def test_every_example_is_read_by_the_entry_line_and_written_as_it_stands():
    for code, _deck in EXAMPLES:
        code_parse(code, seats=EXAMPLE_SEATS)  # raises CodeError when it cannot be read
    assert [e.code for e in clerk_card_examples()] == [code for code, _deck in EXAMPLES]


@pytest.mark.parametrize("bad", ["r e 1 +", "s h 2 + sn sw", "R E 1 3 +", "s kr 2 +"])
def test_an_example_the_entry_line_refuses_or_writes_otherwise_stops_the_card(monkeypatch, bad):
    """`r e 1 +` lacks the partner; `sn sw` is written `sw`; upper case is written lower;
    `kr` is the French letter, written `e` in the German deck."""
    monkeypatch.setattr(clerk_card, "EXAMPLES", ((bad, Deck.GERMAN),))
    with pytest.raises((CodeError, ValueError)):
        clerk_card_examples()


def test_the_handbook_links_the_card_from_its_downloads_and_the_codes_section():
    page = Client().get(reverse("tournament:handbook")).content.decode()
    card = reverse("tournament:clerk_card")
    assert page.count(f'href="{card}"') >= 3  # the downloads, the chapter's intro, the codes
    section = page.split('id="kuerzel"', 1)[1].split('id="kuerzel-spielart"', 1)[0]
    assert f'href="{card}"' in section


def test_the_card_is_rendered_once_per_process():
    assert clerk_card_pdf() is clerk_card_pdf()
