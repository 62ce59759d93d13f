"""The supervisor's decisions hold, and no change skips the version check (points 1,
5 and the safe `next` of 13).

A game that carries a decision of the Turnierleitung (struck, refused, sanctioned, approved) is
changed or deleted only by a supervisor, or by a clerk's correction the supervisor signs off:
a clerk or a table's phone that tries is told so in German and nothing changes, so deleting
the game and entering it again cannot shed the decision. Every change sent from a page or a
phone carries the version of the game it was loaded with; without a valid one nothing is
stored. A decision form sends its user back only to a page of this site.
"""

from __future__ import annotations

import json

import pytest
from django.test import Client
from django.urls import reverse

from tests.sheets.decision_helpers import SLUG, decide, game, page, players, table_one, url
from tournament.models import Correction, Hand, Sanction, SheetEvent, Table, Tournament
from tournament.phones.links import table_link_issue
from tournament.ranking.standings import standings_compute
from tournament.sheets.services.hand_errors import HandRuleError
from tournament.sheets.services.hands import HandEntry, hand_delete, hand_save

pytestmark = pytest.mark.django_db

DECIDED = "Spiel 2 trägt eine Entscheidung der Turnierleitung"
NO_VERSION = "Dem Formular fehlt die Version des Spiels"


def state() -> tuple:
    """What the sheet and the ranking show: the games with their decisions, the sanctions,
    each player's points, and the history's length."""
    tournament = Tournament.objects.get(slug=SLUG)
    hands = Hand.objects.filter(table__durchgang__tournament=tournament).order_by("number")
    return (
        list(hands.values_list("number", "version", "contract", "won", "struck", "approved_by")),
        list(
            Sanction.objects.filter(hand__in=hands).values_list(
                "hand__number", "offender__start_number", "reason"
            )
        ),
        {s.player.start_number: s.points for s in standings_compute(tournament)},
        SheetEvent.objects.count(),
    )


KINDS = ["struck", "refused", "sanctioned", "approved"]


@pytest.mark.parametrize("kind", KINDS)
def test_a_clerk_cannot_delete_a_decided_game_and_enter_it_again_without_the_decision(
    client, evening, supervisor, clerk, kind
):
    decide(kind, supervisor)
    before = state()
    client.force_login(clerk)

    deleted = client.post(
        url("hand_delete", 1, 1, 2), {"version": game().version, "reason": "x"}, follow=True
    )
    again = client.post(url("hand_enter", 1, 1), {"number": 2, "code": "r g 2 4 +", "version": 0})

    assert state() == before
    assert DECIDED in page(deleted) and "Korrektur" in page(deleted)
    assert again.status_code == 400


@pytest.mark.parametrize("kind", KINDS)
def test_a_clerk_cannot_change_a_decided_game_in_the_entry_line(
    client, evening, supervisor, clerk, kind
):
    hand = decide(kind, supervisor)
    before = state()
    client.force_login(clerk)

    response = client.post(
        url("hand_enter", 1, 1), {"number": 2, "code": "r e 1 3 -", "version": hand.version}
    )

    assert state() == before
    assert response.status_code == 400 and DECIDED in page(response)


def test_the_service_refuses_a_decided_game_to_whoever_is_not_the_supervisor(evening, supervisor):
    hand = decide("sanctioned", supervisor)
    before = state()
    p = players()
    change = HandEntry(contract="rufspiel", suit="gras", declarer=p[2], partner=p[4], won=False)

    with pytest.raises(HandRuleError) as changed:
        hand_save(table=table_one(), number=2, game=change, version=hand.version)
    with pytest.raises(HandRuleError):
        hand_delete(table=table_one(), number=2, version=hand.version, reason="x")

    assert state() == before
    assert "Strafe" in changed.value.errors["number"][0]


def phone_of(table: Table, supervisor) -> tuple[Client, str]:
    """A phone that typed the table's PIN and keeps the sheet; the URL of its entries."""
    link = table_link_issue(table=table, user=supervisor)
    phone = Client()
    phone.post(reverse("tournament:phone_sheet", args=[link.token]), {"pin": link.pin})
    keeper = reverse("tournament:phone_keeper", args=[link.token])
    assert phone.post(keeper, "{}", content_type="application/json").status_code == 200
    return phone, reverse("tournament:phone_entry", args=[link.token])


def phone_enter(phone: Client, entry: str, data: dict):
    return phone.post(entry, json.dumps(data), content_type="application/json")


@pytest.mark.parametrize("kind", KINDS)
def test_a_tables_phone_cannot_change_a_decided_game(evening, supervisor, kind):
    hand = decide(kind, supervisor)
    phone, entry = phone_of(table_one(), supervisor)
    before = state()

    answer = phone_enter(
        phone, entry, {"key": "k", "number": 2, "code": "r e 1 3 -", "version": hand.version}
    )

    assert state() == before
    assert answer.status_code == 400 and answer.json()["outcome"] == "refused"
    assert DECIDED in answer.json()["message"]


