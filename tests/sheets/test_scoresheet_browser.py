"""The scoresheet in a real browser: a clerk enters a whole sheet by keyboard, the supervisor
approves a Tout, closes the sheet and signs off a correction; a game is changed by its number;
two clerks saving the same game see the conflict and choose.

Playwright runs in a thread of its own (`drive`, tests/browser.py): every browser step is a
function handed to that thread; the database is checked in the main thread between the steps.
"""

from __future__ import annotations

import re

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from tests.browser import session_cookie
from tests.sheets.browser_helpers import PASSWORD, log_in, table_one, url
from tournament.models import Correction, Hand, Membership, SheetEvent

pytestmark = pytest.mark.django_db(transaction=True)

RUF = ["r e 1 3 +", "r g 2 4 -", "r s 3 1 + sn", "r e 4 2 +"]
# Game 2 is a Wenz-Tout, the rest Rufspiele: game n plays RUF[n % 4] (game 5: "r g 2 4 -").
CODES = {n: "w 4 + t" if n == 2 else RUF[n % 4] for n in range(1, 33)}
TOUT_PREVIEW = "1: 1 Spieler 1 −6 · 2: 2 Spieler 2 −6 · 3: 3 Spieler 3 −6 · 4: 4 Spieler 4 +18"
HISTORY_TOP = ["Korrektur freigegeben", "Korrektur beantragt", "Spielliste abgeschlossen"]


def game(number):
    return Hand.objects.get(table=table_one(), number=number)


def stored(number):
    """Game `number` of table 1 as stored: contract, suit, seats, won, Schneider, Tout."""
    h = game(number)
    seat = dict(h.table.seats.values_list("player_id", "position"))
    who = (seat[h.declarer_id], seat.get(h.partner_id))
    return (h.contract, h.suit, *who, h.won, h.schneider, h.tout)


def points(number):
    return dict(game(number).scores.values_list("player__name", "points"))


def signed_in(drive, base, username):
    """A page of a user logged in without the login page (the first test goes through it)."""
    cookie = session_cookie(get_user_model().objects.get(username=username), base)
    page = drive.new_page()
    drive(page.context.add_cookies, [cookie])
    return page


# Browser steps: each runs in the Playwright thread.


def open_sheet(page, base, query=""):
    page.goto(base + url("sheet", 1, 1) + query)
    expect(page.locator("#id_code")).to_be_focused()  # autofocus: the clerk types at once


def jump_to_table(page, base, number):
    page.goto(base + url("sheets", 1))
    expect(page.get_by_role("heading", level=2)).to_have_text("Spiellisten von Durchgang 1")
    field = page.get_by_label("Zu Tisch")
    expect(field).to_have_attribute("accesskey", "t")  # Alt+T; Playwright's keys cannot press
    field.focus()  # access keys, so the field gets the focus as Alt+T would give it
    page.keyboard.type(str(number))
    with page.expect_navigation():
        page.keyboard.press("Enter")
    assert page.url.endswith(url("sheet", 1, number))
    heading = f"Spielliste · Durchgang 1 · Tisch {number}"
    expect(page.get_by_role("heading", level=2)).to_contain_text(heading)
    expect(page.locator("#id_code")).to_be_focused()


def refocus(page):
    """After every save the code field has the focus again: the clerk just goes on typing."""
    expect(page.locator("#id_code")).to_be_focused()


def type_game(page, number, code, preview=None):
    """Type one game into the code field and press Enter; its number must be preselected."""
    refocus(page)
    expect(page.locator("#id_number")).to_have_value(str(number))
    page.keyboard.type(code)
    if preview is not None:
        expect(page.locator("#vorschau")).to_have_text(preview)
    with page.expect_navigation():
        page.keyboard.press("Enter")


def enter_sheet(page, codes):
    for number, code in codes.items():
        type_game(page, number, code, preview=TOUT_PREVIEW if code.endswith(" t") else None)
        if number == 2:
            warning = "Spiel 2 braucht die Genehmigung der Turnierleitung."
            expect(page.locator(".messages .warning")).to_have_text(warning)
    expect(page.locator("#spielliste tbody tr[data-code]")).to_have_count(32)
    expect(page.locator("#spiel-2")).to_contain_text("Genehmigung nötig")
    expect(page.locator("#spiel-2 code")).to_have_text("w 4 + t")
    expect(page.locator("#spiel-5 code")).to_have_text("r g 2 4 -")
    expect(page.get_by_text("32 von 32 Spielen erfasst · 1 warten auf Genehmigung")).to_be_visible()


