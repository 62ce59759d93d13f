"""A clerk switches the interface to Swedish with the language buttons and enters games on a
scoresheet: the page, the live preview and the server's messages speak Swedish, and the game is
stored as in German."""

from __future__ import annotations

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from tournament.models import Hand

pytestmark = pytest.mark.django_db(transaction=True)

SLUG = "abend"  # the `evening` tournament of tests/conftest.py
WRONG, RIGHT = "r e 1 1 +", "r e 1 3 +"  # partner = declarer; seat 1 with seat 3
HELP = "/hilfe/#meldung-partner-is-declarer"  # the German handbook explains the message


@pytest.fixture
def clerk_page(logged_in_page, evening, clerk):
    return logged_in_page(clerk, locale="de-DE", timeout=5000)


def test_a_clerk_enters_a_game_in_swedish(clerk_page, live_server):
    page = clerk_page
    page.goto(live_server.url + reverse("manage:sheet", args=[SLUG, 1, 1]))
    expect(page.locator("html")).to_have_attribute("lang", "de")
    with page.expect_navigation():
        page.locator("form.language button[value=sv]").click()
    expect(page.locator("html")).to_have_attribute("lang", "sv")
    header = page.locator("header").inner_text()
    assert "Turneringar" in header and "Logga ut" in header and "Turniere" not in header
    main = page.locator("main").inner_text()
    for word in ("Protokoll", "Givare", "Kontrakt", "Spara (Enter)", "Spelkoder", "Ekollon"):
        assert word in main
    assert "Spielliste" not in main and "Eichel" not in main

    page.locator("#id_code").fill("")
    page.locator("#id_code").type(WRONG)
    expect(page.locator("#vorschau")).to_have_text("Partnern kan inte vara spelföraren. Läs mer")
    # The German handbook explains it (its section, in a new tab: the typed line stays).
    link = page.locator("#vorschau a")
    expect(link).to_have_attribute("href", HELP)
    with page.expect_navigation():
        page.keyboard.press("Enter")
    expect(page.locator("#code-errors")).to_have_text("Partnern kan inte vara spelföraren. Läs mer")
    expect(page.locator("#code-errors a")).to_have_attribute("href", HELP)
    assert not Hand.objects.filter(table__durchgang__tournament__slug=SLUG).exists()

    page.locator("#id_code").fill("")
    page.locator("#id_code").type(RIGHT)
    expect(page.locator("#vorschau")).to_contain_text("+1")
    with page.expect_navigation():
        page.keyboard.press("Enter")
    expect(page.locator("#spiel-1 code")).to_have_text(RIGHT)
    expect(page.locator("#spiel-1")).to_contain_text("radera")  # the row's delete button
    hand = Hand.objects.get(table__durchgang__tournament__slug=SLUG, number=1)
    assert (hand.contract, hand.suit, hand.won) == ("rufspiel", "eichel", True)
