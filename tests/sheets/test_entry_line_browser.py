"""The entry line in a real browser: after a conflict between two
clerks, Enter again leaves the other clerk's game alone and only the explicit choice saves; a
supervisor approves the Tout he has just entered right on the line, by keyboard."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse
from playwright.sync_api import expect

from tests.sheets.decision_helpers import players, table_one
from tournament.models import Hand, Membership, SheetEvent
from tournament.sheets.services.hands import HandEntry, hand_save

pytestmark = pytest.mark.django_db(transaction=True)

SLUG = "abend"  # the `evening` tournament of tests/conftest.py


def url(name, *args):
    return reverse(f"manage:{name}", args=[SLUG, *args])


def game(number):
    return Hand.objects.get(table__durchgang__tournament__slug=SLUG, table__number=1, number=number)


def stored(number):
    hand = game(number)
    seat = dict(hand.table.seats.values_list("player_id", "position"))
    return hand.contract, hand.suit, seat[hand.declarer_id], hand.won, hand.version


@pytest.fixture
def signed_in(logged_in_page):
    """`signed_in(username)`: a page of that user, in a browser context of its own."""
    return lambda username: logged_in_page(
        get_user_model().objects.get(username=username), timeout=5000
    )


def open_sheet(page, base, query=""):
    page.goto(base + url("sheet", 1, 1) + query)


def save_line(page, code):
    page.locator("#id_code").focus()
    page.keyboard.press("Control+a")
    page.keyboard.type(code)
    with page.expect_navigation():
        page.keyboard.press("Enter")


def test_after_a_conflict_enter_again_keeps_the_other_clerks_game_the_choice_saves(
    live_server, evening, signed_in
):
    base = live_server.url
    berta_user = get_user_model().objects.create_user("berta")
    Membership.objects.create(tournament=evening, user=berta_user, role="clerk")
    anna, berta = signed_in("schreiber"), signed_in("berta")
    open_sheet(anna, base)
    save_line(anna, "r e 1 3 +")
    for page in (anna, berta):
        open_sheet(page, base, "?spiel=1")
    save_line(berta, "r g 2 4 -")  # Berta changes game 1 first
    assert stored(1) == ("rufspiel", "gras", 2, False, 2)

    save_line(anna, "s h 3 +")  # Anna's change of the version she had: a conflict
    expect(anna.get_by_role("alert").first).to_contain_text(
        "Spiel 1 wurde inzwischen von jemand anderem geändert"
    )
    expect(anna.locator("#konflikt-gespeichert")).to_contain_text("r g 2 4 -")
    expect(anna.locator("#konflikt-gespeichert")).to_contain_text("geändert von berta")
    expect(anna.locator("#konflikt-eingabe")).to_contain_text("s h 3 +")
    expect(anna.locator("#id_code")).to_be_focused()

    anna.keyboard.press("Enter")  # Enter again: nothing is sent, a choice is asked for
    expect(anna.locator("#konflikt-wahl")).to_have_text(
        "Bitte zuerst wählen: „Meine Eingabe speichern (überschreibt Spiel 1)“ oder "
        "„Gespeichertes Spiel behalten“."
    )
    said = anna.locator("#konflikt-wahl")
    said.evaluate("element => { element.hidden = true; }")
    anna.locator("#id_number").focus()
    anna.keyboard.press("Enter")  # from the number field neither: the same words, no save
    expect(said).to_be_visible()
    assert stored(1) == ("rufspiel", "gras", 2, False, 2)
    assert SheetEvent.objects.filter(number=1).count() == 2

    choice = anna.get_by_role("button", name="Meine Eingabe speichern (überschreibt Spiel 1)")
    choice.focus()
    with anna.expect_navigation():
        anna.keyboard.press("Enter")  # the explicit choice, by keyboard
    assert stored(1) == ("solo", "herz", 3, True, 3)
    expect(anna.locator("#spiel-1 code")).to_have_text("s h 3 +")
    expect(anna.locator("#konflikt")).to_have_count(0)


def test_keeping_the_stored_game_after_a_conflict_drops_the_typed_one(
    live_server, evening, signed_in
):
    base = live_server.url
    anna = signed_in("schreiber")
    boss = signed_in("leitung")
    open_sheet(anna, base)
    save_line(anna, "r e 1 3 +")
    open_sheet(anna, base, "?spiel=1")
    open_sheet(boss, base, "?spiel=1")
    save_line(boss, "r g 2 4 -")
    save_line(anna, "s h 3 +")
    with anna.expect_navigation():
        anna.get_by_role("button", name="Gespeichertes Spiel behalten").click()
    expect(anna.locator(".messages")).to_contain_text(
        "Spiel 1 bleibt wie gespeichert; Ihre Eingabe wurde nicht gespeichert."
    )
    assert stored(1) == ("rufspiel", "gras", 2, False, 2)


def test_the_supervisor_approves_the_tout_he_entered_on_the_line_by_keyboard(
    live_server, evening, signed_in
):
    base = live_server.url
    boss = signed_in("leitung")
    open_sheet(boss, base)
    save_line(boss, "r e 1 3 +")
    save_line(boss, "w 4 + t")  # game 2, a Wenz-Tout
    line = boss.locator("#genehmigen")
    expect(line).to_contain_text("Spiel 2 braucht die Genehmigung: Tout")
    first = line.get_by_label("Mindestens 2 laufende Unter", exact=False)
    expect(first).to_be_focused()  # the first condition of 5.2.14 has the focus
    boss.keyboard.press("Space")
    boss.keyboard.press("Tab")
    boss.keyboard.press("Space")
    boss.keyboard.press("Tab")
    expect(line.get_by_role("button", name="Genehmigen (Enter)")).to_be_focused()
    with boss.expect_navigation():
        boss.keyboard.press("Enter")
    expect(boss.locator(".messages .success")).to_have_text(
        "Spiel 2 genehmigt: Es wird jetzt gewertet."
    )
    expect(boss.locator("#spiel-2 .badge.ok")).to_have_text("genehmigt")
    expect(boss.locator("#id_code")).to_be_focused()  # on with the next game
    assert game(2).approved_by == "leitung"
    boss.goto(base + url("approvals"))
    expect(boss.locator("section.pending")).to_have_count(0)
    expect(boss.get_by_text("Kein Spiel wartet auf eine Genehmigung.")).to_be_visible()


def test_a_sie_is_approved_with_one_key_and_typing_goes_back_to_the_line(
    live_server, evening, signed_in
):
    base = live_server.url
    boss = signed_in("leitung")
    open_sheet(boss, base)
    save_line(boss, "r e 1 3 +")
    save_line(boss, "sie 3")  # game 2
    expect(boss.get_by_role("button", name="Genehmigen (Enter)")).to_be_focused()
    with boss.expect_navigation():
        boss.keyboard.press("Enter")  # one more key
    assert game(2).approved_by == "leitung"

    save_line(boss, "sie 4")  # game 3, another Sie: the supervisor goes on typing instead
    expect(boss.get_by_role("button", name="Genehmigen (Enter)")).to_be_focused()
    boss.keyboard.type("r e 1 3 +")
    expect(boss.locator("#id_code")).to_be_focused()
    expect(boss.locator("#id_code")).to_have_value("r e 1 3 +")
    assert not game(3).approved_by


def test_the_approval_queue_names_the_missing_tout_condition_in_words(
    live_server, evening, signed_in
):
    # The page itself says which condition of 5.2.14 is missing; no browser
    # tooltip stops the form first.
    p, table = players(), table_one()
    first = HandEntry(contract="rufspiel", suit="eichel", declarer=p[1], partner=p[3], won=True)
    hand_save(table=table, number=1, game=first, version=0)
    tout = HandEntry(contract="wenz", declarer=p[2], won=True, tout=True)
    hand_save(table=table, number=2, game=tout, version=0)
    boss = signed_in("leitung")
    boss.goto(live_server.url + url("approvals"))
    form = boss.locator("form.approval").first
    with boss.expect_navigation():
        form.get_by_role("button", name="Genehmigen", exact=True).click()
    expect(
        boss.get_by_text("Regel 5.2.14: Bedingung noch nicht bestätigt:", exact=False).first
    ).to_be_visible()
    assert game(2).approved_by == ""