def sign_all(page):
    """The clerk ticks each player's paper signature (the name field left empty)."""
    for seat in range(1, 5):
        form = page.locator("ul.signatures form").first
        form.get_by_label("nur auf Papier unterschrieben").check()
        with page.expect_navigation():
            form.get_by_role("button", name="Unterschrieben").click()
        expect(page.locator(".messages .success")).to_have_text(
            f"Spieler {seat} hat unterschrieben."
        )
    expect(page.locator("ul.signatures li").filter(has_text="✓ auf Papier")).to_have_count(4)


def approve_tout(page):
    page.get_by_role("link", name="Genehmigungen").click()
    expect(page.get_by_role("heading", level=2)).to_have_text("Spiele, die auf Genehmigung warten")
    pending = page.locator("section.pending")
    expect(pending).to_have_count(1)
    expect(pending).to_contain_text("Durchgang 1 · Tisch 1 · Spiel 2")
    pending.get_by_label("Mindestens 2 laufende Unter").check()  # the checklist of 5.2.14
    pending.get_by_label("Die übrigen Karten sind mindestens Ass/Zehn").check()
    with page.expect_navigation():
        pending.get_by_role("button", name="Genehmigen").click()
    success = "Spiel 2 genehmigt: Es wird jetzt gewertet."
    expect(page.locator(".messages .success")).to_have_text(success)
    expect(page.locator("section.pending")).to_have_count(0)


def close_sheet(page, base):
    page.goto(base + url("sheet", 1, 1))
    expect(page.locator("#spiel-2 .badge.ok")).to_have_text("genehmigt")
    with page.expect_navigation():
        page.get_by_role("link", name="Spielliste abschließen …").click()
    expect(page.get_by_text("Tisch 1 wird abgeschlossen: 32 Spiele")).to_be_visible()
    with page.expect_navigation():
        page.get_by_role("button", name="Spielliste von Tisch 1 abschließen").click()
    success = "Die Spielliste von Tisch 1 ist abgeschlossen."
    expect(page.locator(".messages .success")).to_have_text(success)
    expect(page.locator("h2 .badge.closed")).to_have_text("abgeschlossen")
    expect(page.locator("#eingabe")).to_have_count(0)  # no entry line on a closed sheet


def ask_for_correction(page, base):
    page.goto(base + url("sheet", 1, 1))  # no "#…": a fragment alone would not reload the page
    expect(page.locator("#eingabe")).to_have_count(0)
    expect(page.get_by_text("Abgeschlossen von leitung")).to_be_visible()
    form = page.locator("form").filter(has=page.get_by_role("button", name="Korrektur beantragen"))
    form.get_by_label("Spiel:", exact=True).fill("5")
    form.get_by_label("Spielcode:").fill("r g 2 4 - sn")
    form.get_by_label("Grund:").fill("Zettel falsch gelesen")
    with page.expect_navigation():
        form.get_by_role("button", name="Korrektur beantragen").click()
    success = "Die Korrektur wartet auf die Freigabe der Turnierleitung."
    expect(page.locator(".messages .success")).to_have_text(success)
    expect(page.get_by_text("Spiel 5: Zettel falsch gelesen (schreiber)")).to_be_visible()


def sign_off_correction(page):
    page.get_by_role("link", name="Korrekturen").click()
    pending = page.locator("section.pending")
    expect(pending).to_have_count(1)
    expect(pending).to_contain_text("Grund: Zettel falsch gelesen (schreiber")
    with page.expect_navigation():
        pending.get_by_role("button", name="Freigeben").click()
    success = "Die Korrektur ist freigegeben und gilt."
    expect(page.locator(".messages .success")).to_have_text(success)
    expect(page.locator("section.pending")).to_have_count(0)


def read_sheet(page, base):
    """What the sheet shows: game 5's code and the history's kinds of event, newest first."""
    page.goto(base + url("sheet", 1, 1))
    kinds = page.locator("table.history tbody tr td:nth-child(3)").all_inner_texts()
    return page.locator("#spiel-5 code").inner_text(), kinds


