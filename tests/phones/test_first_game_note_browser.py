"""5.2.15 on the phone in a real browser: a Tout tapped in as game 1 is saved, and the phone's
message (shown by its script) says it was scored as a simple single-player game."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.phones.browser_helpers import claim, open_sheet, phone, row, table_one, tap_game
from tournament.models import Hand
from tournament.phones.links import table_link_issue

pytestmark = pytest.mark.django_db(transaction=True)

SAID = (
    "Spiel 1 ist gespeichert und wartet auf die Genehmigung der Turnierleitung. "
    "Spiel 1: Tout im ersten Spiel, gewertet als einfaches Einzelspiel (Regel 5.2.15): "
    "gewonnen wie eingetragen (ohne Augen)."
)


def enter_first_game_tout(page):
    tap_game(
        page,
        1,
        ["Wenz", "Spieler 4", "gewonnen", "Tout"],
        "Spiel 1: Wenz Tout · Spieler 4 · gewonnen",
    )
    expect(row(page, 1).locator(".phone-status")).to_have_text("wartet auf Genehmigung")
    expect(page.locator("#phone-flash")).to_have_text(SAID)


def test_5_2_15_the_phone_says_how_a_first_game_tout_was_scored(
    drive, live_server, evening, supervisor
):
    link = table_link_issue(table=table_one(), user=supervisor)
    page = phone(drive)
    drive(open_sheet, page, live_server.url, link)
    drive(claim, page)
    drive(enter_first_game_tout, page)
    tout = Hand.objects.get(table=table_one(), number=1)
    assert (tout.contract, tout.tout) == ("wenz", True)
