"""The check-in at the door on a phone, in a real browser: typing filters the list, Enter
checks the one player found in with the Startgeld paid, a tap marks another free.

The browser runs in a thread of its own, as in tests/persons/test_person_pick_browser.py.
"""

from __future__ import annotations

import os
from concurrent.futures import ThreadPoolExecutor

import pytest
from django.urls import reverse
from playwright.sync_api import expect, sync_playwright

from tests.browser import CHROMIUM, FLAGS

pytestmark = pytest.mark.django_db(transaction=True)

SHOTS = os.environ.get("SCREENSHOTS")  # a folder: the pages are kept there to be looked at


def _at_the_door(base_url: str, slug: str) -> None:
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        context = browser.new_context(
            locale="de-DE", viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True
        )
        page = context.new_page()
        page.goto(base_url + "/accounts/login/")
        page.fill("#id_username", "schreiber")
        page.fill("#id_password", "geheim-12345")
        with page.expect_navigation():
            page.press("#id_password", "Enter")

        page.goto(base_url + reverse("manage:checkin", args=[slug]))
        expect(page.locator("#q")).to_be_focused()
        expect(page.locator(".door-player")).to_have_count(10)
        page.keyboard.type("hofer")
        expect(page.locator(".door-player")).to_have_count(1)
        expect(page.locator(".door-player")).to_contain_text("Vroni Hofer")
        with page.expect_navigation():
            page.keyboard.press("Enter")
        expect(page.locator(".messages")).to_contain_text(
            "Nr. 4 Vroni Hofer eingecheckt: 12,50 € bar bezahlt."
        )
        expect(page.locator("#door-summary")).to_contain_text("1 von 10 eingecheckt")
        expect(page.locator("#q")).to_be_focused()  # ready for the next one

        page.keyboard.type("grafing")
        xaver = page.locator(".door-player", has_text="Xaver Bauer")
        expect(page.locator(".door-player")).to_have_count(2)
        with page.expect_navigation():
            xaver.get_by_role("button", name="Da, frei").tap()
        expect(page.locator(".messages")).to_contain_text("Nr. 3 Xaver Bauer eingecheckt: frei.")
        expect(page.locator("#door-summary")).to_contain_text("2 von 10 eingecheckt")
        if SHOTS:
            page.screenshot(path=os.path.join(SHOTS, "door-phone.png"), full_page=True)
        browser.close()


def test_a_helper_checks_players_in_on_a_phone(live_server, door):
    if not os.path.exists(CHROMIUM):
        pytest.fail("Debian's chromium is missing: run `make chromium`")
    with ThreadPoolExecutor(max_workers=1) as pool:
        pool.submit(_at_the_door, live_server.url, door.slug).result()
    states = {p.start_number: p.payment for p in door.players.filter(checked_in_at__isnull=False)}
    assert states == {4: "cash", 3: "free"}
