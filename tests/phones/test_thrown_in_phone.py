"""The table phone and thrown-in deals (4.1.5 of 2024): a "Zusammengeworfen" button only where
the tournament records them, the line sent as code `z` and stored with 0 points; under the 2007
rule (5.2.5) the JSON endpoint refuses it in German and stores nothing."""

from __future__ import annotations

import pytest

from tests.phones.helpers import enter, phone
from tournament.models import Hand, Tournament
from tournament.phones.state import phone_choices

pytestmark = pytest.mark.django_db


def thrown_in_buttons(tournament) -> list[dict]:
    return [c for c in phone_choices(tournament)["contracts"] if c["thrown_in"]]


def test_4_1_5_the_button_appears_only_where_thrown_in_deals_are_recorded(link):
    tournament = link.table.durchgang.tournament
    assert thrown_in_buttons(tournament) == []
    Tournament.objects.filter(pk=tournament.pk).update(all_pass="thrown_in")
    tournament.refresh_from_db()
    [button] = thrown_in_buttons(tournament)
    assert (button["code"], button["label"], button["suits"], button["result"]) == (
        "z",
        "Zusammengeworfen",
        [],
        False,
    )


def test_4_1_5_the_phone_saves_a_thrown_in_line(link):
    Tournament.objects.filter(pk=link.table.durchgang.tournament_id).update(all_pass="thrown_in")
    keeper = phone(link, keeper=True)
    answer = enter(keeper, link, 1, "z")
    assert answer.status_code == 200, answer.content
    hand = Hand.objects.get(table=link.table, number=1)
    assert (hand.contract, hand.declarer_id) == ("zusammengeworfen", None)
    assert set(hand.scores.values_list("points", flat=True)) == {0}


def test_5_2_5_the_phone_endpoint_refuses_a_thrown_in_line_under_2007(link):
    keeper = phone(link, keeper=True)
    answer = enter(keeper, link, 1, "z")
    assert answer.status_code != 200
    assert "Dieses Turnier schreibt keine zusammengeworfenen Spiele auf" in (
        answer.content.decode()
    )
    assert not Hand.objects.filter(table=link.table).exists()
