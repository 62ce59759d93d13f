"""The foundation's pages in a real browser: list → ranking → after Durchgang 1 → English."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tournament.exchange.demo import demo_document
from tournament.exchange.interchange.importer import tournament_import
from tournament.ranking.standings import standings_compute

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_visitor_finds_the_ranking_from_the_tournament_list(page, live_server, example_document):
    tournament = tournament_import(example_document)
    tournament.ranking_publication = "live"
    tournament.save()
    page.goto(live_server.url + "/")
    page.get_by_role("link", name="Beispielturnier 2026").click()
    page.wait_for_url("**/turnier/beispielturnier-2026/")
    assert page.get_by_role("heading", level=2).inner_text() == "Rangliste nach Durchgang 2"
    first = page.locator("table.ranking tbody tr").first
    assert "Michl Hofbauer 8" in first.inner_text()
    assert page.locator("table.ranking tbody tr").count() == 13

    page.get_by_role("link", name="nach 1").click()
    page.wait_for_url("**?after=1")
    assert "Lena Maier 9" in page.locator("table.ranking tbody tr").first.inner_text()

    page.get_by_role("button", name="English").click()
    page.wait_for_load_state()
    assert page.get_by_role("heading", level=2).inner_text() == "Ranking after Durchgang 1"


def test_the_supervisor_logs_in_with_the_keyboard_alone(page, live_server, supervisor):
    page.goto(live_server.url + "/accounts/login/")
    expect(page.get_by_label("Benutzername")).to_be_focused()  # autofocus, no click needed
    page.keyboard.type("leitung")
    page.keyboard.press("Tab")
    page.keyboard.type("geheim-12345")
    page.keyboard.press("Enter")
    page.wait_for_url("**/turnier/beispielturnier-2026/leitung/")  # his tournament's steps
    assert page.get_by_role("button", name="Abmelden (leitung)").is_visible()


def test_the_projector_view_pages_through_the_ranking_by_itself(page, live_server):
    tournament = tournament_import(demo_document(players=45, durchgaenge=1, seed=3, slug="halle"))
    tournament.ranking_publication = "live"
    tournament.save()
    page.goto(live_server.url + "/turnier/halle/leinwand/?sekunden=2")
    expect(page.locator("body.projector header p")).to_contain_text("Seite 1 von 3")
    assert page.locator("tbody tr").count() == 20
    expect(page.locator("figure.qr svg")).to_be_visible()
    assert page.locator('meta[http-equiv="refresh"]').count() == 0  # it could not be paused
    page.wait_for_url("**/leinwand/?seite=2&sekunden=2", timeout=10_000)  # paged by its script
    expect(page.locator("body.projector header p")).to_contain_text("Seite 2 von 3")
    first_of_page_two = standings_compute(tournament)[20].player.name
    expect(page.locator("tbody tr").first).to_contain_text(first_of_page_two)


def projector(page, live_server):
    tournament = tournament_import(demo_document(players=45, durchgaenge=1, seed=3, slug="halle"))
    tournament.ranking_publication = "live"
    tournament.save()
    page.clock.install()  # its timer is run by the test: seconds pass at once (run_for)
    page.goto(live_server.url + "/turnier/halle/leinwand/?sekunden=2")
    page.evaluate("window.notReloaded = true")


def test_the_projector_pauses_by_keyboard_and_goes_on_when_pressed_again(page, live_server):
    projector(page, live_server)
    page.keyboard.press("Tab")  # the first stop of the page
    pause = page.get_by_role("button", name="Pause")
    expect(pause).to_be_focused()
    page.keyboard.press("Enter")
    expect(pause).to_have_attribute("aria-pressed", "true")
    expect(page.get_by_role("status")).to_have_text("Blättern angehalten.")
    page.clock.run_for(3500)  # longer than its 2 seconds: no other page
    assert page.evaluate("window.notReloaded") is True
    assert "seite=" not in page.url
    expect(page.locator("body.projector header p")).to_contain_text("Seite 1 von 3")
    page.keyboard.press("Enter")  # Pause pressed again: the paging goes on
    expect(pause).to_have_attribute("aria-pressed", "false")
    page.clock.run_for(2500)
    page.wait_for_url("**/leinwand/?seite=2&sekunden=2", timeout=10_000)


def test_the_projector_stops_paging_for_good(page, live_server):
    projector(page, live_server)
    page.keyboard.press("Tab")
    page.keyboard.press("Tab")
    expect(page.get_by_role("button", name="Stopp")).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.get_by_role("status")).to_have_text("Blättern beendet.")
    expect(page.get_by_role("link", name="Nächste Seite")).to_be_focused()
    page.clock.run_for(3500)
    assert page.evaluate("window.notReloaded") is True
    assert page.get_by_role("button", name="Pause").is_hidden()
