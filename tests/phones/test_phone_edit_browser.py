"""A stored game tapped on the scorekeeper's phone comes back into the buttons as it was
(static/tournament/phones/draft.js reads its code with code.js), is changed there and saved
as the code of the change. Fixtures and steps as in `test_phone_browser`."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.phones.browser_helpers import claim, open_sheet, phone, row, table_one
from tournament.models import Hand, PhoneEntry
from tournament.phones.links import table_link_issue
from tournament.sheets.services.hands import hand_record

pytestmark = pytest.mark.django_db(transaction=True)


def change_to_won(page):
    """Game 1, a Herz-Solo lost Schwarz, tapped: the result screen shows it; won instead."""
    page.locator("#phone-edit-hint").wait_for()
    row(page, 1).get_by_role("button").tap()
    wizard = page.locator("#phone-wizard")
    expect(wizard.get_by_role("heading")).to_have_text("Spiel 1 ändern")
    expect(page.locator("#phone-summary")).to_have_text(
        "Spiel 1: Solo Herz · Spieler 2 · verloren Schwarz"
    )
    expect(wizard.get_by_role("button", name="Schwarz")).to_have_attribute("aria-pressed", "true")
    expect(wizard.get_by_role("button", name="Schneider")).to_have_attribute(
        "aria-pressed", "false"
    )
    wizard.get_by_role("button", name="gewonnen").tap()
    wizard.get_by_role("button", name="Speichern").tap()
    # A Schwarz in game 1 is a simple game (5.2.15): the phone says so after saving.
    expect(page.locator("#phone-flash")).to_have_text(
        "Spiel 1 ist gespeichert. Spiel 1: Schwarz im ersten Spiel, gewertet als einfaches "
        "Einzelspiel ohne Schneider (Regel 5.2.15): gewonnen wie eingetragen (ohne Augen)."
    )
    expect(page.locator("#phone-unsent")).to_be_hidden()
    expect(row(page, 1)).to_contain_text("Solo Herz · Spieler 2 · gewonnen Schwarz")


def test_a_stored_game_comes_back_into_the_buttons_and_is_changed_there(
    drive, live_server, evening, supervisor
):
    table = table_one()
    player = {seat.position: seat.player for seat in table.seats.select_related("player")}
    hand_record(
        table=table,
        number=1,
        contract="solo",
        suit="herz",
        declarer=player[2],
        won=False,
        schneider=True,
        schwarz=True,
    )
    link = table_link_issue(table=table, user=supervisor)
    problems = []
    page = phone(drive, problems)
    drive(open_sheet, page, live_server.url, link)
    drive(claim, page)
    drive(change_to_won, page)
    hand = Hand.objects.get(table=table, number=1)
    assert (hand.contract, hand.suit, hand.won, hand.schneider, hand.schwarz) == (
        "solo",
        "herz",
        True,
        True,
        True,
    )
    assert list(PhoneEntry.objects.values_list("code", "outcome")) == [("s h 2 + sw", "saved")]
    assert problems == []