def test_a_clerk_enters_a_whole_sheet_by_keyboard_and_the_supervisor_closes_and_corrects_it(
    drive, live_server, evening, supervisor
):
    base = live_server.url
    clerk = drive.new_page()
    drive(log_in, clerk, base, "schreiber")
    drive(jump_to_table, clerk, base, 1)
    drive(enter_sheet, clerk, CODES)
    hands = Hand.objects.filter(table=table_one())
    assert list(hands.values_list("number", flat=True)) == [*range(1, 33)]
    assert stored(1) == ("rufspiel", "gras", 2, 4, False, False, False)  # "r g 2 4 -"
    assert stored(6) == ("rufspiel", "schellen", 3, 1, True, True, False)  # "r s 3 1 + sn"
    assert stored(2) == ("wenz", "", 4, None, True, False, True)
    assert list(hands.filter(needs_approval=True, approved_by="")) == [game(2)]
    assert set(points(2).values()) == {0}  # the Tout scores nothing until approved

    drive(sign_all, clerk)
    assert set(table_one().seats.values_list("signature", flat=True)) == {"Papier"}
    assert not table_one().seats.filter(signed_at=None).exists()

    boss = drive.new_page()
    drive(log_in, boss, base, "leitung")
    drive(open_sheet, boss, base)
    drive(approve_tout, boss)
    assert game(2).approved_by == "leitung" and game(2).approved_at is not None
    assert points(2) == {"Spieler 1": -6, "Spieler 2": -6, "Spieler 3": -6, "Spieler 4": 18}
    assert table_one().closed_at is None

    drive(close_sheet, boss, base)
    closed = table_one()
    assert closed.closed_at is not None and closed.closed_by == supervisor

    drive(ask_for_correction, clerk, base)
    assert Correction.objects.values_list("number", "status").get() == (5, "pending")
    assert stored(5) == ("rufspiel", "gras", 2, 4, False, False, False)  # not in force yet

    drive(sign_off_correction, boss)
    assert stored(5) == ("rufspiel", "gras", 2, 4, False, True, False)
    assert Correction.objects.get().status == "applied"
    assert table_one().closed_at == closed.closed_at  # still closed

    code, kinds = drive(read_sheet, clerk, base)
    assert code == "r g 2 4 - sn"
    assert kinds[:4] == [*HISTORY_TOP, "genehmigt"]
    assert kinds.count("erfasst") == 32 and kinds.count("unterschrieben") == 4
    assert SheetEvent.objects.filter(table=closed).count() == len(kinds) == 40


def edit_by_number(page):
    for number in (1, 2, 3):
        type_game(page, number, RUF[number])
    refocus(page)
    page.keyboard.press("Shift+Tab")  # from the code field back to the game number
    expect(page.locator("#id_number")).to_be_focused()
    page.keyboard.press("Control+a")
    page.keyboard.type("2")
    expect(page.locator("#id_code")).to_have_value(RUF[2])  # loaded from the sheet's row
    expect(page.locator("#id_version")).to_have_value("1")
    page.keyboard.press("Tab")
    page.keyboard.press("Control+a")
    page.keyboard.type("r e 4 2 -")
    expect(page.locator("#vorschau")).to_contain_text("4: 4 Spieler 4 −")
    with page.expect_navigation():
        page.keyboard.press("Enter")
    expect(page.locator("#spiel-2 code")).to_have_text("r e 4 2 -")
    expect(page.locator("#id_number")).to_have_value("4")  # the first free game again


def type_bad_code(page, code):
    """A code the server refuses: the German error is shown next to the field; Escape empties
    the line again. Returns the error."""
    refocus(page)
    page.keyboard.type(code)
    expect(page.locator("#vorschau")).to_have_class(re.compile(r"\berror\b"))  # while typing
    with page.expect_navigation():
        page.keyboard.press("Enter")
    field = page.locator("#id_code")
    expect(field).to_have_attribute("aria-describedby", "code-errors")
    expect(field).to_have_attribute("aria-invalid", "true")
    expect(field).to_have_value(code)  # kept for mending
    expect(field).to_be_focused()
    error = page.locator("#code-errors").inner_text()
    page.keyboard.press("Escape")
    expect(field).to_have_value("")
    return error


