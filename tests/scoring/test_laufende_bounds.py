"""Laufende are bounded by the cards (6.2.2 of 2024; docs/rules.md, section 2): at most 14 in a
Rufspiel (two players' 16 cards), 8 in a Solo, Farbwenz or Farbgeier (one player's 8 cards), 4 in
a Wenz or Geier (the four Unter or Ober), and 8 in a Sie (its eight cards are a Solo's eight
highest trumps, 6.2.7 of 2024). An entry beyond the bound is refused under every point table,
with a German message naming the bound, so every way a game is entered refuses it.

The bounds are the table tests/data/laufende_bounds.json (also read by the import and entry
tests in tests/exchange/test_rule_corrections_import.py). No database.
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from django.utils import translation

from rules.contracts import MAX_LAUFENDE, PLAYED, Contract, Suit
from rules.presets import PRESETS, preset
from scoring.hand import HandFacts, Rules, hand_violations
from tests.rule_tables import laufende_cases, laufende_message, table
from tournament.scorekeeping.violations import violation_message

SEATS = ("1", "2", "3", "4")


def hand(case: dict, laufende: int, **more) -> HandFacts:
    game = dict(case["game"])
    if "suit" in game:
        game["suit"] = Suit(game["suit"])
    return HandFacts(
        number=7,
        seats=SEATS,
        contract=Contract(case["contract"]),
        declarer="2",
        laufende=laufende,
        **game | more,
    )


def violations(case: dict, laufende: int, key: str, **more) -> list[tuple]:
    found = hand_violations(hand(case, laufende, **more), Rules(table=preset(key)))
    return [(v.field, v.code, v.params) for v in found]


def test_the_table_holds_every_contract_and_the_engines_bounds():
    assert {c["contract"]: c["bound"] for c in table("laufende_bounds")} == {
        contract.value: MAX_LAUFENDE[contract] for contract in PLAYED
    }


@pytest.mark.parametrize("key", list(PRESETS))
@pytest.mark.parametrize(("case", "laufende"), laufende_cases(over=False))
def test_laufende_up_to_the_bound_are_accepted_under_every_table(case, laufende, key):
    assert violations(case, laufende, key) == []
    assert violations(case, 0, key) == []


@pytest.mark.parametrize("key", list(PRESETS))
@pytest.mark.parametrize(("case", "laufende"), laufende_cases(over=True))
def test_one_laufender_over_the_bound_is_refused_under_every_table(case, laufende, key):
    params = {"max": case["bound"], "laufende": laufende, "contract": case["contract"]}
    assert violations(case, laufende, key) == [("laufende", "laufende_bound", params)]


@pytest.mark.parametrize(("case", "laufende"), laufende_cases(over=True))
def test_the_refusal_says_the_bound_in_german(case, laufende):
    (refused,) = hand_violations(hand(case, laufende), Rules(table=preset("preisschafkopf-tarif")))
    with translation.override("de"):
        assert violation_message(refused) == laufende_message(case, laufende)


WENZ = next(case for case in table("laufende_bounds") if case["contract"] == "wenz")


@pytest.mark.parametrize(
    "more",
    [
        pytest.param(dict(tout=True), id="6.2.2-a-tout"),
        pytest.param(dict(won=None, offender="1"), id="6.2.2-a-sanctioned-game"),
        pytest.param(dict(won=None, struck=True), id="6.2.2-a-struck-game"),
    ],
)
def test_the_bound_holds_for_every_kind_of_game(more):
    refused = violations(WENZ, 5, "schafkopfschule-2007", **more)
    assert [(field, code) for field, code, _ in refused] == [("laufende", "laufende_bound")]


def test_negative_laufende_are_out_of_range():
    refused = violations(WENZ, -1, "schafkopfschule-2007")
    assert [(field, code) for field, code, _ in refused] == [("laufende", "laufende_range")]


def test_a_game_without_laufende_written_is_not_checked():
    game = replace(hand(WENZ, 0), laufende=None)
    assert hand_violations(game, Rules(table=preset("plus-only"))) == []
