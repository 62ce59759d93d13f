"""The calendar on a phone (360 px) and a desktop: nothing scrolls sideways, the registration
button and the filter within the screen. Screenshots go to the test's temporary folder
(`--basetemp` keeps them)."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.slow]
WIDER = "document.documentElement.scrollWidth - document.documentElement.clientWidth"


@pytest.mark.parametrize("width", [360, 1280])
def test_the_calendar_fits_the_screen(browser, live_server, world, width, tmp_path):
    context = browser.new_context(viewport={"width": width, "height": 740}, locale="de-DE")
    page = context.new_page()
    page.goto(live_server.url + "/kalender/")
    expect(page.locator("h1")).to_have_text("Turnierkalender")
    expect(page.locator("article.calendar-entry")).to_have_count(5)
    page.screenshot(path=tmp_path / f"kalender-{width}.png", full_page=True)
    assert page.evaluate(WIDER) <= 0
    for box in (b.bounding_box() for b in page.locator("main a.button, main button").all()):
        assert box is not None and box["x"] + box["width"] <= width
    page.select_option("#id_veranstalter", "fc-laubendorf")
    with page.expect_navigation():
        page.click("main button[type=submit]")
    expect(page.locator("article.calendar-entry")).to_have_count(2)
    expect(page.locator("#turnier-laubendorfer-schafkopf")).to_contain_text("ausgebucht")
    page.screenshot(path=tmp_path / f"kalender-gefiltert-{width}.png", full_page=True)
    assert page.evaluate(WIDER) <= 0
    context.close()