def test_a_clerk_changes_a_game_by_its_number_and_a_bad_code_is_refused_in_german(
    drive, live_server, evening
):
    clerk = signed_in(drive, live_server.url, "schreiber")
    drive(open_sheet, clerk, live_server.url)
    drive(edit_by_number, clerk)
    assert stored(2) == ("rufspiel", "eichel", 4, 2, False, False, False)
    assert game(2).version == 2
    events = list(SheetEvent.objects.values_list("number", "kind"))
    assert events == [(1, "entered"), (2, "entered"), (3, "entered"), (2, "edited")]

    assert "„x“ ist keine Spielart" in drive(type_bad_code, clerk, "x 1 +")
    assert "Partner" in drive(type_bad_code, clerk, "r e 1 1 +")
    assert Hand.objects.filter(table=table_one()).count() == 3
    assert SheetEvent.objects.count() == 4  # nothing stored, nothing logged


def change_game_one(page, code):
    expect(page.locator("#id_number")).to_have_value("1")
    page.keyboard.press("Control+a")
    page.keyboard.type(code)
    with page.expect_navigation():
        page.keyboard.press("Enter")


def two_clerks_change_game_one(drive, evening, base):
    """Anna enters game 1; Anna and Berta open it for a change; Anna saves first, then Berta."""
    user = get_user_model().objects.create_user("schreiberin", password=PASSWORD)
    Membership.objects.create(tournament=evening, user=user, role="clerk")
    anna, berta = signed_in(drive, base, "schreiber"), signed_in(drive, base, "schreiberin")
    drive(open_sheet, anna, base)
    drive(type_game, anna, 1, "r e 1 3 +")
    for page in (anna, berta):
        drive(open_sheet, page, base, "?spiel=1")
    drive(change_game_one, anna, "r e 1 3 -")
    assert stored(1) == ("rufspiel", "eichel", 1, 3, False, False, False)
    drive(change_game_one, berta, "r g 2 4 +")
    return berta


def test_the_second_of_two_clerks_changing_the_same_game_is_told_of_the_conflict(
    drive, live_server, evening
):
    berta = two_clerks_change_game_one(drive, evening, live_server.url)
    alert = drive(lambda: berta.get_by_role("alert").inner_text())
    assert "Spiel 1 wurde inzwischen von jemand anderem geändert" in alert
    shown = drive(lambda: berta.locator("#spiel-1 code").inner_text())
    assert shown == "r e 1 3 -"  # the current state, to check and enter again
    assert stored(1) == ("rufspiel", "eichel", 1, 3, False, False, False)
    assert game(1).version == 2
    assert [e.user.username for e in SheetEvent.objects.all()] == ["schreiber", "schreiber"]


def choose_mine(page):
    """After the conflict: Enter again sends nothing; the explicit choice saves."""
    page.keyboard.press("Enter")
    expect(page.locator("#konflikt-wahl")).to_contain_text("Bitte zuerst wählen")
    with page.expect_navigation():
        page.get_by_role("button", name="Meine Eingabe speichern (überschreibt Spiel 1)").click()


def test_after_a_conflict_the_clerk_saves_her_game_only_by_choosing_it(drive, live_server, evening):
    berta = two_clerks_change_game_one(drive, evening, live_server.url)
    drive(choose_mine, berta)  # she has checked the stored game beside hers: hers is right
    assert stored(1) == ("rufspiel", "gras", 2, 4, True, False, False)


def type_after_a_save(page):
    """Game 1, then at once the next code, as the clerk would: where do the keys go?"""
    page.keyboard.type("r e 1 3 +")
    with page.expect_navigation():
        page.keyboard.press("Enter")
    page.keyboard.type("r g 2 4 -")
    return page.locator("#id_number").input_value(), page.locator("#id_code").input_value()


def test_after_a_save_the_code_field_has_the_focus_for_the_next_game(drive, live_server, evening):
    clerk = signed_in(drive, live_server.url, "schreiber")
    drive(open_sheet, clerk, live_server.url)
    assert drive(type_after_a_save, clerk) == ("2", "r g 2 4 -")
