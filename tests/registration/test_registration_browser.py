"""Registration at the door in a real browser: three players entered by keyboard alone.

The browser runs in the Playwright thread of `drive` (tests/browser.py).
"""

from __future__ import annotations

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from tests.browser import log_in
from tournament.models import Player

pytestmark = pytest.mark.django_db(transaction=True)

ENTERED = [
    ("Anna Huber", "SK Weiden"),
    ("Beni Bauer", "Schafkopffreunde Höß"),
    ("Cilli Kern", "SK Weiden"),  # the club list offers it now; Enter still submits
]


def _register_by_keyboard(browser, base_url: str) -> None:
    page = browser.new_context(locale="en-US").new_page()
    log_in(page, base_url, "leitung")

    page.goto(base_url + reverse("manage:players", args=["beispielturnier-2026"]))
    for name, club in ENTERED:
        expect(page.locator("#id_name")).to_be_focused()  # back at the name, ready to type
        page.keyboard.type(name)
        page.keyboard.press("Tab")
        page.keyboard.type(club)
        with page.expect_navigation():
            page.keyboard.press("Enter")
        expect(page.locator(".messages .success")).to_contain_text(name)

    expect(page.locator("#id_name")).to_be_focused()
    rows = page.locator("table.players tbody tr")
    for (name, club), number in zip(ENTERED, (14, 15, 16), strict=True):
        expect(rows.filter(has_text=name)).to_contain_text(str(number))
        expect(rows.filter(has_text=name)).to_contain_text(club)


def test_the_supervisor_registers_three_players_by_keyboard_alone(drive, live_server, supervisor):
    drive(_register_by_keyboard, drive.browser, live_server.url)
    assert list(
        Player.objects.filter(start_number__gte=14).values_list("start_number", "name", "club")
    ) == [(14, *ENTERED[0]), (15, *ENTERED[1]), (16, *ENTERED[2])]
