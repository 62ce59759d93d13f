"""Properties of scoring and ranking that hold for every valid game and every set of totals.

Hypothesis builds valid games at tables of four and five with random contracts, results,
sanctions and struck flags; the properties come from docs/rules.md: every game sums to zero (5.2.7),
the dealer of a table of five scores 0, a struck game scores 0 (5.2.17), and the ranking orders
all players by points, then the 5.4.2 cascade. No database, no Django.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from itertools import pairwise

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.presets import (
    SCHAFKOPFSCHULE_2007,
)
from rules.tiebreaks import COUNTERS
from scoring.hand import Rules, hand_points, hand_violations
from scoring.ranking import Totals, rank_players
from tests.strategies import NAMES, seatings
from tests.strategies import hands as any_hands

pytestmark = pytest.mark.slow

TABLE = SCHAFKOPFSCHULE_2007
RULES = Rules(table=TABLE)


def hands(seats=None):
    """Valid games, sanctioned and struck ones among them (tests/strategies.py)."""
    return any_hands(seats, struck=True)


@given(hands())
def test_the_strategy_builds_only_valid_games(hand):
    assert hand_violations(hand, RULES) == []


@given(hands())
def test_every_game_sums_to_zero(hand):
    assert sum(hand_points(hand, TABLE).values()) == 0


@given(hands())
def test_every_seated_player_gets_a_score_and_nobody_else(hand):
    assert set(hand_points(hand, TABLE)) == set(hand.seats)


@given(hands(seats=NAMES[:5]))
def test_the_dealer_at_a_table_of_five_scores_nothing(hand):
    dealer = NAMES[(hand.number - 1) % 5]
    assert hand_points(hand, TABLE)[dealer] == 0


@given(hands())
def test_a_struck_game_scores_nothing_for_anyone(hand):
    struck = replace(hand, struck=True, won=None)
    assert set(hand_points(struck, TABLE).values()) == {0}


@given(hands())
def test_the_offender_of_a_sanctioned_game_always_loses_points(hand):
    if hand.offender is not None and not hand.struck:
        assert hand_points(hand, TABLE)[hand.offender] < 0


@given(seatings.flatmap(lambda seats: st.lists(hands(seats=seats), max_size=40)))
def test_plus_minus_minus_is_the_points_of_every_player_over_a_sheet(sheet):
    points, plus, minus = Counter(), Counter(), Counter()
    for hand in sheet:
        for player, value in hand_points(hand, TABLE).items():
            points[player] += value
            plus[player] += max(value, 0)
            minus[player] += max(-value, 0)
    for player in points:
        assert plus[player] - minus[player] == points[player]
    assert sum(points.values()) == 0


counter = st.integers(0, 2)
totals_lists = st.lists(
    st.builds(
        lambda player, points, counts: Totals(
            player=player, points=points, **dict(zip(COUNTERS, counts, strict=True))
        ),
        player=st.text(min_size=1, max_size=6),
        points=st.integers(-3, 3),
        counts=st.tuples(counter, counter, counter, counter, counter),
    ),
    max_size=12,
    unique_by=lambda t: t.player,
)


def merit(t: Totals) -> tuple[int, ...]:
    return (t.points, t.sie, t.tout_won, t.tout_played, t.solo_won, t.solo_played)


@given(totals_lists, st.text(max_size=10))
def test_the_ranking_is_a_permutation_with_ranks_one_to_n(players, seed):
    ranked = rank_players(players, seed=seed)
    assert sorted(r.totals.player for r in ranked) == sorted(t.player for t in players)
    assert [r.rank for r in ranked] == list(range(1, len(players) + 1))


@given(totals_lists, st.text(max_size=10))
def test_the_ranking_orders_by_points_then_the_cascade(players, seed):
    ranked = rank_players(players, seed=seed)
    for ahead, behind in pairwise(ranked):
        assert merit(ahead.totals) >= merit(behind.totals)


@given(totals_lists, st.text(max_size=10))
def test_a_lot_position_is_given_exactly_to_players_tied_on_everything(players, seed):
    ties = Counter(merit(t) for t in players)
    for r in rank_players(players, seed=seed):
        assert (r.lot is not None) == (ties[merit(r.totals)] > 1)


@given(totals_lists, st.text(max_size=10), st.randoms())
def test_the_ranking_does_not_depend_on_the_order_of_its_input(players, seed, rnd):
    shuffled = players[:]
    rnd.shuffle(shuffled)
    first = [r.totals.player for r in rank_players(players, seed=seed)]
    assert [r.totals.player for r in rank_players(shuffled, seed=seed)] == first
