"""Rule 3.4.18 by the cases of tests/data/3.4.18_mistake_by.json, scored by the engine: the
player who revealed his cards is the offender, the one who made the mistake scores 0. No
database, no Django."""

from __future__ import annotations

from typing import Any

import pytest

from rules.contracts import Contract, Suit
from rules.presets import SCHAFKOPFSCHULE_2007
from scoring.hand import HandFacts, Rules, hand_points, hand_violations
from tests.rule_tables import kind_cases

RULES = Rules(table=SCHAFKOPFSCHULE_2007)
SEATS = ("1", "2", "3", "4")


def facts(hand: dict[str, Any]) -> HandFacts:
    sanction = hand.get("sanction", {})
    return HandFacts(
        number=hand["number"],
        seats=SEATS,
        contract=Contract(hand["contract"]),
        declarer=hand["declarer"],
        suit=Suit(hand["suit"]) if "suit" in hand else None,
        partner=hand.get("partner"),
        won=hand.get("won"),
        tout=hand.get("tout", False),
        offender=sanction.get("offender"),
        mistake_by=sanction.get("mistake_by"),
    )


def cases(kind: str) -> list[Any]:
    return kind_cases("3.4.18_mistake_by", kind)


@pytest.mark.parametrize("case", cases("points"))
def test_3_4_18_the_engine_scores_the_one_who_made_the_mistake_0(case):
    hand = facts(case["hand"])
    assert hand_violations(hand, RULES) == []
    assert hand_points(hand, RULES.table) == case["points"]


@pytest.mark.parametrize("case", cases("refused"))
def test_3_4_18_the_engine_refuses_a_wrong_mistake_by(case):
    found = {(v.field, v.code) for v in hand_violations(facts(case["hand"]), RULES)}
    assert found == {(case["refused"]["field"], case["refused"]["code"])}


def test_3_4_18_a_mistake_by_without_an_offender_is_refused():
    hand = HandFacts(number=2, seats=SEATS, contract=Contract.SOLO, declarer="2", won=True)
    hand = HandFacts(**{**hand.__dict__, "suit": Suit.HERZ, "mistake_by": "1"})
    found = {(v.field, v.code) for v in hand_violations(hand, RULES)}
    assert found == {("sanction.mistake_by", "mistake_by_without_offender")}


def test_3_4_18_the_dealer_sitting_out_cannot_have_made_the_mistake():
    # Game 3 at a table of five: seat 3 deals and sits out.
    seats = (*SEATS, "5")
    hand = HandFacts(
        number=3, seats=seats, contract=Contract.SOLO, suit=Suit.HERZ, declarer="2",
        won=True, offender="1", mistake_by="3",
    )  # fmt: skip
    found = {(v.field, v.code) for v in hand_violations(hand, RULES)}
    assert found == {("sanction.mistake_by", "sits_out")}


def test_3_4_18_a_thrown_in_deal_has_no_mistake_by():
    rules = Rules(table=SCHAFKOPFSCHULE_2007, all_pass_thrown_in=True)
    hand = HandFacts(
        number=2, seats=SEATS, contract=Contract.ZUSAMMENGEWORFEN, declarer=None, mistake_by="1"
    )
    found = {(v.field, v.code) for v in hand_violations(hand, rules)}
    assert ("sanction.mistake_by", "thrown_in_field") in found