def test_the_supervisor_changes_and_deletes_decided_games(client, evening, supervisor):
    hand = decide("sanctioned", supervisor)
    client.force_login(supervisor)

    changed = client.post(
        url("hand_enter", 1, 1), {"number": 2, "code": "r e 1 3 -", "version": hand.version}
    )
    assert changed.status_code == 302
    hand = game()
    assert (hand.suit, hand.won, hand.sanction.offender.start_number) == ("eichel", False, 4)

    client.post(url("hand_delete", 1, 1, 2), {"version": hand.version, "reason": "x"})
    assert not Hand.objects.filter(table=table_one(), number=2).exists()


def test_the_pages_tell_the_clerk_to_ask_for_a_correction_and_offer_no_delete(
    client, evening, supervisor, clerk
):
    decide("struck", supervisor)
    client.force_login(clerk)

    hand_page = page(client.get(url("hand", 1, 1, 2)))
    sheet_page = page(client.get(url("sheet", 1, 1)))
    loaded = page(client.get(url("sheet", 1, 1) + "?spiel=2"))

    assert DECIDED + " (gestrichen)" in hand_page
    assert url("hand_delete", 1, 1, 2) not in hand_page
    assert url("correct", 1, 1) in hand_page
    assert "Die Spiele 2 tragen eine Entscheidung der Turnierleitung" in sheet_page
    assert url("correct", 1, 1) in sheet_page
    assert sheet_page.count('id="id_code"') == 1  # the entry line's; the correction has its own
    assert DECIDED in loaded
    client.force_login(supervisor)
    assert url("hand_delete", 1, 1, 2) in page(client.get(url("hand", 1, 1, 2)))
    assert url("hand_delete", 1, 1, 1) in page(client.get(url("hand", 1, 1, 1)))


def test_a_clerks_correction_of_a_decided_game_counts_once_the_supervisor_signs_it_off(
    client, evening, supervisor, clerk
):
    decide("struck", supervisor)
    client.force_login(clerk)
    asked = client.post(
        url("correct", 1, 1), {"number": 2, "code": "r g 2 4 -", "reason": "Falsch notiert"}
    )
    assert asked.status_code == 302
    assert game().won is True  # not before the sign-off

    client.force_login(supervisor)
    queue = page(client.get(url("corrections")))
    assert "Falsch notiert" in queue
    assert f'name="version" value="{game().version}"' in queue  # what the sign-off sends
    correction = Correction.objects.get()
    client.post(
        url("correction_decide", correction.pk), {"decision": "apply", "version": game().version}
    )

    hand = game()
    assert (hand.won, hand.struck) == (False, True)  # corrected, and still struck
    assert Correction.objects.get().status == Correction.Status.APPLIED


def test_a_signed_off_correction_deletes_a_sanctioned_game(client, evening, supervisor, clerk):
    decide("sanctioned", supervisor)
    client.force_login(clerk)
    client.post(
        url("correct", 1, 1),
        {"number": 2, "code": "", "delete": "on", "reason": "Doppelt notiert"},
    )
    client.force_login(supervisor)
    correction = Correction.objects.get()

    client.post(
        url("correction_decide", correction.pk), {"decision": "apply", "version": game().version}
    )

    assert not Hand.objects.filter(table=table_one(), number=2).exists()
    assert not Sanction.objects.filter(hand__table=table_one()).exists()


def test_a_correction_of_an_undecided_game_of_an_open_sheet_is_refused(client, evening, clerk):
    client.force_login(clerk)
    client.post(url("hand_enter", 1, 1), {"number": 1, "code": "r e 1 3 +", "version": 0})

    response = client.post(
        url("correct", 1, 1), {"number": 1, "code": "", "delete": "on", "reason": "x"}
    )

    assert response.status_code == 400 and "Die Spielliste ist offen" in page(response)
    assert not Correction.objects.exists()


GARBLED = [None, "", "abc", "-1", "1.5", "1e0", " 1", "²", "9" * 5000]


def with_version(data: dict, version) -> dict:
    return data if version is None else {**data, "version": version}


@pytest.mark.parametrize("version", GARBLED)
def test_deleting_without_a_valid_version_is_refused_and_nothing_changes(
    client, evening, clerk, version
):
    client.force_login(clerk)
    client.post(url("hand_enter", 1, 1), {"number": 1, "code": "r e 1 3 +", "version": 0})
    before = state()

    response = client.post(
        url("hand_delete", 1, 1, 1), with_version({"reason": "x"}, version), follow=True
    )

    assert state() == before
    assert NO_VERSION in page(response)


