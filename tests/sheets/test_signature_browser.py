"""Signatures on the real sheet page in a browser: "Unterschrieben" with an empty name field
is refused in German and signs nothing; the clerk ticks "nur auf Papier unterschrieben" for a
paper signature, or the player types the name.

The browser runs in the Playwright thread of `drive` (tests/browser.py).
"""

from __future__ import annotations

import os

import pytest
from playwright.sync_api import expect

from tests.sheets.browser_helpers import log_in, table_one, url

pytestmark = pytest.mark.django_db(transaction=True)

SHOTS = os.environ.get("SCREENSHOTS")
REFUSED = (
    "Sitz 1 (Spieler 1): Bitte den Namen eintippen oder „nur auf Papier unterschrieben“ "
    "ankreuzen, wenn die Unterschrift auf der Spielliste aus Papier steht."
)


def seat_form(page, seat):
    return page.locator("ul.signatures li").nth(seat - 1).locator("form")


def sign_empty(page, base):
    page.goto(base + url("sheet", 1, 1))
    if SHOTS:
        for width in (1280, 360):
            page.set_viewport_size({"width": width, "height": 900})
            page.locator("#unterschriften").scroll_into_view_if_needed()
            page.screenshot(path=os.path.join(SHOTS, f"signatures-{width}.png"))
    with page.expect_navigation():
        seat_form(page, 1).get_by_role("button", name="Unterschrieben").click()
    expect(page.locator(".messages .error")).to_have_text(REFUSED)
    expect(page.locator("ul.signatures li").filter(has_text="✓")).to_have_count(0)


def sign_on_paper(page):
    form = seat_form(page, 1)
    form.get_by_label("Spieler 1: nur auf Papier unterschrieben").check()
    with page.expect_navigation():
        form.get_by_role("button", name="Unterschrieben").click()
    expect(page.locator(".messages .success")).to_have_text("Spieler 1 hat unterschrieben.")
    expect(page.locator("ul.signatures li").nth(0)).to_contain_text("✓ auf Papier")


def sign_typed(page):
    form = seat_form(page, 2)
    form.get_by_label("Unterschrift von Spieler 2").fill("Spieler 2")
    with page.expect_navigation():
        form.get_by_role("button", name="Unterschrieben").click()
    expect(page.locator(".messages .success")).to_have_text("Spieler 2 hat unterschrieben.")
    expect(page.locator("ul.signatures li").nth(1)).to_contain_text("✓ getippt: Spieler 2")


def test_an_empty_name_signs_nothing_and_the_paper_choice_says_so(drive, live_server, evening):
    base = live_server.url
    clerk = drive.new_page()
    drive(log_in, clerk, base, "schreiber")

    drive(sign_empty, clerk, base)
    assert not table_one().seats.exclude(signed_at=None).exists()
    assert set(table_one().seats.values_list("signature", flat=True)) == {""}

    drive(sign_on_paper, clerk)
    drive(sign_typed, clerk)
    stored = table_one().seats.order_by("position").values_list("signature", flat=True)
    assert list(stored) == ["Papier", "Spieler 2", "", ""]
