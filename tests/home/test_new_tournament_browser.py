"""From the first page to a new tournament in a real browser: the login hint, the *Neues
Turnier* button, and a form that needs only a name and a date.

The browser runs in a thread of its own, as in tests/registration/test_registration_browser.py
(a second Playwright cannot start in the thread of another one's event loop).
"""

from __future__ import annotations

import os
from concurrent.futures import ThreadPoolExecutor

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect, sync_playwright

from tests.browser import CHROMIUM, FLAGS
from tournament.models import Tournament

pytestmark = pytest.mark.django_db(transaction=True)


def _create_from_the_first_page(base_url: str) -> None:
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
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
        browser.close()


def test_staff_creates_a_tournament_from_the_first_page(live_server):
    if not os.path.exists(CHROMIUM):
        pytest.fail("Debian's chromium is missing: run `make chromium`")
    get_user_model().objects.create_user("chef", password="geheim-12345", is_staff=True)
    with ThreadPoolExecutor(max_workers=1) as pool:
        pool.submit(_create_from_the_first_page, base_url=live_server.url).result()
    tournament = Tournament.objects.get()
    assert tournament.slug == "kirchweih-schafkopf-2026-11-28"
    assert (tournament.games_per_durchgang, tournament.number_of_durchgaenge) == (32, 2)
    assert tournament.memberships.get().user.username == "chef"
