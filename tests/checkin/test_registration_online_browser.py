"""The public registration in a real browser: a visitor registers on a phone (the robots' field
stays out of sight), and the helper at the door links the registration to the register's person
the page offers. Without mail configured: a place at once, confirmed by the organiser.

The browser runs in the Playwright thread of `drive` (tests/browser.py).
"""

from __future__ import annotations

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from tests.browser import log_in
from tests.checkin.helpers import open_with
from tournament.models import Person
from tournament.persons.services import organiser_of, person_create

pytestmark = pytest.mark.django_db(transaction=True)


def _register_then_link(browser, base_url: str, slug: str) -> None:
    phone = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
    visitor = browser.new_context(locale="de-DE", **phone).new_page()
    visitor.goto(base_url + reverse("tournament:registration", args=[slug]))
    expect(visitor.get_by_text("Die Turnierleitung bestätigt Deine Anmeldung.")).to_be_visible()
    expect(visitor.locator("#id_website")).not_to_be_in_viewport()
    visitor.fill("#id_name", "Sepp Huber")
    visitor.fill("#id_club", "SK Grafing")
    visitor.fill("#id_email", "sepp@example.org")
    with visitor.expect_navigation():
        visitor.get_by_role("button", name="Anmelden").tap()
    expect(visitor.locator(".messages")).to_contain_text(
        "Danke, Sepp Huber: Deine Anmeldung ist angekommen."
    )

    helper = browser.new_context(locale="de-DE", **phone).new_page()
    log_in(helper, base_url, "schreiber")
    helper.goto(base_url + reverse("manage:checkin", args=[slug]))
    block = helper.locator(".to-link")
    expect(block).to_contain_text("Nr. 11 Sepp Huber")
    with helper.expect_navigation():
        block.get_by_role("button", name="mit Josef Huber, SK Grafing verknüpfen").tap()
    expect(helper.locator(".messages")).to_contain_text(
        "Nr. 11 Sepp Huber ist mit Josef Huber, SK Grafing aus der Kartei verknüpft."
    )
    expect(helper.locator(".to-link")).to_have_count(0)


def test_a_visitor_registers_and_the_door_links_the_registers_person(drive, live_server, door):
    open_with(door, None)
    josef = person_create(
        organiser=organiser_of(door), name="Josef Huber", club="SK Grafing", publication="full"
    )
    drive(_register_then_link, drive.browser, live_server.url, door.slug)
    player = door.players.get(start_number=11)
    assert player.person == josef and player.email == "sepp@example.org"
    assert player.public_name == "Sepp H."  # the visitor's choice: the initial only
    josef.refresh_from_db()
    assert josef.publication == Person.Publication.FULL and josef.email == ""
