"""From the first page to a new tournament in a real browser: the login hint, the *Neues
Turnier* button, and a form that needs only a name and a date.

The browser runs in the Playwright thread of `drive` (tests/browser.py).
"""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from tournament.models import Tournament

pytestmark = pytest.mark.django_db(transaction=True)


def _create_from_the_first_page(browser, base_url: str) -> None:
    page = browser.new_context(locale="de-DE").new_page()
    page.goto(base_url + "/")
    expect(page.get_by_role("link", name="Neues Turnier")).to_have_count(0)
    with page.expect_navigation():
        page.locator("#login-hint a").click()
    page.fill("#id_username", "chef")
    page.fill("#id_password", "geheim-12345")
    with page.expect_navigation():
        page.press("#id_password", "Enter")
    page.goto(base_url + "/")
    expect(page.locator("#login-hint")).to_have_count(0)
    with page.expect_navigation():
        page.get_by_role("link", name="Neues Turnier").click()
    expect(page.locator("#id_games_per_durchgang")).to_have_value("32")
    expect(page.locator("#id_number_of_durchgaenge")).to_have_value("2")
    expect(page.locator("#id_solo_approval_from")).to_have_value("5")
    page.fill("#id_name", "Kirchweih-Schafkopf 2026")
    page.fill("#id_date", "2026-11-28")
    with page.expect_navigation():
        page.get_by_role("button", name="Turnier anlegen").click()
    assert page.url.endswith("/turnier/kirchweih-schafkopf-2026-11-28/leitung/"), page.url


def test_staff_creates_a_tournament_from_the_first_page(drive, live_server):
    get_user_model().objects.create_user("chef", password="geheim-12345", is_staff=True)
    drive(_create_from_the_first_page, drive.browser, base_url=live_server.url)
    tournament = Tournament.objects.get()
    assert tournament.slug == "kirchweih-schafkopf-2026-11-28"
    assert (tournament.games_per_durchgang, tournament.number_of_durchgaenge) == (32, 2)
    assert tournament.memberships.get().user.username == "chef"
