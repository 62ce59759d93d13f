"""The printouts of a Durchgang, rendered to real PDFs and read back."""

from __future__ import annotations

import pytest

from tests.pdfs import pdf_pages
from tournament.draw.printouts import durchgang_pdf
from tournament.models import Durchgang
from tournament.phones.links import table_link_issue

pytestmark = pytest.mark.django_db


def _read(pdf: bytes) -> tuple[int, str]:
    page_texts = pdf_pages(pdf)
    return len(page_texts), "\n".join(page_texts)


@pytest.fixture
def durchgang(example_tournament):
    return Durchgang.objects.get(tournament=example_tournament, number=1)


def test_the_table_list_by_name_names_every_player_with_table_and_seat(durchgang):
    pages, text = _read(durchgang_pdf(durchgang, "namen"))
    assert pages == 1
    for name in ("Anna Maier 4", "Wastl Obermeier 13", "Xaver Obermeier 7"):
        assert name in text
    assert text.index("Anna Hofbauer 12") < text.index("Wastl Obermeier 13")


def test_the_table_cards_have_one_page_per_table(durchgang):
    pages, text = _read(durchgang_pdf(durchgang, "tischkarten"))
    assert pages == 3
    assert "Michl Hofbauer 8" in text


def test_the_blank_scoresheets_are_prefilled_one_page_per_table_of_four(durchgang):
    pages, text = _read(durchgang_pdf(durchgang, "spiellisten"))
    assert pages == 4  # the table of five's 40 rows of 6 mm go on over a second page
    assert "Beispielturnier 2026" in text
    assert "Sepp Hofbauer 1" in text
    assert "40" in text  # the table of five plays 40 games


def test_the_list_by_table_lists_every_table(durchgang):
    pages, text = _read(durchgang_pdf(durchgang, "tische"))
    assert pages >= 1
    assert text.count("Tisch") >= 3


def test_names_with_markup_are_printed_as_text(durchgang):
    player = durchgang.seats.first().player
    player.name = '<img src="file:///etc/passwd"> Bobby'
    player.save()
    _pages, text = _read(durchgang_pdf(durchgang, "namen"))
    squeezed = "".join(text.split())  # the PDF may break the long name across lines
    assert '<imgsrc="file:///etc/passwd">Bobby' in squeezed


# The scoresheets rendered twice, four pages of 6 mm rows each: slow (their PIN is also
# checked in tests/draw/test_draw_issues_links.py, which test-fast runs).
@pytest.mark.parametrize(
    "kind", ["tischkarten", pytest.param("spiellisten", marks=pytest.mark.slow)]
)
def test_cards_and_sheets_print_the_phone_link_and_pin_of_tables_that_have_one(durchgang, kind):
    """The QR code of the table's phone link with its PIN, only where one is valid."""
    first = durchgang.tables.get(number=1)
    link = table_link_issue(table=first, user=None)
    pdf = durchgang_pdf(durchgang, kind, phone_url=lambda token: f"http://hall/tisch/{token}/")
    pages, text = _read(pdf)
    assert pages == (3 if kind == "tischkarten" else 4)
    assert text.count("PIN") == 1 and f"PIN {link.pin}" in text
    assert "PIN" not in _read(durchgang_pdf(durchgang, kind))[1]
