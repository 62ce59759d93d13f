"""The day's steps in a real browser: the supervisor logs in, opens the management page of a
fresh tournament on a phone, reads the steps and follows the one next-action button."""

from __future__ import annotations

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from tests.browser import log_in
from tournament.exchange.interchange.importer import tournament_import
from tournament.models import Membership

pytestmark = pytest.mark.django_db(transaction=True)
PHONE = {"width": 360, "height": 740}
STEPS = [
    "Spieler",
    "Auslosung",
    "Tischliste",
    "Ausdrucke",
    "Eingabe der Spiele",
    "Genehmigungen",
    "Abschluss",
    "Rangliste",
    "Export",
]


@pytest.fixture
def fresh(supervisor):
    tournament = tournament_import(
        {
            "format": "schafkopf-turnier",
            "version": 1,
            "tournament": {"slug": "frisch", "name": "Frisches Turnier", "date": "2026-11-28"},
            "players": [],
        }
    )
    Membership.objects.create(tournament=tournament, user=supervisor, role="supervisor")
    return tournament


@pytest.fixture
def phone(browser):  # the session's browser of tests/conftest.py
    context = browser.new_context(viewport=PHONE, locale="de-DE")
    yield context.new_page()
    context.close()


def test_the_supervisor_follows_the_next_action_of_a_fresh_tournament(live_server, fresh, phone):
    log_in(phone, live_server.url, "leitung")
    phone.goto(live_server.url + reverse("manage:dashboard", args=["frisch"]))

    expect(phone.locator(".step-title")).to_have_text(STEPS)
    expect(phone.locator("#schritt-players")).to_contain_text("Noch keine Spieler angemeldet")
    expect(phone.locator("#schritt-draw")).to_contain_text("Durchgang 1 noch nicht ausgelost")
    expect(phone.locator(".cycle-label")).to_have_text(
        "Durchgang 1 von 2 (Auslosung bis Abschluss, in jedem Durchgang)"
    )
    expect(phone.locator('[aria-current="step"]')).to_have_count(1)
    button = phone.locator(".next-button")
    expect(button).to_have_count(1)
    expect(button).to_have_text("Spieler anmelden")
    box = button.bounding_box()
    assert box is not None and box["x"] + box["width"] <= PHONE["width"]
    wider = "document.documentElement.scrollWidth - document.documentElement.clientWidth"
    assert phone.evaluate(wider) <= 0  # nothing scrolls sideways on the phone

    with phone.expect_navigation():
        button.click()
    assert phone.url == live_server.url + reverse("manage:players", args=["frisch"])
    expect(phone.locator("#id_name")).to_be_visible()  # the registration form
