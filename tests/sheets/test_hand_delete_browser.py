"""In a real browser: the supervisor deletes a game from the sheet page with a reason, finds
it in the history with that reason, and restores it with one click after seeing it again."""

from __future__ import annotations

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from tests.sheets.fixtures import ruf, solo
from tournament.models import Hand, SheetEvent, Table
from tournament.sheets.services.hands import hand_save

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def sheet(evening) -> Table:
    table = Table.objects.get(durchgang__tournament=evening, number=1)
    p = {seat.position: seat.player for seat in table.seats.select_related("player")}
    hand_save(table=table, number=1, game=ruf(p), version=0)
    hand_save(table=table, number=2, game=solo(p, laufende=3), version=0)
    return table


@pytest.fixture
def tab(browser):  # the session's browser of tests/conftest.py
    context = browser.new_context(locale="de-DE")
    context.set_default_timeout(5000)
    yield context.new_page()
    context.close()


def test_the_supervisor_deletes_a_game_with_a_reason_and_restores_it(
    live_server, supervisor, sheet, tab
):
    tab.goto(live_server.url + reverse("login"))
    tab.fill("#id_username", "leitung")
    tab.fill("#id_password", "geheim-12345")
    with tab.expect_navigation():
        tab.press("#id_password", "Enter")
    tab.goto(live_server.url + reverse("manage:sheet", args=["abend", 1, 1]))

    with tab.expect_navigation():
        tab.get_by_role("link", name="Spiel 2 löschen").click()
    summary = tab.locator(".game-summary")
    expect(summary).to_contain_text("Solo Herz")
    expect(summary).to_contain_text("Laufende3")
    with tab.expect_navigation():
        tab.get_by_role("button", name="Spiel 2 löschen").click()
    expect(tab.locator(".errorlist")).to_contain_text("Grund: Bitte angeben")
    assert Hand.objects.filter(table=sheet, number=2).exists()
    tab.get_by_label("Grund").fill("Am falschen Tisch eingetragen")
    with tab.expect_navigation():
        tab.get_by_role("button", name="Spiel 2 löschen").click()

    assert not Hand.objects.filter(table=sheet, number=2).exists()
    row = tab.locator("table.history tbody tr").filter(has_text="Am falschen Tisch eingetragen")
    expect(row).to_contain_text("gelöscht")
    expect(row).to_contain_text("leitung")
    with tab.expect_navigation():
        row.get_by_role("button", name="Wiederherstellen").click()
    expect(tab.locator("h2")).to_contain_text("Spiel 2 wiederherstellen?")
    expect(tab.locator(".game-summary")).to_contain_text("Solo Herz")
    with tab.expect_navigation():
        tab.get_by_role("button", name="Spiel 2 wiederherstellen").click()

    hand = Hand.objects.get(table=sheet, number=2)
    assert (hand.contract, hand.suit, hand.laufende) == ("solo", "herz", 3)
    expect(tab.locator("#spiel-2")).to_contain_text("s h 2 +")
    expect(tab.locator("table.history tbody tr").first).to_contain_text("wiederhergestellt")
    assert SheetEvent.objects.filter(kind="restored", number=2).count() == 1
