"""Laufende are bounded by the cards (6.2.2 of 2024; docs/rules.md, section 2): at most 14 in a
Rufspiel (two players' 16 cards), 8 in a Solo, Farbwenz or Farbgeier (one player's 8 cards), 4 in
a Wenz or Geier (the four Unter or Ober), and 8 in a Sie (its eight cards are a Solo's eight
highest trumps, 6.2.7 of 2024). An entry beyond the bound is refused under every point table, so
every way a game is entered refuses it. No database, no Django.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from rules.contracts import Contract, Suit
from rules.presets import PRESETS, preset
from scoring.hand import HandFacts, Rules, hand_violations

FOUR = ("anna", "bert", "carl", "dora")
GAMES = {
    Contract.RUFSPIEL: dict(suit=Suit.GRAS, partner="dora", won=True),
    Contract.SOLO: dict(suit=Suit.HERZ, won=True),
    Contract.WENZ: dict(won=False),
    Contract.FARBWENZ: dict(suit=Suit.EICHEL, won=True),
    Contract.GEIER: dict(won=True),
    Contract.FARBGEIER: dict(suit=Suit.SCHELLEN, won=False),
    Contract.SIE: {},
}
BOUNDS = [
    pytest.param(Contract.RUFSPIEL, 14, id="6.2.2-rufspiel-14"),
    pytest.param(Contract.SOLO, 8, id="6.2.2-solo-8"),
    pytest.param(Contract.FARBWENZ, 8, id="6.2.2-farbwenz-8"),
    pytest.param(Contract.FARBGEIER, 8, id="6.2.2-farbgeier-8"),
    pytest.param(Contract.WENZ, 4, id="6.2.2-wenz-4"),
    pytest.param(Contract.GEIER, 4, id="6.2.2-geier-4"),
    pytest.param(Contract.SIE, 8, id="6.2.7-sie-8"),
]


def violations(contract: Contract, laufende: int, key: str, **more) -> list[tuple]:
    hand = HandFacts(
        number=7,
        seats=FOUR,
        contract=contract,
        declarer="bert",
        laufende=laufende,
        **GAMES[contract] | more,
    )
    rules = Rules(table=preset(key))
    return [(v.field, v.code, v.params) for v in hand_violations(hand, rules)]


@pytest.mark.parametrize("key", list(PRESETS))
@pytest.mark.parametrize(("contract", "bound"), BOUNDS)
def test_laufende_up_to_the_bound_are_accepted_under_every_table(contract, bound, key):
    assert violations(contract, bound, key) == []
    assert violations(contract, 0, key) == []


@pytest.mark.parametrize("key", list(PRESETS))
@pytest.mark.parametrize(("contract", "bound"), BOUNDS)
def test_one_laufender_over_the_bound_is_refused_under_every_table(contract, bound, key):
    params = {"max": bound, "laufende": bound + 1, "contract": contract.value}
    assert violations(contract, bound + 1, key) == [("laufende", "laufende_bound", params)]


@pytest.mark.parametrize(
    "more",
    [
        pytest.param(dict(tout=True), id="6.2.2-a-tout"),
        pytest.param(dict(won=None, offender="anna"), id="6.2.2-a-sanctioned-game"),
        pytest.param(dict(won=None, struck=True), id="6.2.2-a-struck-game"),
    ],
)
def test_the_bound_holds_for_every_kind_of_game(more):
    refused = violations(Contract.WENZ, 5, "schafkopfschule-2007", **more)
    assert [(field, code) for field, code, _ in refused] == [("laufende", "laufende_bound")]


def test_negative_laufende_are_out_of_range():
    refused = violations(Contract.RUFSPIEL, -1, "schafkopfschule-2007")
    assert [(field, code) for field, code, _ in refused] == [("laufende", "laufende_range")]


def test_a_game_without_laufende_written_is_not_checked():
    hand = HandFacts(number=7, seats=FOUR, contract=Contract.WENZ, declarer="bert", won=True)
    assert hand_violations(replace(hand, laufende=None), Rules(table=preset("plus-only"))) == []