@pytest.mark.parametrize("version", GARBLED)
def test_the_entry_line_without_a_valid_version_is_refused_and_nothing_changes(
    client, evening, clerk, version
):
    client.force_login(clerk)
    client.post(url("hand_enter", 1, 1), {"number": 1, "code": "r e 1 3 +", "version": 0})
    before = state()

    changed = client.post(
        url("hand_enter", 1, 1), with_version({"number": 1, "code": "r g 2 4 -"}, version)
    )
    new = client.post(
        url("hand_enter", 1, 1), with_version({"number": 2, "code": "r g 2 4 -"}, version)
    )

    assert state() == before
    assert changed.status_code == new.status_code == 400
    assert NO_VERSION in page(changed) and NO_VERSION in page(new)


@pytest.mark.parametrize("version", ["missing", None, "", "x", True, 1.5, -1, 2**40])
def test_a_phone_entry_without_a_valid_version_is_refused_and_nothing_changes(
    evening, supervisor, version
):
    phone, entry = phone_of(table_one(), supervisor)
    first = {"key": "a", "number": 1, "code": "r e 1 3 +", "version": 0}
    assert phone_enter(phone, entry, first).status_code == 200
    before = state()
    sent = {"key": "b", "number": 1, "code": "r g 2 4 -"}
    if version != "missing":
        sent["version"] = version

    answer = phone_enter(phone, entry, sent)
    new = phone_enter(phone, entry, {**sent, "key": "c", "number": 2})

    assert state() == before
    assert answer.status_code == new.status_code == 400
    # Refused by the JSON's types (bool, float) or by the entry line, naming the version.
    assert "version" in answer.json()["message"].lower()
    assert "version" in new.json()["message"].lower()


DECISIONS = [
    ("approve", {"note": "ok", "condition_0": "on", "condition_1": "on"}),
    ("refuse", {"note": "nein"}),
    ("strike", {"reason": "Vergeben"}),
    ("sanction", {"offender": "", "reason": ""}),
]


@pytest.mark.parametrize("name, data", DECISIONS, ids=[name for name, _data in DECISIONS])
@pytest.mark.parametrize("version", [None, "", "abc", "0"])
def test_a_decision_without_a_valid_version_is_refused_in_german_and_nothing_changes(
    client, evening, supervisor, name, data, version
):
    client.force_login(supervisor)
    client.post(url("hand_enter", 1, 1), {"number": 1, "code": "w 2 + t", "version": 0})
    before = state()

    response = client.post(url(name, 1, 1, 1), with_version(data, version))

    assert state() == before
    assert response.status_code == 400 and NO_VERSION in page(response)


@pytest.mark.parametrize("version", [None, "", "abc", "7"])
def test_a_correction_signed_off_without_the_version_seen_is_refused_and_nothing_changes(
    client, evening, supervisor, clerk, version
):
    decide("struck", supervisor)
    client.force_login(clerk)
    client.post(url("correct", 1, 1), {"number": 2, "code": "r g 2 4 -", "reason": "Falsch"})
    client.force_login(supervisor)
    before = state()
    correction = Correction.objects.get()

    response = client.post(
        url("correction_decide", correction.pk),
        with_version({"decision": "apply"}, version),
        follow=True,
    )

    assert state() == before
    expected = "inzwischen von jemand anderem geändert" if version == "7" else NO_VERSION
    assert expected in page(response)
    assert Correction.objects.get().status == Correction.Status.PENDING


@pytest.mark.parametrize(
    "target", ["https://evil.example/", "//evil.example/", "http:///evil.example/", "javascript:x"]
)
def test_a_decision_sends_the_user_back_only_to_a_page_of_this_site(
    client, evening, supervisor, target
):
    client.force_login(supervisor)
    client.post(url("hand_enter", 1, 1), {"number": 1, "code": "w 2 + t", "version": 0})
    approve = {"version": 1, "condition_0": "on", "condition_1": "on"}

    response = client.post(url("approve", 1, 1, 1), {**approve, "next": target})

    assert response.status_code == 302 and response.url == url("hand", 1, 1, 1)
    assert game(1).approved_by  # the decision itself is taken


def test_a_decision_from_the_approval_queue_returns_to_the_queue(client, evening, supervisor):
    client.force_login(supervisor)
    client.post(url("hand_enter", 1, 1), {"number": 1, "code": "w 2 + t", "version": 0})
    approve = {"version": 1, "condition_0": "on", "condition_1": "on"}

    response = client.post(url("approve", 1, 1, 1), {**approve, "next": url("approvals")})

    assert response.status_code == 302 and response.url == url("approvals")
