"""The certificates from the real prize page in a browser: while a scoresheet of the last
Durchgang is open, the page says the prize list is provisional, its certificate button says
the certificates will be too, and the PDF it downloads carries "vorläufig".

The browser runs in the Playwright thread of `drive` (tests/browser.py).
"""

from __future__ import annotations

import os

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from tests.browser import log_in
from tests.pdfs import pdf_pages
from tournament.prizes.services import prize_add

pytestmark = pytest.mark.django_db(transaction=True)

SHOTS = os.environ.get("SCREENSHOTS")


def _certificates(browser, base_url: str, slug: str) -> bytes:
    """Log in, go from the prize page to the list with names, open the certificates."""
    context = browser.new_context(locale="de-DE", viewport={"width": 1280, "height": 800})
    context.set_default_timeout(10000)
    page = context.new_page()
    log_in(page, base_url, "leitung")

    page.goto(base_url + reverse("manage:prizes", args=[slug]))
    page.get_by_role("link", name="Preisliste mit Namen").click()
    expect(page.get_by_role("status")).to_have_text(
        "Vorläufig: Der letzte Durchgang ist nicht abgeschlossen (alle Spiellisten geschlossen)."
    )
    button = page.get_by_role("link", name="Urkunden (PDF, vorläufig)")
    expect(button).to_be_visible()
    if SHOTS:
        for width in (1280, 360):
            page.set_viewport_size({"width": width, "height": 800})
            page.screenshot(path=os.path.join(SHOTS, f"prizes-certificates-{width}.png"))
    href = button.get_attribute("href")
    with page.expect_response(lambda r: r.url.endswith("/urkunden.pdf")) as response:
        button.click()
    assert response.value.status == 200
    assert response.value.headers["content-type"] == "application/pdf"
    # Chromium's PDF viewer keeps the file to itself: the same link, fetched with the
    # browser's session, gives the bytes it shows.
    body = context.request.get(base_url + str(href)).body()
    return body


def test_the_certificates_downloaded_from_the_prize_page_say_vorlaeufig(
    drive, live_server, supervisor, example_tournament
):
    prize_add(tournament=example_tournament, rule="place", place_from=1, description="Pokal")
    raw = drive(_certificates, drive.browser, live_server.url, example_tournament.slug)
    [page] = pdf_pages(raw)
    text = " ".join(page.split())
    assert "Urkunde" in text and "Pokal" in text
    assert "Vorläufig · Stand nach Durchgang 2 von 2" in text
