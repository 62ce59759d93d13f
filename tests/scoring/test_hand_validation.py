"""The rule checks of one game as written on the scoresheet (`scoring.hand.hand_violations`).

Each case starts from a valid game and breaks one rule; the check must name the field and the
rule broken, and nothing else. No database, no Django.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from rules.contracts import Contract, Suit
from rules.presets import (
    SCHAFKOPFSCHULE_2007,
)
from scoring.hand import HandFacts, Rules, hand_violations

RULES = Rules(table=SCHAFKOPFSCHULE_2007)
# A tournament without Farbwenz, Geier and Farbgeier.
CLASSIC = frozenset({Contract.RUFSPIEL, Contract.SOLO, Contract.WENZ, Contract.SIE})
FOUR = ("anna", "bert", "carl", "dora")
FIVE = ("anna", "bert", "carl", "dora", "emil")

RUFSPIEL = HandFacts(
    number=7,
    seats=FOUR,
    contract=Contract.RUFSPIEL,
    suit=Suit.EICHEL,
    declarer="bert",
    partner="dora",
    won=True,
)
SOLO = HandFacts(
    number=7, seats=FOUR, contract=Contract.SOLO, suit=Suit.HERZ, declarer="bert", won=True
)
WENZ = replace(SOLO, contract=Contract.WENZ, suit=None)
GEIER = replace(SOLO, contract=Contract.GEIER, suit=None)
SIE = HandFacts(number=7, seats=FOUR, contract=Contract.SIE, declarer="bert")
# Game 8 at a table of five: carl (seat 3) deals and sits out.
FIVE_SOLO = replace(SOLO, number=8, seats=FIVE)


def pairs(hand: HandFacts, rules: Rules = RULES) -> set[tuple[str, str]]:
    return {(v.field, v.code) for v in hand_violations(hand, rules)}


@pytest.mark.parametrize(
    "hand",
    [
        pytest.param(RUFSPIEL, id="rufspiel"),
        pytest.param(SOLO, id="solo"),
        pytest.param(WENZ, id="wenz"),
        pytest.param(SIE, id="sie"),
        pytest.param(FIVE_SOLO, id="solo-at-five"),
        pytest.param(replace(SOLO, tout=True), id="tout"),
        pytest.param(replace(RUFSPIEL, won=False, schneider=True, schwarz=True), id="schwarz"),
        pytest.param(replace(SOLO, augen=61), id="augen"),
        pytest.param(replace(SOLO, offender="anna", won=None), id="sanctioned"),
        pytest.param(replace(SOLO, struck=True, won=None), id="struck"),
    ],
)
def test_a_valid_game_breaks_no_rule(hand):
    assert pairs(hand) == set()


VIOLATIONS = [
    # The number of the game.
    pytest.param(replace(SOLO, number=0), ("number", "number_range"), id="number-0"),
    pytest.param(replace(SOLO, number=33), ("number", "number_range"), id="number-33-at-four"),
    pytest.param(replace(FIVE_SOLO, number=41), ("number", "number_range"), id="number-41-at-5"),
    # The contract and what it may name.
    pytest.param(GEIER, ("contract", "contract_not_allowed"), id="not-in-tournament"),
    pytest.param(replace(RUFSPIEL, suit=Suit.HERZ), ("suit", "suit_not_allowed"), id="ruf-herz"),
    pytest.param(replace(RUFSPIEL, suit=None), ("suit", "suit_missing"), id="ruf-no-suit"),
    pytest.param(replace(WENZ, suit=Suit.GRAS), ("suit", "suit_not_allowed"), id="wenz-suit"),
    pytest.param(replace(SOLO, suit=None), ("suit", "suit_missing"), id="solo-no-suit"),
    # The players.
    pytest.param(replace(SOLO, declarer="zoe"), ("declarer", "not_seated"), id="declarer-away"),
    pytest.param(replace(FIVE_SOLO, declarer="carl"), ("declarer", "sits_out"), id="dealer-of-5"),
    pytest.param(replace(RUFSPIEL, partner=None), ("partner", "partner_missing"), id="no-partner"),
    pytest.param(
        replace(RUFSPIEL, partner="bert"), ("partner", "partner_is_declarer"), id="partner-self"
    ),
    pytest.param(
        replace(SOLO, partner="dora"), ("partner", "partner_not_allowed"), id="partner-in-solo"
    ),
    pytest.param(
        replace(FIVE_SOLO, contract=Contract.RUFSPIEL, suit=Suit.GRAS, partner="carl"),
        ("partner", "sits_out"),
        id="partner-is-dealer-of-5",
    ),
    # Tout only on a single-player game.
    pytest.param(replace(RUFSPIEL, tout=True), ("tout", "tout_not_allowed"), id="tout-rufspiel"),
    pytest.param(replace(SIE, tout=True), ("tout", "tout_not_allowed"), id="tout-sie"),
    # The result.
    pytest.param(replace(SOLO, won=None), ("won", "won_missing"), id="won-missing"),
    pytest.param(replace(RUFSPIEL, won=None), ("won", "won_missing"), id="won-missing-ruf"),
    pytest.param(
        replace(SOLO, schwarz=True), ("schwarz", "schwarz_without_schneider"), id="schwarz-only"
    ),
    # Augen: 0..120; 61 wins; Schneider with >= 91 won or <= 30 lost (4.1.2-4.1.4, docs/rules.md).
    pytest.param(replace(SOLO, augen=121), ("augen", "augen_range"), id="augen-121"),
    pytest.param(replace(SOLO, augen=-1), ("augen", "augen_range"), id="augen-negative"),
    pytest.param(replace(SOLO, augen=60), ("augen", "augen_contradicts_won"), id="won-with-60"),
    pytest.param(
        replace(SOLO, won=False, augen=61), ("augen", "augen_contradicts_won"), id="lost-with-61"
    ),
    pytest.param(
        replace(SOLO, tout=True, augen=119), ("augen", "augen_contradicts_won"), id="tout-119"
    ),
    pytest.param(
        replace(SOLO, augen=91), ("augen", "augen_contradicts_schneider"), id="91-not-schneider"
    ),
    pytest.param(
        replace(SOLO, schneider=True, augen=90),
        ("augen", "augen_contradicts_schneider"),
        id="90-schneider",
    ),
    pytest.param(
        replace(SOLO, won=False, augen=30),
        ("augen", "augen_contradicts_schneider"),
        id="lost-30-not-schneider",
    ),
    pytest.param(
        replace(SOLO, won=False, schneider=True, augen=31),
        ("augen", "augen_contradicts_schneider"),
        id="lost-31-schneider",
    ),
    # Kontra (Stoß) only where the tournament allows it.
    pytest.param(replace(SOLO, kontra=1), ("kontra", "kontra_not_allowed"), id="kontra"),
    # The offender of a sanction must play the game.
    pytest.param(
        replace(SOLO, offender="zoe"), ("sanction.offender", "not_seated"), id="offender-away"
    ),
    pytest.param(
        replace(FIVE_SOLO, offender="carl"),
        ("sanction.offender", "sits_out"),
        id="offender-is-dealer-of-5",
    ),
]


@pytest.mark.parametrize(("hand", "expected"), VIOLATIONS)
def test_a_game_breaking_one_rule_names_that_rule_only(hand, expected):
    rules = replace(RULES, contracts=CLASSIC)
    assert pairs(hand, rules) == {expected}


@pytest.mark.parametrize(
    ("won", "schneider", "augen"),
    [
        pytest.param(True, False, 61, id="won-61"),
        pytest.param(True, False, 90, id="won-90"),
        pytest.param(True, True, 91, id="won-schneider-91"),
        pytest.param(False, False, 60, id="lost-60"),
        pytest.param(False, False, 31, id="lost-31"),
        pytest.param(False, True, 30, id="lost-schneider-30"),
    ],
)
def test_augen_on_the_boundaries_agree_with_the_result(won, schneider, augen):
    assert pairs(replace(SOLO, won=won, schneider=schneider, augen=augen)) == set()


@pytest.mark.parametrize(
    "hand",
    [
        pytest.param(SIE, id="sie"),
        pytest.param(replace(SOLO, won=None, offender="carl"), id="sanctioned"),
        pytest.param(replace(RUFSPIEL, won=None, struck=True), id="struck"),
    ],
)
def test_a_game_not_scored_by_its_result_needs_no_result(hand):
    assert ("won", "won_missing") not in pairs(hand)
    assert pairs(hand) == set()


def test_a_contract_the_tournament_does_not_allow_is_refused_until_it_is_allowed():
    rules = replace(RULES, contracts=CLASSIC)
    farbwenz = replace(SOLO, contract=Contract.FARBWENZ)
    assert pairs(farbwenz, rules) == {("contract", "contract_not_allowed")}
    assert pairs(farbwenz, replace(rules, contracts=rules.contracts | {Contract.FARBWENZ})) == set()


def test_kontra_is_accepted_where_the_tournament_allows_it():
    assert pairs(replace(SOLO, kontra=2), replace(RULES, kontra_allowed=True)) == set()
