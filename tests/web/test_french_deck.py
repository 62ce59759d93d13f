"""A tournament played with the French deck names no German card on its pages, printouts, phone
and export; the interchange file keeps the deck; codes with French letters store the same
games as the German letters."""

from __future__ import annotations

import io

import pytest
from django.urls import reverse
from openpyxl import load_workbook

from rules.contracts import Suit
from scoring.entry_code import code_format, code_parse
from tests.pdfs import pdf_text
from tests.web.helpers import german_cards
from tournament.exchange.interchange.importer import tournament_import
from tournament.exchange.interchange.problems import InterchangeError
from tournament.exchange.interchange.writer import tournament_document
from tournament.models import Tournament


@pytest.fixture
def french(example_tournament, supervisor, client):
    example_tournament.deck = Tournament.Deck.FRENCH
    example_tournament.save(update_fields=["deck"])
    client.force_login(supervisor)
    return example_tournament


def test_the_pages_of_a_french_deck_tournament_name_no_german_card(french, client):
    slug = french.slug
    table = french.durchgaenge.get(number=1).tables.order_by("number").first()
    hand = table.hands.order_by("number").first()
    sheet = [slug, 1, table.number]
    pages = [
        reverse("manage:dashboard", args=[slug]),
        reverse("manage:tournament_edit", args=[slug]),
        reverse("manage:sheet", args=sheet),
        reverse("manage:hand", args=[*sheet, hand.number]),
        reverse("manage:approvals", args=[slug]),
        reverse("manage:corrections", args=[slug]),
        reverse("manage:point_table", args=[slug]),
        reverse("tournament:ranking", args=[slug]),
        reverse("tournament:statistics", args=[slug]),
        reverse("tournament:projector", args=[slug]),
    ]
    for url in pages:
        response = client.get(url)
        assert response.status_code == 200, url
        assert german_cards(response.content.decode()) == [], url
    sheet_page = client.get(reverse("manage:sheet", args=sheet)).content.decode()
    assert "Kreuz" in sheet_page and "<kbd>kr</kbd>" in sheet_page


def test_the_printouts_and_the_export_of_a_french_deck_tournament_name_no_german_card(
    french, client
):
    slug = french.slug
    table = french.durchgaenge.get(number=1).tables.order_by("number").first()
    for url in (
        reverse("manage:sheet_pdf", args=[slug, 1, table.number]),
        reverse("tournament:ranking_pdf", args=[slug]),
    ):
        response = client.get(url)
        assert response.status_code == 200, url
        text = pdf_text(b"".join(response), "")
        assert german_cards(text) == [], url
    workbook = load_workbook(
        io.BytesIO(b"".join(client.get(reverse("manage:export_xlsx", args=[slug]))))
    )
    cells = " ".join(
        str(cell) for sheet in workbook for row in sheet.iter_rows(values_only=True) for cell in row
    )
    assert german_cards(cells) == []
    assert "Kreuz" in cells or "Pik" in cells or "Karo" in cells


@pytest.mark.parametrize(
    ("french_code", "german_code"),
    [
        ("r kr 1 3 +", "r e 1 3 +"),
        ("r p 2 4 - sn", "r g 2 4 - sn"),
        ("r ka 3 1 +", "r s 3 1 +"),
        ("s h 2 + sw", "s h 2 + sw"),
        ("s kreuz 1 -", "s eichel 1 -"),
        ("fw karo 4 + t", "fw schellen 4 + t"),
        ("fg pik 2 +", "fg gras 2 +"),
    ],
)
def test_french_letters_read_as_the_same_game_as_the_german_ones(french_code, german_code):
    assert code_parse(french_code, seats=4) == code_parse(german_code, seats=4)


def test_a_stored_game_is_written_back_in_the_letters_of_the_deck():
    entry = code_parse("r e 1 3 +", seats=4)
    assert code_format(entry, "french") == "r kr 1 3 +"
    assert code_format(entry) == "r e 1 3 +"


def test_no_letter_names_two_suits():
    from rules.decks import SUIT_LETTERS, Deck

    german, french = SUIT_LETTERS[Deck.GERMAN], SUIT_LETTERS[Deck.FRENCH]
    for suit in Suit:
        for other in Suit:
            if suit is not other:
                assert french[suit] not in (german[other], french[other])


@pytest.mark.django_db
def test_the_interchange_file_keeps_the_deck(example_document):
    example_document["tournament"]["deck"] = "french"
    first = tournament_import(example_document)
    assert first.deck == "french"
    exported = tournament_document(first)
    assert exported["tournament"]["deck"] == "french"
    assert tournament_import(exported, replace=True).deck == "french"


@pytest.mark.django_db
def test_a_file_without_a_deck_reads_as_german_and_an_unknown_deck_is_refused(example_document):
    assert tournament_import(example_document).deck == "german"
    assert "deck" not in tournament_document(Tournament.objects.get())["tournament"]
    Tournament.objects.all().delete()
    example_document["tournament"]["deck"] = "tarock"
    with pytest.raises(InterchangeError) as caught:
        tournament_import(example_document)
    assert "tournament.deck" in str(caught.value)
    assert "unbekanntes Blatt tarock" in str(caught.value)


def test_the_phone_of_a_french_deck_table_names_no_german_card(french, supervisor):
    from django.test import Client

    from tournament.phones.links import table_link_issue

    table = french.durchgaenge.get(number=1).tables.order_by("number").first()
    link = table_link_issue(table=table, user=supervisor)
    phone = Client()
    sheet = reverse("tournament:phone_sheet", args=[link.token])
    assert phone.post(sheet, {"pin": link.pin}).status_code == 302
    page = phone.get(sheet).content.decode()
    state = phone.get(reverse("tournament:phone_state", args=[link.token])).content.decode()
    assert german_cards(page) == [] and german_cards(state) == []
    assert "r kr 1 3 +" in page
