"""Phones of one table sending the same lost games again at the same moment after a change of
server: each game is stored once (the entry key is unique per table; the sheet is locked)."""

from __future__ import annotations

import pytest

from tests.phones.helpers import enter, phone, post
from tests.phones.resend_helpers import resend, server_loses
from tests.sheets.helpers import all_at_once
from tournament.models import Hand, PhoneEntry

pytestmark = pytest.mark.django_db(transaction=True)  # the threads see what was committed


def test_the_same_game_sent_again_by_several_phones_at_once_is_stored_once(link):
    keeper = phone(link, keeper=True)
    for number, code in ((1, "r e 1 3 +"), (2, "w 3 +")):
        assert enter(keeper, link, number, code, key=f"k{number}").status_code == 200
    server_loses(link.table, 2)
    phones = [keeper, phone(link), phone(link), keeper]
    answers = all_at_once(4, lambda i: resend(post, phones[i], link, 2, "w 3 +", key="k2"))
    assert all(not isinstance(answer, Exception) for answer in answers), answers
    assert {answer.json()["outcome"] for answer in answers} == {"saved"}
    assert sorted(answer.json()["replayed"] for answer in answers) == [False, True, True, True]
    assert Hand.objects.filter(table=link.table, number=2).count() == 1
    assert PhoneEntry.objects.filter(table=link.table, key="k2", resent=True).count() == 1


def test_two_different_games_sent_again_for_one_number_at_once_one_wins(link):
    keeper = phone(link, keeper=True)
    assert enter(keeper, link, 1, "r e 1 3 +", key="k1").status_code == 200
    codes = ["r g 2 4 -", "r s 4 1 +"]
    answers = all_at_once(2, lambda i: resend(post, phone(link), link, 2, codes[i], key=f"lost{i}"))
    outcomes = sorted(answer.json()["outcome"] for answer in answers)
    assert outcomes == ["conflict", "saved"]
    assert Hand.objects.filter(table=link.table, number=2).count() == 1
