"""The cup organiser's pages of persons and of the final on a phone (390 px) and a desktop: in
German, nothing scrolls sideways, the buttons within the screen. Screenshots go to the test's
temporary folder (`--basetemp` keeps them)."""

from __future__ import annotations

import datetime as dt

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from tests.cups.helpers import standings_row
from tournament.cups.final import final_settings, qualification_fix
from tournament.models import CupEntry

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.slow]
WIDER = "document.documentElement.scrollWidth - document.documentElement.clientWidth"


@pytest.fixture
def evenings(cup_world):
    member = cup_world.cup.members.get(organiser=cup_world.owner)
    days = {
        "Herbstabend beim Schützenverein": (1, ["Sepp Huber", "Anna Berg", "Maximilian Maier"]),
        "Kirchweihschafkopf": (8, ["Josef Huber", "Anna Berg", "Maximilian Maier"]),
    }
    for name, (day, names) in days.items():
        CupEntry.objects.create(
            cup=cup_world.cup,
            member=member,
            source_slug=f"abend-{day}",
            name=name,
            date=dt.date(2026, 10, day),
            standings=[
                standings_row(n, rank, 40 - 10 * rank, club="SK Vohenstrauß")
                for rank, n in enumerate(names, 1)
            ],
        )
    return cup_world


@pytest.mark.parametrize("width", [390, 1280])
def test_persons_and_final_pages_fit_the_screen(browser, live_server, evenings, width, tmp_path):
    cup = evenings.cup
    final_settings(cup=cup, overall=2, per_evening=1)
    context = browser.new_context(viewport={"width": width, "height": 800}, locale="de-DE")
    page = context.new_page()
    page.goto(live_server.url + "/accounts/login/")
    page.fill("#id_username", "pokalverein-staff")
    page.fill("#id_password", "geheim-12345")
    with page.expect_navigation():
        page.press("#id_password", "Enter")
    persons = reverse("manage:cup_persons", args=["pokalverein", cup.slug])
    page.goto(live_server.url + persons)
    expect(page.locator("h2")).to_have_text("Personen des Pokals")
    proposal = page.locator(".cup-proposals li")
    expect(proposal.get_by_role("button", name="Sepp Huber ist Josef Huber")).to_be_visible()
    apart = proposal.get_by_role("button", name="Zwei Personen: nicht mehr vorschlagen")
    expect(apart).to_be_visible()
    page.screenshot(path=tmp_path / f"personen-{width}.png", full_page=True)
    assert page.evaluate(WIDER) <= 0
    with page.expect_navigation():
        apart.click()
    expect(page.locator(".cup-proposals")).to_have_text("Keine möglichen Doppelten.")
    expect(page.get_by_text("Josef Huber und Sepp Huber sind zwei Personen")).to_be_visible()
    final = reverse("manage:cup_final", args=["pokalverein", cup.slug])
    page.goto(live_server.url + final)
    expect(page.locator(".cup-qualified li")).to_have_count(4)
    page.screenshot(path=tmp_path / f"finale-{width}.png", full_page=True)
    assert page.evaluate(WIDER) <= 0
    qualification_fix(cup=cup, by=None)
    page.goto(live_server.url + final)
    expect(page.locator(".cup-qualified button")).to_have_count(4)
    for box in (b.bounding_box() for b in page.locator("button").all()):
        assert box is not None and box["x"] + box["width"] <= width
    page.screenshot(path=tmp_path / f"finale-fest-{width}.png", full_page=True)
    assert page.evaluate(WIDER) <= 0
    context.close()
