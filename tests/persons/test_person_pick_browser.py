"""Picking a person of the register while registering, in a real browser and by keyboard:
type part of the name, ArrowDown into the offered persons, Enter picks, Enter registers.

The browser runs in the Playwright thread of `drive` (tests/browser.py).
"""

from __future__ import annotations

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from tests.browser import log_in
from tournament.models import Player
from tournament.persons.services import organiser_of, person_create

pytestmark = pytest.mark.django_db(transaction=True)


def _pick_by_keyboard(browser, base_url: str) -> None:
    page = browser.new_context(locale="en-US").new_page()
    log_in(page, base_url, "leitung")

    page.goto(base_url + reverse("manage:players", args=["beispielturnier-2026"]))
    expect(page.locator("#id_name")).to_be_focused()
    page.keyboard.type("ebersb")
    offered = page.locator("ul.person-pick button")
    expect(offered).to_have_count(2)
    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowDown")
    expect(offered.nth(1)).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.locator("#id_name")).to_have_value("Sepp Huber")
    expect(page.locator("#id_club")).to_have_value("SK Ebersberg")
    expect(page.locator("#id_club")).to_be_focused()
    with page.expect_navigation():
        page.keyboard.press("Enter")
    expect(page.locator(".messages .success")).to_contain_text("Sepp Huber")


def test_the_supervisor_picks_a_person_of_the_register_by_keyboard(
    drive, live_server, supervisor, example_tournament
):
    organiser = organiser_of(example_tournament)
    person_create(organiser=organiser, name="Josef Huber", club="SK Ebersberg")
    sepp = person_create(organiser=organiser, name="Sepp Huber", club="SK Ebersberg")
    drive(_pick_by_keyboard, drive.browser, live_server.url)
    player = Player.objects.get(name="Sepp Huber")
    assert player.person == sepp
