"""The check-in at the door on a phone, in a real browser: typing filters the list, Enter
checks the one player found in with the Startgeld paid, a tap marks another free; without
JavaScript the search form and the buttons do the same. No name searched for is ever in the
address of a request the browser makes: the search goes in a POST's body
(docs/security.md, *Trust boundaries*).

The browser runs in the Playwright thread of `drive` (tests/browser.py).
"""

from __future__ import annotations

import os

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from tests.browser import log_in

pytestmark = pytest.mark.django_db(transaction=True)

SHOTS = os.environ.get("SCREENSHOTS")  # a folder: the pages are kept there to be looked at


def _logged_in(browser, base_url: str, requests: list, **options):
    """A phone's page, logged in as the clerk; every request it makes goes to `requests`."""
    context = browser.new_context(
        locale="de-DE",
        viewport={"width": 390, "height": 844},
        is_mobile=True,
        has_touch=True,
        **options,
    )
    page = context.new_page()
    page.on("request", lambda request: requests.append(request))
    log_in(page, base_url, "schreiber")
    return page


def _names_in_addresses(requests, *names) -> list[str]:
    return [r.url for r in requests for name in names if name.lower() in r.url.lower()]


def _searches(requests, door: str) -> list[str]:
    """The bodies of the searches posted to the door's page."""
    return [r.post_data or "" for r in requests if r.method == "POST" and r.url.endswith(door)]


def _at_the_door(browser, base_url: str, slug: str) -> None:
    door = reverse("manage:checkin", args=[slug])
    requests: list = []
    page = _logged_in(browser, base_url, requests)

    page.goto(base_url + door)
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
    assert _names_in_addresses(requests, "hofer", "grafing") == []
    searched = _searches(requests, door)
    assert any("hofer" in body for body in searched)  # typed: asked in the body
    assert any("grafing" in body for body in searched)

    # Without JavaScript: the search form posts, the page shows what it found.
    requests.clear()
    page = _logged_in(browser, base_url, requests, java_script_enabled=False)
    page.goto(base_url + door)
    page.fill("#q", "Huber")
    with page.expect_navigation():
        page.press("#q", "Enter")
    expect(page.locator(".door-player")).to_have_count(1)
    with page.expect_navigation():
        page.get_by_role("button", name="Da, zahlt später").tap()
    expect(page.locator(".messages")).to_contain_text("Nr. 1 Sepp Huber eingecheckt")
    assert _names_in_addresses(requests, "huber") == []
    assert any("Huber" in body for body in _searches(requests, door))


def test_a_helper_checks_players_in_on_a_phone(drive, live_server, door):
    drive(_at_the_door, drive.browser, live_server.url, door.slug)
    states = {p.start_number: p.payment for p in door.players.filter(checked_in_at__isnull=False)}
    assert states == {4: "cash", 3: "free", 1: "open"}
