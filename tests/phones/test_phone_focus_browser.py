"""The scorekeeper's screens by keyboard and screen reader (WCAG 2.4.3): after each choice the
focus is on the new step (its question, the result's first button), never fallen to the page's
<body> with the hidden step; after saving it is on the next game's heading and the game saved
is announced in the live region."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.phones.browser_helpers import claim, open_sheet, phone, table_one
from tournament.phones.links import table_link_issue

pytestmark = pytest.mark.django_db(transaction=True)

FOCUSED = """() => {
  const active = document.activeElement;
  const step = active.closest("[data-step]");
  return {tag: active.tagName, text: active.textContent.trim(),
          step: step && !step.hidden ? step.dataset.step : null};
}"""


@pytest.fixture(autouse=True)
def quick_polls(settings):
    settings.PHONE_POLL_MS = 400
    settings.PHONE_VIEWER_POLL_MS = 400


def focus_through_a_game(page):
    focused = []
    wizard = page.locator("#phone-wizard")
    wizard.get_by_role("button", name="Rufspiel", exact=True).tap()  # by touch
    focused.append(page.evaluate(FOCUSED))
    page.keyboard.press("Tab")  # then by keyboard: the first suit
    focused.append(page.evaluate(FOCUSED))
    page.keyboard.press("Enter")
    focused.append(page.evaluate(FOCUSED))
    page.keyboard.press("Tab")
    page.keyboard.press("Enter")  # Spieler 1 plays
    focused.append(page.evaluate(FOCUSED))
    page.keyboard.press("Tab")
    page.keyboard.press("Enter")  # with Spieler 2
    focused.append(page.evaluate(FOCUSED))
    page.keyboard.press("Enter")  # won
    expect(page.locator("#phone-summary")).to_contain_text("gewonnen")
    wizard.get_by_role("button", name="Zurück").focus()
    page.keyboard.press("Enter")  # back: the Back button is hidden on the first steps
    focused.append(page.evaluate(FOCUSED))
    page.keyboard.press("Tab")
    page.keyboard.press("Enter")
    wizard.get_by_role("button", name="Speichern").tap()
    expect(wizard.get_by_role("heading")).to_have_text("Spiel 2")
    focused.append(page.evaluate(FOCUSED))
    expect(page.locator("#phone-flash")).to_have_text("Spiel 1 ist gespeichert.")
    return focused


def test_the_focus_follows_the_scorekeepers_screens(drive, live_server, evening, supervisor):
    link = table_link_issue(table=table_one(), user=supervisor)
    page = phone(drive)
    drive(open_sheet, page, live_server.url, link)
    drive(claim, page)
    assert drive(focus_through_a_game, page) == [
        {"tag": "P", "text": "Welche Farbe?", "step": "suit"},
        {"tag": "BUTTON", "text": "Eichel", "step": "suit"},
        {"tag": "P", "text": "Wer spielt?", "step": "declarer"},
        {"tag": "P", "text": "Mit wem?", "step": "partner"},
        {"tag": "BUTTON", "text": "gewonnen", "step": "result"},
        {"tag": "P", "text": "Mit wem?", "step": "partner"},
        {"tag": "H2", "text": "Spiel 2", "step": None},
    ]
