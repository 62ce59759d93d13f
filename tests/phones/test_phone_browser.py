"""A table's sheet on the players' phones in a real browser: the scorekeeper enters
games by tapping buttons, also without a connection (the games wait on the phone and arrive
once each); a second phone only reads and sees every game appear; a Tout's approval shows up
by itself; the players confirm the complete sheet with the personal codes of their start cards.

Playwright runs in a thread of its own (`drive`, tests/browser.py); the database is checked
in the main thread between steps.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.phones.browser_helpers import (
    SLUG,
    claim,
    open_sheet,
    phone,
    row,
    table_one,
    tap_game,
)
from tournament.models import Hand, PhoneEntry, SheetEvent, Tournament
from tournament.phones.links import table_link_issue, table_link_revoke
from tournament.sheets.services.hands import hand_record
from tournament.sheets.services.supervision import hand_approve
from tournament.sheets.signatures import PHONE

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def quick_polls(settings):
    settings.PHONE_POLL_MS = 400
    settings.PHONE_VIEWER_POLL_MS = 400


def hands():
    return list(Hand.objects.filter(table=table_one()).values_list("number", flat=True))


def seed(number, declarer, partner):
    """A Rufspiel on the Eichel-Sau, won, entered by a clerk."""
    table = table_one()
    player = {seat.position: seat.player for seat in table.seats.select_related("player")}
    hand_record(
        table=table,
        number=number,
        contract="rufspiel",
        suit="eichel",
        declarer=player[declarer],
        partner=player[partner],
        won=True,
    )


# Browser steps: each runs in the Playwright thread.


def stayed(page):
    """Whether the page is still the one opened (nothing reloaded it)."""
    return page.evaluate("window.notReloaded === true")


def totals(page):
    """The running totals on top of the screen, seat by seat."""
    return page.locator("#phone-seats .phone-total")


RUF_1 = (
    ["Rufspiel", "Eichel", "Spieler 1", "Spieler 3", "gewonnen"],
    "Rufspiel Eichel · Spieler 1 mit Spieler 3 · gewonnen",
)
RUF_2 = (
    ["Rufspiel", "Gras", "Spieler 2", "Spieler 4", "verloren"],
    "Rufspiel Gras · Spieler 2 mit Spieler 4 · verloren",
)


def enter_first_game(page):
    tap_game(page, 1, RUF_1[0], "Spiel 1: " + RUF_1[1])
    expect(row(page, 1)).to_contain_text(RUF_1[1])
    expect(totals(page)).to_have_text(["+1", "-1", "+1", "-1"])
    expect(page.locator("#phone-flash")).to_have_text("Spiel 1 ist gespeichert.")


def enter_offline(page):
    page.context.set_offline(True)
    tap_game(page, 2, RUF_2[0], "Spiel 2: " + RUF_2[1])
    expect(page.locator("#phone-unsent")).to_have_text("1 Spiel noch nicht gesendet (Spiel 2)")
    expect(page.locator("#phone-net")).to_have_text("offline")
    expect(row(page, 2)).to_contain_text("noch nicht gesendet")
    return page.evaluate(
        "Object.keys(localStorage).filter((k) => k.endsWith(':queue'))"
        ".map((k) => JSON.parse(localStorage.getItem(k)).map((e) => e.code))"
    )


def back_online(page):
    page.context.set_offline(False)
    expect(page.locator("#phone-unsent")).to_be_hidden(timeout=10000)
    expect(page.locator("#phone-net")).to_have_text("online")
    expect(row(page, 2)).to_contain_text(RUF_2[1])
    expect(row(page, 2)).not_to_contain_text("noch nicht gesendet")
    expect(totals(page)).to_have_text(["+2", "-2", "+2", "-2"])
    expect(page.locator("#phone-failed")).to_be_hidden()


def test_the_scorekeeper_taps_games_in_and_a_game_saved_offline_arrives_once(
    drive, live_server, evening, supervisor
):
    link = table_link_issue(table=table_one(), user=supervisor)
    problems = []
    page = phone(drive, problems)
    drive(open_sheet, page, live_server.url, link)
    drive(claim, page)
    drive(enter_first_game, page)
    assert hands() == [1]

    assert drive(enter_offline, page) == [["r g 2 4 -"]]  # kept on the phone before sending
    assert hands() == [1]

    drive(back_online, page)
    assert hands() == [1, 2]
    assert PhoneEntry.objects.filter(table=table_one()).count() == 2
    assert SheetEvent.objects.filter(table=table_one(), kind="entered").count() == 2
    assert drive(stayed, page)
    assert problems == []


def reload_before_sending(page):
    """The game cannot be sent (no answer from the server); the page is reloaded meanwhile."""
    unsent = page.locator("#phone-unsent")
    page.route("**/eingabe/", lambda route: route.abort())
    tap_game(page, 1, RUF_1[0], "Spiel 1: " + RUF_1[1])
    expect(unsent).to_have_text("1 Spiel noch nicht gesendet (Spiel 1)")
    page.reload()
    expect(unsent).to_have_text("1 Spiel noch nicht gesendet (Spiel 1)")
    expect(page.locator("#phone-wizard").get_by_role("heading")).to_have_text("Spiel 2")
    page.unroute("**/eingabe/")
    expect(unsent).to_be_hidden()
    expect(row(page, 1)).to_contain_text(RUF_1[1])
    expect(row(page, 1)).not_to_contain_text("noch nicht gesendet")


def test_a_game_not_sent_yet_survives_a_reload_of_the_page(drive, live_server, evening, supervisor):
    link = table_link_issue(table=table_one(), user=supervisor)
    page = phone(drive)
    drive(open_sheet, page, live_server.url, link)
    drive(claim, page)
    drive(reload_before_sending, page)
    assert hands() == [1]
    assert PhoneEntry.objects.filter(table=table_one()).count() == 1


def read_only(page):
    expect(page.get_by_text("Ein anderes Telefon schreibt die Liste.")).to_be_visible()
    expect(page.get_by_role("button", name="Liste übernehmen")).to_be_visible()
    expect(page.locator("#phone-wizard")).to_be_hidden()
    expect(page.locator("#phone-code")).to_be_hidden()
    expect(page.get_by_role("button", name="Rufspiel")).to_have_count(0)


def sees_game_one(page):
    expect(row(page, 1)).to_contain_text(RUF_1[1])
    expect(totals(page)).to_have_text(["+1", "-1", "+1", "-1"])
    expect(page.locator("#phone-rows button")).to_have_count(0)  # nothing to tap and change


def link_gone(page):
    expect(page.locator("#phone-gone")).to_have_text(
        "Dieser Link gilt nicht (mehr), oder die Liste ist abgeschlossen."
    )
    expect(page.locator("#phone-wizard")).to_be_hidden()
    expect(page.locator("#phone-role")).to_be_hidden()


def test_a_second_phone_only_reads_and_sees_each_game_appear(
    drive, live_server, evening, supervisor
):
    link = table_link_issue(table=table_one(), user=supervisor)
    keeper, reader = phone(drive), phone(drive)
    drive(open_sheet, keeper, live_server.url, link)
    drive(claim, keeper)
    drive(open_sheet, reader, live_server.url, link)
    drive(read_only, reader)
    drive(tap_game, keeper, 1, RUF_1[0], "Spiel 1: " + RUF_1[1])
    drive(sees_game_one, reader)
    drive(read_only, reader)
    assert drive(stayed, reader)
    assert hands() == [1]

    table_link_revoke(table=table_one())  # the supervisor stops the link: both phones see it
    drive(link_gone, reader)
    drive(link_gone, keeper)


def enter_tout(page):
    expect(row(page, 1)).to_contain_text(RUF_1[1])
    tap_game(
        page,
        2,
        ["Wenz", "Spieler 4", "gewonnen", "Tout"],
        "Spiel 2: Wenz Tout · Spieler 4 · gewonnen",
    )
    expect(row(page, 2).locator(".phone-status")).to_have_text("wartet auf Genehmigung")
    waits = "Spiel 2 ist gespeichert und wartet auf die Genehmigung der Turnierleitung."
    expect(page.locator("#phone-flash")).to_have_text(waits)


def sees_approval(page):
    expect(row(page, 2).locator(".phone-status")).to_have_text("genehmigt")
    expect(totals(page)).to_have_text(["-5", "-7", "-5", "+17"])


def test_a_tout_waits_for_approval_and_the_phone_shows_the_approval_by_itself(
    drive, live_server, evening, supervisor
):
    seed(1, declarer=1, partner=3)
    link = table_link_issue(table=table_one(), user=supervisor)
    page = phone(drive)
    drive(open_sheet, page, live_server.url, link)
    drive(claim, page)
    drive(enter_tout, page)
    tout = Hand.objects.get(table=table_one(), number=2)
    assert (tout.contract, tout.tout, tout.needs_approval, tout.approved_by) == (
        "wenz",
        True,
        True,
        "",
    )
    hand_approve(hand=tout, user=supervisor)
    drive(sees_approval, page)
    assert drive(stayed, page)


def confirm(page, position, code):
    form = page.locator(f'.phone-sign[data-position="{position}"]')
    form.get_by_label("Persönlicher Code von").fill(code)
    form.get_by_role("button", name="Bestätigen").tap()


def confirm_all(page, codes, start_number_of_2, name_of_2):
    section = page.locator("#phone-confirm")
    expect(section.get_by_role("heading")).to_have_text("Liste bestätigen")
    expect(section.locator(".phone-sign")).to_have_count(4)
    confirm(page, 2, start_number_of_2)  # the start number is public: it confirms nothing
    error = section.locator('.phone-sign[data-position="2"] .phone-error')
    expect(error).to_have_text(
        f"Das ist nicht der persönliche Code von {name_of_2} (Platz 2). "
        "Noch 4 Versuche, dann eine Pause."
    )
    for position, code in codes.items():
        confirm(page, position, code)
        expect(section.locator(f'.phone-sign[data-position="{position}"]')).to_be_hidden()
        expect(
            page.locator(f'#phone-seats li[data-position="{position}"] .phone-tick')
        ).to_be_visible()
    message = "Alle haben bestätigt – die Turnierleitung schließt die Liste ab."
    expect(section.get_by_text(message)).to_be_visible()


def test_the_players_confirm_the_complete_sheet_with_their_personal_codes(
    drive, live_server, evening, supervisor
):
    Tournament.objects.filter(slug=SLUG).update(games_per_durchgang=4)
    for number, (declarer, partner) in enumerate([(1, 3), (2, 4), (3, 1), (4, 2)], start=1):
        seed(number, declarer, partner)
    link = table_link_issue(table=table_one(), user=supervisor)
    seats = table_one().seats.select_related("player").order_by("position")
    codes = {seat.position: seat.player.personal_code.lower() for seat in seats}  # as typed
    second = seats[1].player
    page = phone(drive)
    drive(open_sheet, page, live_server.url, link)
    drive(confirm_all, page, codes, str(second.start_number), second.name)
    signed = table_one().seats.values_list("signature", flat=True)
    assert list(signed) == [PHONE] * 4
    assert not table_one().seats.filter(signed_at=None).exists()
    assert drive(stayed, page)
