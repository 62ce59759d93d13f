"""The team engine (scoring/teams.py) against hand computations, without a database."""

from __future__ import annotations

import pytest

from scoring.teams import (
    Member,
    club_teams,
    cup_club_points,
    evening_club_points,
    rank_teams,
    registered_team,
)


def m(ident: str, rank: int, points: int, counters=(0, 0, 0, 0, 0)) -> Member:
    return Member(ident=ident, rank=rank, points=points, counters=tuple(counters))


def table(ranked):
    return [(r.rank, r.team.name, r.team.points, r.team.complete, r.lot) for r in ranked]


def test_a_clubs_best_three_count_and_a_club_with_fewer_ranks_after_the_complete_ones():
    members = [
        ("Laubendorf", m("a", 1, 40)),
        ("Vohenstrauß", m("b", 2, 35)),
        ("Laubendorf", m("c", 3, 20)),
        ("Laubendorf", m("d", 4, 10)),
        ("Laubendorf", m("e", 5, 5)),  # the fourth of Laubendorf: does not count
        ("Vohenstrauß", m("f", 6, -3)),
        ("Vohenstrauß", m("g", 7, -10)),
        ("Kleinverein", m("h", 8, 200)),  # two players only: behind the complete clubs
        ("Kleinverein", m("i", 9, 100)),
        ("", m("j", 10, 50)),  # no club: in no team
    ]
    ranked = rank_teams(club_teams(members, size=3), seed="s")
    # By hand: Laubendorf 40 + 20 + 10 = 70; Vohenstrauß 35 - 3 - 10 = 22; Kleinverein 300 but
    # incomplete.
    assert table(ranked) == [
        (1, "Laubendorf", 70, True, None),
        (2, "Vohenstrauß", 22, True, None),
        (3, "Kleinverein", 300, False, None),
    ]
    assert [x.ident for x in ranked[0].team.members] == ["a", "c", "d"]


def test_equal_team_points_go_to_the_team_with_the_better_best_player():
    one = registered_team("Eins", [m("a", 2, 30), m("b", 9, 0)], size=2)
    two = registered_team("Zwei", [m("c", 1, 40), m("d", 12, -10)], size=2)
    assert table(rank_teams([one, two], seed="s")) == [
        (1, "Zwei", 30, True, None),
        (2, "Eins", 30, True, None),
    ]


def test_then_the_sums_of_the_tie_break_counters_in_the_chains_order():
    # Both 30 points, both best players of rank 1 (given as data: the engine compares ranks).
    one = registered_team(
        "Eins", [m("a", 1, 20, (0, 1, 1, 3, 4)), m("b", 5, 10, (0, 0, 0, 1, 1))], size=2
    )
    two = registered_team(
        "Zwei", [m("c", 1, 25, (0, 1, 2, 0, 0)), m("d", 6, 5, (0, 0, 0, 0, 0))], size=2
    )
    # Sie 0 = 0, Touts won 1 = 1, Touts played 1 < 2: Zwei first.
    assert [r.team.name for r in rank_teams([one, two], seed="s")] == ["Zwei", "Eins"]


@pytest.mark.parametrize("seed", ["a", "b", "c", "d"])
def test_teams_equal_in_everything_are_separated_by_a_repeatable_lot(seed):
    teams = [registered_team(n, [m(n, 1, 10)], size=1) for n in ("Eins", "Zwei", "Drei")]
    first = rank_teams(teams, seed=seed)
    assert [r.lot for r in first] == [1, 2, 3]
    assert [r.rank for r in first] == [1, 2, 3]
    assert table(rank_teams(list(reversed(teams)), seed=seed)) == table(first)


def test_a_registered_team_missing_a_ranked_player_is_incomplete():
    short = registered_team("Kurz", [m("a", 1, 90)], size=2)
    full = registered_team("Voll", [m("b", 2, 10), m("c", 3, 5)], size=2)
    assert table(rank_teams([short, full], seed="s")) == [
        (1, "Voll", 15, True, None),
        (2, "Kurz", 90, False, None),
    ]


def test_the_cup_sums_each_clubs_best_n_of_every_evening():
    first = [
        {"club": "A", "rank": 1, "points": 30},
        {"club": "B", "rank": 2, "points": 20},
        {"club": "A", "rank": 3, "points": 10},
        {"club": "A", "rank": 4, "points": 5},
        {"club": "", "rank": 5, "points": 1},
    ]
    second = [
        {"club": "B", "rank": 1, "points": 50},
        {"club": "B", "rank": 2, "points": 12},
        {"club": "A", "rank": 3, "points": -2},
        {"club": "C", "rank": 4, "points": 40},
    ]
    evenings = [evening_club_points(first, size=2), evening_club_points(second, size=2)]
    # By hand: A 30 + 10 = 40, then -2 (one player): 38; B 20, then 62: 82; C only 40.
    assert evenings == [{"A": 40, "B": 20}, {"B": 62, "A": -2, "C": 40}]
    cup = cup_club_points(evenings, seed="s")
    assert [(c.rank, c.club, c.total, c.evenings) for c in cup] == [
        (1, "B", 82, (20, 62)),
        (2, "C", 40, (None, 40)),
        (3, "A", 38, (40, -2)),
    ]


def test_equal_cup_totals_go_to_the_better_single_evening_then_the_lot():
    # A and B: 30, best evening 20 each, so by lot; C: 30, best evening 15, third.
    cup = cup_club_points([{"A": 10, "B": 20, "C": 15}, {"A": 20, "B": 10, "C": 15}], seed="s")
    assert [(c.club, c.total, c.lot) for c in cup][2] == ("C", 30, None)
    assert {c.club for c in cup[:2]} == {"A", "B"} and [c.lot for c in cup[:2]] == [1, 2]
