"""The prize list in a real browser: the supervisor adds prizes by keyboard and sees the list
filled with names, as the projector shows it.

The browser runs in the Playwright thread of `drive` (tests/browser.py).
"""

from __future__ import annotations

import os

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from tests.browser import log_in
from tournament.ranking.standings import standings_compute

pytestmark = pytest.mark.django_db(transaction=True)

SHOTS = os.environ.get("SCREENSHOTS")


def _prize_giving(browser, base_url: str, slug: str, names: list[str]) -> None:
    page = browser.new_context(locale="de-DE", viewport={"width": 1280, "height": 800}).new_page()
    log_in(page, base_url, "leitung")

    page.goto(base_url + reverse("manage:prizes", args=[slug]))
    page.select_option("#id_rule", "place")
    page.fill("#id_place_from", "1")
    page.fill("#id_place_to", "2")
    page.fill("#id_description", "Geschenkkorb")
    page.fill("#id_amount", "20,50")
    with page.expect_navigation():
        page.press("#id_amount", "Enter")
    expect(page.locator(".messages")).to_contain_text("Preis hinzugefügt: Geschenkkorb.")
    page.select_option("#id_rule", "solos")
    page.fill("#id_description", "Solokönig")
    with page.expect_navigation():
        page.press("#id_description", "Enter")
    expect(page.locator("table.prizes tbody tr")).to_have_count(2)

    page.get_by_role("link", name="Preisliste mit Namen").click()
    rows = page.locator("table.awards tbody tr")
    expect(rows).to_have_count(3)
    expect(rows.nth(0)).to_contain_text(names[0])
    expect(rows.nth(0)).to_contain_text("Geschenkkorb · 20,50 €")
    expect(rows.nth(1)).to_contain_text(names[1])
    expect(rows.nth(2)).to_contain_text("Solokönig")
    if SHOTS:
        page.screenshot(path=os.path.join(SHOTS, "prizes-awarded.png"), full_page=True)


def test_the_supervisor_fills_the_prize_list(drive, live_server, supervisor, example_tournament):
    names = [s.player.name for s in standings_compute(example_tournament)[:2]]
    drive(_prize_giving, drive.browser, live_server.url, example_tournament.slug, names)
