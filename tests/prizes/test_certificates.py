"""The certificates (Urkunden) as PDF/A, rendered for real (WeasyPrint) and read back with pypdf:
printed while a scoresheet of the last Durchgang is still open, every certificate says
"vorläufig" and the Durchgang the ranking stands after, as the prize page and the prize list
PDF say; once the ranking is final, none does."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from tests.pdfs import pdf_pages
from tournament.models import Table
from tournament.prizes.services import prize_add

pytestmark = pytest.mark.django_db


@pytest.fixture
def leitung(example_tournament, supervisor) -> Client:
    """The worked example (2 Durchgänge, every sheet open) with three prizes; the supervisor."""
    prize_add(
        tournament=example_tournament,
        rule="place",
        place_from=1,
        place_to=2,
        description="Geschenkkorb",
    )
    prize_add(tournament=example_tournament, rule="solos", description="Solokönig")
    client = Client()
    client.force_login(supervisor)
    return client


def close(tournament, *, but=None) -> None:
    """Close every sheet of the tournament, except table `but` of the last Durchgang."""
    sheets = Table.objects.filter(durchgang__tournament=tournament)
    if but is not None:
        sheets = sheets.exclude(durchgang__number=tournament.number_of_durchgaenge, number=but)
    sheets.update(closed_at=timezone.now())


def certificates(client, tournament) -> list[str]:
    """Each certificate's text, one per page, with its lines joined by single spaces."""
    raw = client.get(reverse("manage:certificates_pdf", args=[tournament.slug])).content
    return [" ".join(page.split()) for page in pdf_pages(raw)]


def prize_page(client, tournament) -> str:
    return client.get(reverse("manage:prizes_awarded", args=[tournament.slug])).content.decode()


def test_a_certificate_printed_while_the_last_durchgang_is_open_says_vorlaeufig(
    leitung, example_tournament
):
    close(example_tournament, but=3)  # one sheet of the last Durchgang still open

    pages = certificates(leitung, example_tournament)

    assert len(pages) == 3  # one per winner
    for text in pages:
        assert "Urkunde" in text
        assert "vorläufig" in text.casefold()
        assert "Vorläufig · Stand nach Durchgang 2 von 2" in text
        assert "Endgültig erst, wenn jede Spielliste des letzten Durchgangs abgeschlossen" in text
    page = prize_page(leitung, example_tournament)
    assert "Urkunden (PDF, vorläufig)" in page
    assert "Vorläufig: Der letzte Durchgang ist nicht abgeschlossen" in page


def test_a_certificate_printed_once_the_ranking_is_final_says_nothing_provisional(
    leitung, example_tournament
):
    close(example_tournament)

    pages = certificates(leitung, example_tournament)

    assert len(pages) == 3
    for text in pages:
        assert "Urkunde" in text
        assert "vorläufig" not in text.casefold()
        assert "Stand nach Durchgang" not in text
    page = prize_page(leitung, example_tournament)
    assert "Urkunden (PDF)" in page and "vorläufig" not in page.casefold()
