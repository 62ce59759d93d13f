"""After a change of server the phone asks for the table's games and the keys saved at it
(`phone_games`), and sends again, under the same keys and marked `resent`, what the new server
lacks: stored once however often it comes, from any phone of the table; a game that another
entry took meanwhile is a conflict, shown and not overwritten; a link sees its own table only."""

from __future__ import annotations

import pytest

from tests.phones.helpers import enter, phone, post, url
from tests.phones.resend_helpers import resend, server_loses
from tournament.models import Hand, PhoneEntry, SheetEvent, Table
from tournament.phones.links import table_link_issue, table_link_revoke
from tournament.sheets.services.hands import hand_record

pytestmark = pytest.mark.django_db

GAMES = {1: "r e 1 3 +", 2: "r g 2 4 -", 3: "w 3 +"}


def entered(link) -> object:
    keeper = phone(link, keeper=True)
    for number, code in GAMES.items():
        assert enter(keeper, link, number, code, key=f"k{number}").json()["outcome"] == "saved"
    return keeper


def games(client, link) -> dict:
    answer = client.get(url("phone_games", link))
    assert answer.status_code == 200
    return answer.json()


def test_the_list_of_games_names_each_game_and_the_keys_saved_at_the_table(link):
    keeper = entered(link)
    listing = games(keeper, link)
    assert listing["table"] == 1 and listing["durchgang"] == 1
    assert listing["games"] == [{"number": n, "version": 1} for n in (1, 2, 3)]
    assert listing["keys"] == ["k1", "k2", "k3"]
    server_loses(link.table, 2, 3)
    listing = games(keeper, link)
    assert [game["number"] for game in listing["games"]] == [1]
    assert listing["keys"] == ["k1"]


def test_games_sent_again_are_stored_exactly_once_however_often_they_come(link):
    keeper = entered(link)
    server_loses(link.table, 2, 3)
    for _round in range(3):
        for number in (2, 3):
            answer = resend(post, keeper, link, number, GAMES[number], key=f"k{number}")
            assert answer.status_code == 200
            assert answer.json()["outcome"] == "saved" and answer.json()["resent"] is True
            assert answer.json()["message"] == f"Spiel {number} ist gespeichert."
    hands = Hand.objects.filter(table=link.table).order_by("number")
    assert [(hand.number, hand.contract) for hand in hands] == [
        (1, "rufspiel"),
        (2, "rufspiel"),
        (3, "wenz"),
    ]
    assert PhoneEntry.objects.filter(table=link.table).count() == 3
    assert list(PhoneEntry.objects.filter(resent=True).values_list("number", flat=True)) == [2, 3]
    assert SheetEvent.objects.filter(kind="entered", number=3).count() == 2  # before and again
    assert games(keeper, link)["keys"] == ["k1", "k2", "k3"]


def test_a_phone_that_does_not_keep_the_sheet_may_send_its_saved_games_again(link):
    first = entered(link)
    second = phone(link)
    assert post(second, "phone_keeper", link, {"take": True}).status_code == 200
    server_loses(link.table, 3)
    again = resend(post, first, link, 3, GAMES[3], key="k3")
    assert again.status_code == 200 and again.json()["resent"] is True
    plain = enter(first, link, 4, "r e 1 3 +", key="new")  # not a game sent again
    assert plain.status_code == 400 and "anderes Telefon" in plain.json()["message"]
    assert Hand.objects.filter(table=link.table).count() == 3


def test_a_game_another_entry_took_meanwhile_is_a_conflict_and_not_overwritten(link, p):
    keeper = entered(link)
    server_loses(link.table, 3)
    hand_record(table=link.table, number=3, contract="rufspiel", suit="schellen", declarer=p[4],
                partner=p[1], won=True)  # fmt: skip  # a clerk typed it from the paper
    answer = resend(post, keeper, link, 3, GAMES[3], key="k3")
    assert answer.status_code == 409 and answer.json()["outcome"] == "conflict"
    assert "Spiel 3" in answer.json()["message"] and answer.json()["resent"] is False
    assert Hand.objects.get(table=link.table, number=3).suit == "schellen"
    assert not PhoneEntry.objects.filter(resent=True).exists()


def test_a_game_the_sheet_has_already_as_sent_is_saved_without_a_second_write(link, p):
    keeper = entered(link)
    server_loses(link.table, 3)
    hand_record(table=link.table, number=3, contract="wenz", declarer=p[3], won=True)
    answer = resend(post, keeper, link, 3, GAMES[3], key="k3")
    assert answer.status_code == 200 and answer.json()["outcome"] == "saved"
    assert answer.json()["resent"] is False  # nothing was missing: not counted as sent again
    assert Hand.objects.get(table=link.table, number=3).version == 1


def test_a_game_changed_on_the_phone_and_lost_altogether_is_entered_anew(link):
    keeper = entered(link)
    edit = enter(keeper, link, 3, "w 3 -", key="edit3", version=1)
    assert edit.json()["outcome"] == "saved"
    server_loses(link.table, 3)
    answer = resend(post, keeper, link, 3, "w 3 -", key="edit3", version=1)
    assert answer.status_code == 200 and answer.json()["resent"] is True
    assert Hand.objects.get(table=link.table, number=3).won is False


def test_a_table_link_lists_its_own_table_only_and_only_after_the_pin(evening):
    one, two = Table.objects.filter(durchgang__tournament=evening).order_by("number")
    link_one = table_link_issue(table=one, user=None)
    link_two = table_link_issue(table=two, user=None)
    entered(link_one)
    other = phone(link_two)
    listing = games(other, link_two)
    assert listing["table"] == 2 and listing["games"] == [] and listing["keys"] == []
    stranger = other.get(url("phone_games", link_one))  # the PIN of table 2 only
    assert stranger.status_code == 403 and stranger.json()["locked"] is True
    assert "k1" not in stranger.content.decode()
    table_link_revoke(table=one)
    gone = phone(link_two).get(url("phone_games", link_one))
    assert gone.status_code == 404 and gone.json()["gone"] is True
