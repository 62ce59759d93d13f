"""A change of server on the players' phone, in a real browser: the scorekeeper's phone enters
games, the server is replaced by one whose database lacks the newest games (restored from a
copy without the last saves: simulated by taking them out of the database), and the phone, at
its next contact, sends them again under their keys, once each, and says so; a game the new
server has otherwise under its number (a clerk typed it) is shown and not overwritten.

Playwright runs in a thread of its own (`drive`, tests/browser.py); the database is changed and
checked in the main thread between steps.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.phones.browser_helpers import claim, open_sheet, phone, row, table_one, tap_game
from tests.phones.resend_helpers import server_loses
from tournament.models import Hand, PhoneEntry
from tournament.phones.links import table_link_issue
from tournament.sheets.services.hands import hand_record

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def quick_polls(settings):
    settings.PHONE_POLL_MS = 400
    settings.PHONE_VIEWER_POLL_MS = 400


RUF_EICHEL = (
    ["Rufspiel", "Eichel", "Spieler 1", "Spieler 3", "gewonnen"],
    "Rufspiel Eichel · Spieler 1 mit Spieler 3 · gewonnen",
)
RUF_GRAS = (
    ["Rufspiel", "Gras", "Spieler 2", "Spieler 4", "verloren"],
    "Rufspiel Gras · Spieler 2 mit Spieler 4 · verloren",
)


def hands() -> list[tuple[int, str]]:
    return list(Hand.objects.filter(table=table_one()).values_list("number", "suit"))


# Browser steps: each runs in the Playwright thread.


def enter_games(page, games):
    for number, (taps, summary) in enumerate(games, 1):
        tap_game(page, number, taps, f"Spiel {number}: {summary}")
        expect(page.locator("#phone-flash")).to_have_text(f"Spiel {number} ist gespeichert.")
    expect(page.locator("#phone-unsent")).to_be_hidden()


def kept_on_the_phone(page):
    """The games the phone was told were saved, as it keeps them: number and key."""
    return page.evaluate(
        "Object.keys(localStorage).filter((k) => k.endsWith(':saved'))"
        ".flatMap((k) => JSON.parse(localStorage.getItem(k)).map((e) => [e.number, e.key]))"
    )


def queue_on_the_phone(page):
    return page.evaluate(
        "Object.keys(localStorage).filter((k) => k.endsWith(':queue'))"
        ".flatMap((k) => JSON.parse(localStorage.getItem(k)))"
    )


def server_gone(page):
    page.context.set_offline(True)
    expect(page.locator("#phone-net")).to_have_text("offline")


def server_back(page, note):
    page.context.set_offline(False)
    expect(page.locator("#phone-resent")).to_be_visible()
    expect(page.locator("#phone-resent p")).to_have_text(note)
    expect(page.locator("#phone-net")).to_have_text("online")
    expect(page.locator("#phone-unsent")).to_be_hidden()


def conflict_shown(page):
    failed = page.locator("#phone-failed")
    expect(failed).to_be_visible()
    expect(failed).to_contain_text("Spiel 4")
    expect(row(page, 4)).to_contain_text(RUF_GRAS[1])  # the server's game 4 stays


def test_after_a_change_of_server_the_phone_sends_the_lost_games_again_once(
    drive, live_server, evening, supervisor
):
    link = table_link_issue(table=table_one(), user=supervisor)
    problems: list[str] = []
    page = phone(drive, problems)
    drive(open_sheet, page, live_server.url, link)
    drive(claim, page)
    drive(enter_games, page, [RUF_EICHEL] * 4)
    keys = dict(PhoneEntry.objects.values_list("number", "key"))
    assert sorted(map(tuple, drive(kept_on_the_phone, page))) == sorted(keys.items())

    drive(server_gone, page)  # the old laptop dies; the new one lacks games 2 to 4
    server_loses(table_one(), 2, 3, 4)
    player = {seat.position: seat.player for seat in table_one().seats.select_related("player")}
    hand_record(table=table_one(), number=4, contract="rufspiel", suit="gras",
                declarer=player[2], partner=player[4], won=False)  # fmt: skip  # a clerk
    note = [
        "2 Spiele nach dem Serverwechsel erneut gesendet: Spiel 2, 3",
        "Nicht überschrieben: Auf dem Server steht unter der Nummer von Spiel 4 ein anderes "
        "Spiel. Bitte mit den Schreibern prüfen.",
    ]
    drive(server_back, page, note)
    drive(conflict_shown, page)

    assert hands() == [(1, "eichel"), (2, "eichel"), (3, "eichel"), (4, "gras")]  # 0 doubled
    resent = PhoneEntry.objects.filter(resent=True).order_by("number")
    assert [(entry.number, entry.key) for entry in resent] == [(2, keys[2]), (3, keys[3])]
    assert drive(queue_on_the_phone, page) == []
    assert problems == []


def test_a_phone_that_missed_the_outage_notices_the_lost_game_in_the_sheet(
    drive, live_server, evening, supervisor
):
    link = table_link_issue(table=table_one(), user=supervisor)
    page = phone(drive)
    drive(open_sheet, page, live_server.url, link)
    drive(claim, page)
    drive(enter_games, page, [RUF_EICHEL, RUF_GRAS])
    server_loses(table_one(), 2)  # between two polls: the phone never saw the server away
    note = ["1 Spiel nach dem Serverwechsel erneut gesendet: Spiel 2"]
    drive(lambda: expect(page.locator("#phone-resent p")).to_have_text(note))
    drive(lambda: expect(row(page, 2)).to_contain_text(RUF_GRAS[1]))
    assert hands() == [(1, "eichel"), (2, "gras")]
    assert list(PhoneEntry.objects.filter(resent=True).values_list("number", flat=True)) == [2]
    assert drive(queue_on_the_phone, page) == []
