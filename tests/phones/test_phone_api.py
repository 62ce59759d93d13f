"""The phones at a table: the scorekeeper's phone enters games, the others only read;
an entry sent again under the same key is stored once; two phones entering the same game: one
wins and the other is told; players confirm with their personal codes; wrong PINs are throttled;
a phone sees changes by polling the table's revision. Nothing is stored from a refused entry."""

from __future__ import annotations

import json
from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from tests.phones.helpers import enter, phone, post, url
from tests.sheets.helpers import fill
from tournament.models import Hand, PhoneEntry, Seat, SheetEvent, TableLink
from tournament.phones.links import table_link_issue
from tournament.phones.services import PIN_LOCK, PIN_TRIES
from tournament.sheets.services.hands import hand_record
from tournament.sheets.services.supervision import hand_approve

pytestmark = pytest.mark.django_db


def wrong(pin: str) -> str:
    return "000000" if pin != "000000" else "111111"


def test_an_entry_sent_twice_under_one_key_is_stored_once_and_answered_alike(link):
    keeper = phone(link, keeper=True)
    first = enter(keeper, link, 1, "r e 1 3 +", key="abc")
    again = enter(keeper, link, 1, "r e 1 3 +", key="abc")
    assert first.status_code == again.status_code == 200
    assert first.json()["outcome"] == again.json()["outcome"] == "saved"
    assert (first.json()["replayed"], again.json()["replayed"]) == (False, True)
    assert Hand.objects.filter(table=link.table).count() == 1
    assert PhoneEntry.objects.count() == 1
    assert SheetEvent.objects.filter(kind="entered").count() == 1
    state = again.json()["state"]
    assert [seat["points"] for seat in state["seats"]] == [1, -1, 1, -1]
    assert state["rows"][0]["text"] == "Rufspiel Eichel · Sepp Huber mit Xaver Bauer · gewonnen"
    assert state["next"] == 2


def test_only_the_scorekeepers_phone_enters_the_others_read(link):
    keeper, viewer = phone(link, keeper=True), phone(link)
    assert post(viewer, "phone_keeper", link, {}).status_code == 409  # somebody keeps it
    refused = enter(viewer, link, 1, "r e 1 3 +", key="viewer")
    assert refused.status_code == 400 and "anderes Telefon" in refused.json()["message"]
    assert Hand.objects.count() == 0
    assert enter(keeper, link, 1, "r e 1 3 +").status_code == 200
    state = viewer.get(url("phone_state", link)).json()
    assert state["keeper"] == "other" and state["entered"] == 1
    assert keeper.get(url("phone_state", link)).json()["keeper"] == "me"


def test_two_phones_entering_the_same_game_one_wins_the_other_is_told(link):
    """The scorekeeper's phone is offline with game 2 queued; another phone takes the sheet
    over and enters game 2; the first phone's game arrives later and is refused."""
    first = phone(link, keeper=True)
    assert enter(first, link, 1, "r e 1 3 +").status_code == 200
    second = phone(link)
    assert post(second, "phone_keeper", link, {"take": True}).status_code == 200
    assert enter(second, link, 2, "r g 2 4 -").status_code == 200
    late = enter(first, link, 2, "r s 4 1 +")
    assert late.status_code == 400 and "nicht gespeichert" in late.json()["message"]
    hands = Hand.objects.filter(table=link.table).order_by("number")
    assert [(h.number, h.suit) for h in hands] == [(1, "eichel"), (2, "gras")]


def test_a_game_a_clerk_entered_meanwhile_is_a_conflict_and_nothing_doubles(link, p):
    keeper = phone(link, keeper=True)
    hand_record(table=link.table, number=1, contract="rufspiel", suit="gras", declarer=p[2],
                partner=p[4], won=False)  # fmt: skip
    answer = enter(keeper, link, 1, "r e 1 3 +")
    assert answer.status_code == 409 and answer.json()["outcome"] == "conflict"
    assert "Spiel 1" in answer.json()["message"]
    assert list(Hand.objects.values_list("suit", flat=True)) == ["gras"]
    changed = enter(keeper, link, 1, "r e 1 3 +", key="edit", version=1)  # after checking
    assert changed.status_code == 200 and Hand.objects.get().suit == "eichel"


def test_a_refused_game_is_told_in_german_and_stores_nothing(link):
    keeper = phone(link, keeper=True)
    answer = enter(keeper, link, 1, "sie 2")  # first game: no Sie (2.9.1)
    assert answer.status_code == 400 and "2.9.1" in answer.json()["message"]
    unreadable = enter(keeper, link, 1, "x 1")
    assert unreadable.json()["message"].startswith("„x“ ist keine Spielart")
    beyond = enter(keeper, link, 40, "r e 1 3 +")
    assert beyond.json()["message"] == "Spiel: Diese Spielliste hat die Spiele 1 bis 32."
    assert Hand.objects.count() == 0
    not_an_object = post(keeper, "phone_entry", link, ["no", "dict"])
    assert not_an_object.status_code == 400
    assert not_an_object.json()["message"] == "Die Anfrage muss ein JSON-Objekt sein."


