"""The cash summary: the figures against sums worked out by hand, as page, PDF (read back) and
the workbook's sheets "Kasse" and "Einlass" (opened with openpyxl)."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.core.management import call_command
from django.urls import reverse
from openpyxl import load_workbook

from tests.pdfs import pdf_pages
from tournament.checkin.cash import cash_summary
from tournament.checkin.services import door_settings_save, player_check_in, registration_add
from tournament.registration.services import player_withdraw

pytestmark = pytest.mark.django_db


@pytest.fixture
def evening_at_the_door(door, clerk):
    """Ten registered at 12,50 €: 1–4 paid in cash, 5 free, 6 and 7 pay later, 8–10 not
    there; 4 withdrew after paying; one more on the waiting list (limit 10)."""
    for number, payment in [(1, "cash"), (2, "cash"), (3, "cash"), (4, "cash"), (5, "free")]:
        player_check_in(player=door.players.get(start_number=number), payment=payment, user=clerk)
    for number in (6, 7):
        player_check_in(player=door.players.get(start_number=number), payment="open", user=clerk)
    door_settings_save(
        tournament=door,
        entry_fee=door.entry_fee,
        check_in=True,
        registration_open=True,
        registration_limit=10,
    )
    registration_add(tournament=door, name="Burgi Schex")  # waiting
    player_withdraw(player=door.players.get(start_number=4))  # Burgi moves up
    registration_add(tournament=door, name="Michl Huber")  # waiting
    return door


def test_the_figures_match_the_hand_count(evening_at_the_door):
    s = cash_summary(evening_at_the_door)
    assert s.entry_fee == Decimal("12.50")
    assert (s.registered, s.waiting) == (10, 1)  # 1–3, 5–10 and Burgi; Michl waits
    assert s.checked_in == 6  # 1, 2, 3, 5, 6, 7 (4 withdrew)
    assert (s.paid, s.paid_sum) == (4, Decimal("50.00"))  # 4 paid before withdrawing
    assert (s.free, s.open_checked_in, s.open_sum) == (1, 2, Decimal("25.00"))
    assert s.not_checked_in == 4  # 8, 9, 10 and Burgi
    assert (s.prizes_out, s.balance) == (Decimal(0), Decimal("50.00"))


def test_the_page_and_the_pdf_show_the_sums(evening_at_the_door, boss):
    slug = evening_at_the_door.slug
    page = boss.get(reverse("manage:cash", args=[slug])).content.decode()
    assert "Startgeld bar bezahlt" in page and "50,00" in page and "25,00" in page
    response = boss.get(reverse("manage:cash_pdf", args=[slug]))
    assert response["Content-Type"] == "application/pdf"
    page_texts = pdf_pages(response.content)
    text = " ".join(page_texts)
    assert len(page_texts) == 1
    assert "Kasse" in text and "Kirtaturnier" in text
    assert "Startgeld bar bezahlt 4 50,00" in " ".join(text.split())
    assert "Unterschrift Kassier" in text


def test_the_workbook_holds_the_cash_and_each_players_check_in(evening_at_the_door, tmp_path):
    out = tmp_path / "kirta.xlsx"
    call_command("export_xlsx", evening_at_the_door.slug, "--out", str(out))
    workbook = load_workbook(out)
    cash = {row[0]: row[1:] for row in workbook["Kasse"].iter_rows(min_row=2, values_only=True)}
    assert cash["Startgeld bar bezahlt"] == (4, 50)
    assert cash["Kassenstand (bezahltes Startgeld abzüglich Preisgeld)"][1] == 50
    assert cash["Warteliste"] == (1, None)
    door = {row[0]: row for row in workbook["Einlass"].iter_rows(min_row=2, values_only=True)}
    assert door[1][1:4] == ("Sepp Huber", "SK Ebersberg", "eingecheckt")
    assert door[1][6:] == ("bar bezahlt", 12.5)
    assert door[4][3] == "abgemeldet" and door[8][3] == "nicht eingecheckt"
    assert door[12][1:4] == ("Michl Huber", None, "auf der Warteliste")
