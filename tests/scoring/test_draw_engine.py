"""The draw planner (Auslosung): tables and seats for the Durchgänge still to come.

Every player sits at exactly one table per round, at tables of four and five as `table_sizes`
says; the same seed gives the same plan; players do not meet at one table twice where that can be
avoided, counting the rounds already played; clubs are kept apart when asked. No database, no
Django.
"""

from __future__ import annotations

import random
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.draw import club_conflicts, draw_plan, meetings, repeat_count
from scoring.seating import seat_randomly, table_sizes

pytestmark = pytest.mark.slow


def names(count: int) -> list[str]:
    return [f"{number:04d}" for number in range(1, count + 1)]


def assert_every_player_seated_once(plan, players):
    for round_ in plan:
        seated = [p for table in round_ for p in table]
        assert sorted(seated) == sorted(players)
        assert sorted(len(table) for table in round_) == sorted(table_sizes(len(players)))


def brute_force_repeats(rounds, players) -> int:
    repeats = 0
    for a, b in combinations(players, 2):
        times = sum(any(a in table and b in table for table in round_) for round_ in rounds)
        repeats += max(0, times - 1)
    return repeats


VALID_COUNTS = [n for n in range(8, 61) if n % 4 <= n // 4]

# (players, rounds) where no pair needs to meet twice; 22 and 37 mix in tables of five.
WITHOUT_REPEATS = [
    pytest.param(1000, 3, id="1000-players-3-rounds"),
    pytest.param(100, 3, id="100-players-3-rounds"),
    pytest.param(40, 3, id="40-players-3-rounds"),
    pytest.param(37, 3, id="37-players-3-rounds"),
    pytest.param(24, 3, id="24-players-3-rounds"),
    pytest.param(22, 3, id="22-players-3-rounds"),
    pytest.param(20, 3, id="20-players-3-rounds"),
    pytest.param(20, 4, id="20-players-4-rounds"),
    pytest.param(16, 4, id="16-players-4-rounds"),
    pytest.param(16, 5, id="16-players-5-rounds"),
]


@pytest.mark.parametrize(("count", "rounds"), WITHOUT_REPEATS)
def test_players_never_meet_twice_when_the_field_allows_it(count, rounds):
    players = names(count)
    plan = draw_plan(players, rounds=rounds, seed="turnier")
    assert len(plan) == rounds
    assert_every_player_seated_once(plan, players)
    assert repeat_count(plan) == 0


@pytest.mark.parametrize("seed", ["a", "b", "c", "d", "e"])
def test_sixteen_players_meet_every_other_player_exactly_once_in_five_rounds(seed):
    players = names(16)
    plan = draw_plan(players, rounds=5, seed=seed)
    assert_every_player_seated_once(plan, players)
    assert set(meetings(plan).values()) == {1}
    assert len(meetings(plan)) == 16 * 15 // 2


@pytest.mark.parametrize("trial", range(5))
def test_sixteen_players_drawn_one_durchgang_at_a_time_with_fresh_seeds_never_meet_twice(trial):
    players, history = names(16), []
    for number in range(5):
        plan = draw_plan(players, rounds=5 - number, seed=f"{trial}-{number}", history=history)
        history.append(plan[0])
    assert repeat_count(history) == 0


@pytest.mark.parametrize(
    ("count", "tables"),
    [(4, [4]), (5, [5]), (17, [4, 4, 4, 5]), (22, [4, 4, 4, 5, 5]), (40, [4] * 10)],
)
def test_tables_seat_four_players_and_five_only_where_the_count_needs_it(count, tables):
    plan = draw_plan(names(count), rounds=2, seed="tische")
    assert [sorted(len(t) for t in round_) for round_ in plan] == [tables] * 2


@pytest.mark.parametrize("count", [3, 6, 7, 11])
def test_counts_that_cannot_be_seated_at_fours_and_fives_are_refused(count):
    with pytest.raises(ValueError):
        draw_plan(names(count), rounds=1, seed="x")


def test_a_player_named_twice_is_refused():
    with pytest.raises(ValueError):
        draw_plan([*names(7), "0001"], rounds=1, seed="x")


def test_no_rounds_left_plans_nothing():
    assert draw_plan(names(16), rounds=0, seed="x") == []


@pytest.mark.parametrize("count", [16, 22, 100])
def test_the_same_seed_gives_the_same_plan_and_another_seed_another(count):
    players = names(count)
    first = draw_plan(players, rounds=3, seed="wiederholbar")
    assert draw_plan(players, rounds=3, seed="wiederholbar") == first
    assert draw_plan(players, rounds=3, seed="anders") != first


def test_seat_order_within_a_table_is_drawn_too():
    tables = [t for round_ in draw_plan(names(100), rounds=3, seed="platz") for t in round_]
    assert [t[0] for t in tables] != [min(t) for t in tables]
    assert [t[0] for t in tables] != [max(t) for t in tables]


@pytest.mark.parametrize("count", [16, 20, 24, 40, 37, 100])
def test_rounds_planned_after_a_played_round_avoid_its_pairs(count):
    players = names(count)
    played = [seat_randomly(players, seed="erster")]
    plan = draw_plan(players, rounds=2, seed="rest", history=played)
    assert_every_player_seated_once(plan, players)
    assert repeat_count([*played, *plan]) == 0


def test_a_withdrawn_player_is_not_drawn_but_the_others_still_avoid_their_table_mates():
    players = names(21)
    played = [seat_randomly(players, seed="erster")]
    remaining = players[:-1]
    plan = draw_plan(remaining, rounds=2, seed="rest", history=played)
    assert_every_player_seated_once(plan, remaining)
    assert repeat_count([*played, *plan]) == 0


def test_repeats_in_the_history_are_counted_but_not_made_worse():
    players = names(24)
    played = [seat_randomly(players, seed="gleich")] * 2
    plan = draw_plan(players, rounds=1, seed="weiter", history=played)
    assert repeat_count([*played, *plan]) == repeat_count(played) == 36


def test_clubs_are_kept_apart_when_asked():
    players = names(32)
    clubs = {p: f"Verein {i % 8}" for i, p in enumerate(players)}
    plan = draw_plan(players, rounds=1, seed="verein", clubs=clubs, separate_clubs=True)
    assert_every_player_seated_once(plan, players)
    assert club_conflicts(plan[0], clubs) == 0


def test_clubs_are_kept_apart_over_several_rounds_without_repeats():
    players = names(40)
    clubs = {p: f"Verein {i % 10}" for i, p in enumerate(players)}
    plan = draw_plan(players, rounds=3, seed="verein", clubs=clubs, separate_clubs=True)
    assert [club_conflicts(round_, clubs) for round_ in plan] == [0, 0, 0]
    assert repeat_count(plan) == 0


def test_clubs_are_ignored_unless_separation_is_asked():
    players = names(32)
    clubs = {p: f"Verein {i % 8}" for i, p in enumerate(players)}
    with_clubs = draw_plan(players, rounds=2, seed="egal", clubs=clubs)
    assert with_clubs == draw_plan(players, rounds=2, seed="egal")


@pytest.mark.parametrize(
    ("rounds", "expected"),
    [
        pytest.param([], 0, id="nothing-played"),
        pytest.param([[["a", "b", "c", "d"]], [["a", "c", "e", "f"]]], 1, id="one-pair-twice"),
        pytest.param([[["a", "b", "c", "d"]]] * 3, 12, id="six-pairs-three-times"),
        pytest.param([[["a", "b", "c", "d"], ["e", "f", "g", "h"]]] * 1, 0, id="one-round"),
    ],
)
def test_repeats_count_every_meeting_of_a_pair_after_its_first(rounds, expected):
    assert repeat_count(rounds) == expected


def test_meetings_count_how_often_each_pair_sat_at_one_table():
    met = meetings([[["a", "b", "c", "d"]], [["a", "b", "e", "f"]]])
    assert met[frozenset({"a", "b"})] == 2
    assert met[frozenset({"c", "d"})] == 1
    assert met[frozenset({"c", "e"})] == 0


@pytest.mark.parametrize(
    ("clubs", "expected"),
    [
        pytest.param({"a": "X", "b": "X", "e": "X"}, 1, id="two-of-a-club-at-one-table"),
        pytest.param({"a": "X", "b": "X", "c": "X"}, 3, id="three-of-a-club"),
        pytest.param({"a": "", "b": ""}, 0, id="no-club-is-no-club"),
        pytest.param({"a": "X", "e": "X"}, 0, id="club-mates-at-different-tables"),
    ],
)
def test_club_conflicts_count_pairs_of_club_mates_at_one_table(clubs, expected):
    round_ = [["a", "b", "c", "d"], ["e", "f", "g", "h"]]
    assert club_conflicts(round_, clubs) == expected


@settings(max_examples=30, deadline=None)
@given(
    count=st.sampled_from(VALID_COUNTS),
    rounds=st.integers(1, 3),
    seed=st.text(),
    played=st.integers(0, 2),
)
def test_every_plan_seats_everyone_once_and_counts_its_repeats_right(count, rounds, seed, played):
    players = names(count)
    history = [seat_randomly(players, seed=f"{seed}/{n}") for n in range(played)]
    plan = draw_plan(players, rounds=rounds, seed=seed, history=history)
    assert len(plan) == rounds
    assert_every_player_seated_once(plan, players)
    assert repeat_count([*history, *plan]) == brute_force_repeats([*history, *plan], players)


def test_the_plan_does_not_depend_on_the_global_random_state():
    players = names(40)
    random.seed(1)
    first = draw_plan(players, rounds=3, seed="global")
    random.seed(2)
    assert draw_plan(players, rounds=3, seed="global") == first