def test_the_state_changes_with_an_approval_and_is_204_while_nothing_changes(link, p, leitung):
    keeper = phone(link, keeper=True)
    enter(keeper, link, 1, "r e 1 3 +")
    tout = enter(keeper, link, 2, "w 2 + t")
    assert tout.status_code == 200 and "Genehmigung" in tout.json()["message"]
    state = tout.json()["state"]
    assert state["rows"][1]["status"] == "waiting" and state["waiting"] == 1
    since = {"seit": state["revision"]}
    assert keeper.get(url("phone_state", link), since).status_code == 204
    hand_approve(hand=Hand.objects.get(number=2), user=leitung)
    state = keeper.get(url("phone_state", link), since).json()
    assert state["rows"][1]["status"] == "approved" and state["waiting"] == 0
    assert state["rows"][1]["status_text"] == "genehmigt"


def test_players_confirm_a_complete_sheet_with_their_personal_codes(link, table, p):
    keeper = phone(link, keeper=True)
    early = post(keeper, "phone_confirm", link, {"seat": 1, "code": p[1].personal_code})
    assert early.status_code == 400 and "alle Spiele eingetragen" in early.json()["message"]
    fill(table, p)
    state = keeper.get(url("phone_state", link)).json()
    assert state["confirm"] and state["next"] is None
    wrong_code = post(keeper, "phone_confirm", link, {"seat": 2, "code": p[3].personal_code})
    assert wrong_code.status_code == 400
    assert wrong_code.json()["message"] == (
        "Das ist nicht der persönliche Code von Resi Maier (Platz 2). "
        "Noch 4 Versuche, dann eine Pause."
    )
    for seat in (1, 2, 3, 4):
        answer = post(keeper, "phone_confirm", link, {"seat": seat, "code": p[seat].personal_code})
        assert answer.status_code == 200
    signatures = set(Seat.objects.filter(table=table).values_list("signature", flat=True))
    assert signatures == {"Telefon-Code"}
    assert all(seat["confirmed"] for seat in answer.json()["state"]["seats"])
    late = enter(keeper, link, 32, "r g 2 4 -", version=1)
    assert late.status_code == 400 and "Turnierleitung" in late.json()["message"]


def test_wrong_pins_are_throttled_even_the_right_one_waits(link):
    client = Client()
    for _ in range(PIN_TRIES):
        answer = client.post(url("phone_sheet", link), {"pin": wrong(link.pin)})
        assert answer.status_code == 403
    assert "Zu viele falsche PINs" in answer.content.decode()
    right = client.post(url("phone_sheet", link), {"pin": link.pin})
    assert right.status_code == 403 and "Zu viele falsche PINs" in right.content.decode()
    assert post(client, "phone_keeper", link, {}).status_code == 403  # still locked out
    TableLink.objects.filter(pk=link.pk).update(
        pin_failed_at=timezone.now() - PIN_LOCK - timedelta(seconds=1)
    )
    assert client.post(url("phone_sheet", link), {"pin": link.pin}).status_code == 302
    assert TableLink.objects.get(pk=link.pk).pin_failures == 0


def test_json_answers_need_the_pin_and_a_valid_link(link, leitung):
    stranger = Client()
    locked = enter(stranger, link, 1, "r e 1 3 +")
    assert locked.status_code == 403 and locked.json()["locked"]
    keeper = phone(link, keeper=True)
    table_link_issue(table=link.table, user=leitung)  # reissued: the old link is gone
    gone = enter(keeper, link, 1, "r e 1 3 +")
    assert gone.status_code == 404 and gone.json()["gone"]
    assert keeper.get(url("phone_state", link)).status_code == 404
    assert Hand.objects.count() == 0


def test_without_javascript_the_page_takes_the_sheet_and_enters_once(link):
    client = phone(link)
    client.post(url("phone_sheet", link), {"claim": "1"})
    data = {"number": 1, "code": "r e 1 3 +", "version": 0, "key": "form-1"}
    assert client.post(url("phone_sheet", link), data).status_code == 302
    assert client.post(url("phone_sheet", link), data).status_code == 302  # sent twice
    assert Hand.objects.count() == 1
    event = SheetEvent.objects.get(kind="entered")
    assert event.user is None and event.reason == "am Telefon eingetragen"


def test_the_phone_page_offers_laufende_only_up_to_the_bound_of_each_contract(link):
    """DOMAIN 8 / 6.2.2 of 2024: the Laufende buttons stop where the cards do (14 Rufspiel,
    8 Solo, 4 Wenz); the server refuses more whatever the phone sends."""
    page = phone(link).get(url("phone_sheet", link)).content.decode()
    start = page.index('id="phone-choices"')
    offered = json.loads(page[page.index(">", start) + 1 : page.index("</script>", start)])
    bound = {c["label"]: c["laufende_max"] for c in offered["contracts"]}
    assert bound == {"Rufspiel": 14, "Solo": 8, "Wenz": 4, "Sie": 8}
    keeper = phone(link, keeper=True)
    beyond = enter(keeper, link, 2, "w 2 + l5")
    assert beyond.status_code == 400 and "höchstens 4 Laufende" in beyond.json()["message"]
