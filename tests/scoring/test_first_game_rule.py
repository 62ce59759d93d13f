"""The first game of a sheet (rules 5.2.15 and 2.9.1 as docs/rules.md, section 4, reads them).

In game 1 a single-player Tout or Schwarz, won or lost, is scored as a simple single-player
game (6 / 2, Schneider not added); Schneider alone scores as usual; a Rufspiel is not affected.
The Sie in the first game (2.9.1 of 2007, 2.6 of 2024) is its own setting: test_sie_first_game.py.
No database, no Django.
"""

from __future__ import annotations

import pytest

from rules.contracts import Contract, Suit
from rules.presets import (
    SCHAFKOPFSCHULE_2007,
)
from scoring.hand import (
    DeclarerCounts,
    HandFacts,
    Rules,
    declarer_counts,
    hand_points,
    hand_violations,
)

TABLE = SCHAFKOPFSCHULE_2007
RULES = Rules(table=TABLE)
FOUR = ("anna", "bert", "carl", "dora")
FIVE = ("anna", "bert", "carl", "dora", "emil")


def single(number=1, *, seats=FOUR, contract=Contract.SOLO, suit=Suit.EICHEL, **result):
    return HandFacts(
        number=number, seats=seats, contract=contract, suit=suit, declarer="bert", **result
    )


def scored(hand: HandFacts) -> dict[str, int]:
    assert hand_violations(hand, RULES) == [], "the test builds a valid game"
    return hand_points(hand, TABLE)


def declarer_and_defenders(points: dict[str, int], declarer: str = "bert"):
    return points[declarer], sorted(v for p, v in points.items() if p != declarer)


FIRST_GAME_CASES = [
    # Tout or Schwarz: a simple single-player game (5.2.7: 6 + / each 2 -).
    pytest.param(dict(won=True, tout=True), 6, -2, id="solo-tout-won"),
    pytest.param(dict(won=False, tout=True), -6, 2, id="solo-tout-lost"),
    pytest.param(
        dict(won=True, tout=True, schneider=True, schwarz=True), 6, -2, id="solo-tout-won-schwarz"
    ),
    pytest.param(
        dict(contract=Contract.WENZ, suit=None, won=True, tout=True), 6, -2, id="wenz-tout-won"
    ),
    pytest.param(
        dict(contract=Contract.GEIER, suit=None, won=False, tout=True),
        -6,
        2,
        id="geier-tout-lost",
    ),
    pytest.param(dict(won=True, schneider=True, schwarz=True), 6, -2, id="solo-schwarz-won"),
    pytest.param(dict(won=False, schneider=True, schwarz=True), -6, 2, id="solo-schwarz-lost"),
    pytest.param(
        dict(contract=Contract.FARBWENZ, won=True, schneider=True, schwarz=True),
        6,
        -2,
        id="farbwenz-schwarz-won",
    ),
    # Schneider alone scores as usual (9 + / each 3 -).
    pytest.param(dict(won=True, schneider=True), 9, -3, id="solo-schneider-won"),
    pytest.param(dict(won=False, schneider=True), -9, 3, id="solo-schneider-lost"),
    pytest.param(
        dict(contract=Contract.FARBGEIER, won=True, schneider=True),
        9,
        -3,
        id="farbgeier-schneider-won",
    ),
    # A simple game stays simple.
    pytest.param(dict(won=True), 6, -2, id="solo-won"),
    pytest.param(dict(won=False), -6, 2, id="solo-lost"),
]


@pytest.mark.parametrize(("result", "decl", "each_defender"), FIRST_GAME_CASES)
def test_in_the_first_game_tout_and_schwarz_score_as_a_simple_single_player_game(
    result, decl, each_defender
):
    points = scored(single(1, **result))
    assert declarer_and_defenders(points) == (decl, [each_defender] * 3)


@pytest.mark.parametrize(
    ("result", "decl", "each_defender"),
    [
        pytest.param(dict(won=True, tout=True), 18, -6, id="tout-won"),
        pytest.param(dict(won=False, tout=True), -18, 6, id="tout-lost"),
        pytest.param(dict(won=True, schneider=True, schwarz=True), 12, -4, id="schwarz-won"),
        pytest.param(dict(won=False, schneider=True, schwarz=True), -12, 4, id="schwarz-lost"),
    ],
)
def test_from_the_second_game_on_tout_and_schwarz_score_in_full(result, decl, each_defender):
    points = scored(single(2, **result))
    assert declarer_and_defenders(points) == (decl, [each_defender] * 3)


def test_the_first_game_rule_also_holds_at_a_table_of_five_where_seat_one_sits_out():
    points = scored(single(1, seats=FIVE, won=True, tout=True))
    assert points == {"anna": 0, "bert": 6, "carl": -2, "dora": -2, "emil": -2}


@pytest.mark.parametrize(
    ("won", "schneider", "schwarz", "each"),
    [
        pytest.param(True, True, True, 3, id="won-schwarz"),
        pytest.param(False, True, True, -3, id="lost-schwarz"),
        pytest.param(True, True, False, 2, id="won-schneider"),
    ],
)
def test_a_rufspiel_in_the_first_game_scores_as_usual(won, schneider, schwarz, each):
    hand = HandFacts(
        number=1,
        seats=FOUR,
        contract=Contract.RUFSPIEL,
        suit=Suit.SCHELLEN,
        declarer="bert",
        partner="dora",
        won=won,
        schneider=schneider,
        schwarz=schwarz,
    )
    assert scored(hand) == {"bert": each, "dora": each, "anna": -each, "carl": -each}


@pytest.mark.parametrize(
    ("number", "won", "counts"),
    [
        pytest.param(1, True, DeclarerCounts(solo_won=1, solo_played=1), id="first-game-won"),
        pytest.param(1, False, DeclarerCounts(solo_played=1), id="first-game-lost"),
        pytest.param(
            2,
            True,
            DeclarerCounts(tout_won=1, tout_played=1, solo_won=1, solo_played=1),
            id="second-game-won",
        ),
        pytest.param(2, False, DeclarerCounts(tout_played=1, solo_played=1), id="second-game-lost"),
    ],
)
def test_a_first_game_tout_counts_as_a_simple_single_player_game_in_the_tie_breaks(
    number, won, counts
):
    hand = single(number, won=won, tout=True)
    assert declarer_counts(hand, scored(hand)) == counts


# --- Tournaments that play without the first-game rule ------------------------------------------

WITHOUT = dict(first_game_rule=False)


@pytest.mark.parametrize(
    ("result", "declarer", "defender"),
    [
        pytest.param(dict(won=True, tout=True), 18, -6, id="tout-won-counts-as-tout"),
        pytest.param(dict(won=False, tout=True), -18, 6, id="tout-lost-counts-as-tout"),
        pytest.param(dict(won=True, schneider=True, schwarz=True), 12, -4, id="schwarz-counts"),
    ],
)
def test_without_the_rule_the_first_game_scores_as_any_other(result, declarer, defender):
    hand = single(1, **result, **WITHOUT)
    points = declarer_and_defenders(scored(hand))
    assert points == (declarer, [defender] * 3)
    assert points == declarer_and_defenders(scored(single(2, **result)))


def test_without_the_rule_a_first_game_tout_counts_as_tout_in_the_tie_breaks():
    hand = single(1, won=True, tout=True, **WITHOUT)
    counts = declarer_counts(hand, hand_points(hand, TABLE))
    assert counts == DeclarerCounts(tout_won=1, tout_played=1, solo_won=1, solo_played=1)
