"""The ranking (5.4.1, 5.4.2; docs/rules.md, section 8): points, the tie-break cascade, a lot.

Players equal on points are compared by a. Sie played, b. Touts won, c. Touts played, d. single-
player games won, e. single-player games played (higher is better, each only if all earlier ones
are equal); players still equal are separated by lot: positions from a physical draw, or a
shuffle reproducible from the tournament's seed. No database, no Django.
"""

from __future__ import annotations

import random

import pytest

from rules.tiebreaks import CHAINS, COUNTERS
from scoring.ranking import Totals, rank_players


def totals(player: str, points: int = 10, counts: tuple[int, ...] = (0, 0, 0, 0, 0)) -> Totals:
    return Totals(player=player, points=points, **dict(zip(COUNTERS, counts, strict=True)))


def order(ranked) -> list[str]:
    return [r.totals.player for r in ranked]


# (sie, tout_won, tout_played, solo_won, solo_played): equal before the step, the better player
# higher at the step, the worse player higher at every later counter.
CASCADE = [
    pytest.param((1, 0, 0, 0, 0), (0, 2, 3, 5, 9), id="a-sie-played"),
    pytest.param((1, 1, 1, 1, 1), (1, 0, 2, 4, 9), id="b-touts-won"),
    pytest.param((0, 1, 2, 2, 2), (0, 1, 1, 5, 9), id="c-touts-played"),
    pytest.param((2, 0, 0, 3, 3), (2, 0, 0, 2, 9), id="d-solos-won"),
    pytest.param((0, 1, 1, 2, 4), (0, 1, 1, 2, 3), id="e-solos-played"),
]


@pytest.mark.parametrize(("better", "worse"), CASCADE)
@pytest.mark.parametrize("swap", [False, True], ids=["given-in-order", "given-reversed"])
def test_players_equal_on_points_are_ordered_by_the_first_counter_that_differs(better, worse, swap):
    players = [totals("better", counts=better), totals("worse", counts=worse)]
    if swap:
        players.reverse()
    ranked = rank_players(players, seed="turnier")
    assert order(ranked) == ["better", "worse"]
    assert [r.rank for r in ranked] == [1, 2]
    assert [r.lot for r in ranked] == [None, None]


def test_points_come_before_every_counter():
    ranked = rank_players(
        [totals("solist", points=10, counts=(1, 1, 1, 9, 9)), totals("rufer", points=11)],
        seed="turnier",
    )
    assert order(ranked) == ["rufer", "solist"]


def test_ranks_run_from_one_to_n_without_gaps_even_through_ties():
    players = [
        totals("a", 30),
        totals("b", 20),
        totals("c", 20),
        totals("d", 20),
        totals("e", 5),
        totals("f", -40),
    ]
    ranked = rank_players(players, seed="turnier")
    assert [r.rank for r in ranked] == [1, 2, 3, 4, 5, 6]
    assert order(ranked)[0] == "a"
    assert set(order(ranked)[1:4]) == {"b", "c", "d"}
    assert order(ranked)[4:] == ["e", "f"]


def test_only_players_separated_by_lot_carry_their_lot_position():
    players = [totals("a", 30), totals("b", 20), totals("c", 20), totals("d", 20), totals("e", 5)]
    ranked = rank_players(players, seed="turnier")
    lots = {r.totals.player: r.lot for r in ranked}
    assert lots["a"] is None and lots["e"] is None
    assert [r.lot for r in ranked[1:4]] == [1, 2, 3]


TIED = [totals(name) for name in ("anna", "bert", "carl", "dora", "emil", "fritz")]


def test_the_seeded_lot_is_the_same_for_the_same_seed_whatever_the_input_order():
    first = order(rank_players(TIED, seed="Turnier 2026-11-22"))
    for shuffle_seed in range(5):
        shuffled = TIED[:]
        random.Random(shuffle_seed).shuffle(shuffled)
        assert order(rank_players(shuffled, seed="Turnier 2026-11-22")) == first
    assert sorted(first) == sorted(t.player for t in TIED)


def test_a_different_seed_can_draw_a_different_order():
    orders = {tuple(order(rank_players(TIED, seed=f"seed-{n}"))) for n in range(20)}
    assert len(orders) > 1


def test_positions_from_a_physical_draw_decide_when_every_tied_player_has_one():
    players = [totals("a", 30), totals("b", 20), totals("c", 20), totals("d", 20)]
    drawn = {"b": 3, "c": 1, "d": 2}
    ranked = rank_players(players, seed="turnier", drawn=drawn)
    assert order(ranked) == ["a", "c", "d", "b"]
    assert [r.lot for r in ranked] == [None, 1, 2, 3]


def test_the_seeded_lot_decides_when_a_tied_player_has_no_drawn_position():
    players = [totals("b", 20), totals("c", 20), totals("d", 20)]
    seeded = order(rank_players(players, seed="turnier"))
    partial = {seeded[2]: 1, seeded[1]: 2}  # would reverse the lot, but seeded[0] has none
    assert order(rank_players(players, seed="turnier", drawn=partial)) == seeded


def test_drawn_positions_of_players_outside_the_tie_change_nothing():
    players = [totals("a", 30), totals("b", 20)]
    ranked = rank_players(players, seed="turnier", drawn={"a": 2, "b": 1})
    assert order(ranked) == ["a", "b"]
    assert [r.lot for r in ranked] == [None, None]


def test_the_solos_chain_compares_only_the_single_player_games_played():
    many_solos = totals("many", counts=(0, 0, 0, 0, 6))
    sie_and_touts = totals("sie", counts=(1, 2, 2, 2, 5))
    ranked = rank_players([sie_and_touts, many_solos], seed="turnier", chain=CHAINS["solos"])
    assert order(ranked) == ["many", "sie"]
    assert [r.lot for r in ranked] == [None, None]


def test_the_lot_chain_draws_lots_between_all_players_equal_on_points():
    with_counts = [totals("anna", counts=(1, 1, 1, 1, 1)), totals("bert"), totals("carl")]
    without_counts = [totals("anna"), totals("bert"), totals("carl")]
    ranked = rank_players(with_counts, seed="turnier", chain=CHAINS["lot"])
    assert [r.lot for r in ranked] == [1, 2, 3]
    assert order(ranked) == order(rank_players(without_counts, seed="turnier"))


def test_the_default_chain_is_the_cascade_of_5_4_2():
    players = [totals("worse", counts=(0, 2, 3, 5, 9)), totals("better", counts=(1, 0, 0, 0, 0))]
    assert order(rank_players(players, seed="turnier")) == ["better", "worse"]
    assert order(rank_players(players, seed="turnier", chain=CHAINS["5.4.2"])) == [
        "better",
        "worse",
    ]
