"""The season presets against tables worked out by hand (scoring/season.py, plain Python).

Four persons, three tournaments (1, 2, 3):

    person  T1 place/points  T2 place/points  T3 place/points
    A       1 / 40           3 / 5            -
    B       2 / 30           1 / 50           4 / -10
    C       3 / 10           2 / 20           1 / 35
    D       -                4 / -5           2 / 20
"""

from __future__ import annotations

import pytest

from scoring.season import Entry, PlacementError, SeasonRule, placement_parse, season_rank

RESULTS = {
    "A": {1: (1, 40), 2: (3, 5)},
    "B": {1: (2, 30), 2: (1, 50), 3: (4, -10)},
    "C": {1: (3, 10), 2: (2, 20), 3: (1, 35)},
    "D": {2: (4, -5), 3: (2, 20)},
}
ENTRIES = [
    Entry(person=p, tournament=t, place=place, points=points)
    for p, played in RESULTS.items()
    for t, (place, points) in played.items()
]


def table(rule: SeasonRule) -> list[tuple]:
    return [(s.rank, s.person, s.value, s.counted) for s in season_rank(ENTRIES, rule, seed="s")]


def test_sum_of_the_points():
    assert table(SeasonRule(kind="sum")) == [
        (1, "B", 70, (1, 2, 3)),  # 30 + 50 - 10
        (2, "C", 65, (1, 2, 3)),  # 10 + 20 + 35
        (3, "A", 45, (1, 2)),
        (4, "D", 15, (2, 3)),
    ]


def test_best_two_of_three():
    assert table(SeasonRule(kind="best", best=2)) == [
        (1, "B", 80, (1, 2)),  # 50 + 30, the -10 does not count
        (2, "C", 55, (2, 3)),  # 35 + 20
        (3, "A", 45, (1, 2)),
        (4, "D", 15, (2, 3)),
    ]


def test_placement_points_with_a_minimum_of_three_tournaments():
    rule = SeasonRule(kind="placement", placement=(25, 20, 16), minimum=3)
    assert table(rule) == [
        (1, "C", 61, (1, 2, 3)),  # 16 + 20 + 25
        (2, "B", 45, (1, 2, 3)),  # 20 + 25 + 0 (4th: beyond the table)
        (None, "A", 41, (1, 2)),  # 25 + 16, two tournaments only: not ranked
        (None, "D", 20, (2, 3)),  # 0 + 20
    ]


def test_equal_values_go_by_the_summed_counters_then_by_lot():
    entries = [
        Entry("X", 1, 1, 10, counters=(0, 1, 1, 3, 4)),
        Entry("Y", 1, 2, 10, counters=(1, 0, 0, 0, 1)),  # a Sie: first counter of 5.4.2
        Entry("Z", 1, 3, 10, counters=(0, 1, 1, 3, 4)),
        Entry("X", 2, 1, 5, counters=(0, 0, 0, 1, 1)),
        Entry("Z", 2, 2, 5, counters=(0, 0, 0, 1, 1)),
        Entry("Y", 2, 3, 5, counters=(0, 0, 0, 0, 0)),
    ]
    ranked = season_rank(entries, SeasonRule(kind="sum"), seed="los")
    assert ranked[0].person == "Y" and ranked[0].counters == (1, 0, 0, 0, 1)
    assert {ranked[1].person, ranked[2].person} == {"X", "Z"}  # equal in everything: the lot
    other = season_rank(entries, SeasonRule(kind="sum"), seed="anderes-los")
    assert [s.rank for s in ranked] == [1, 2, 3] and [s.rank for s in other] == [1, 2, 3]
    assert season_rank(entries, SeasonRule(kind="sum"), seed="los") == ranked  # reproducible


def test_the_placement_table_is_read_and_a_bad_part_named():
    assert placement_parse("25-20-16-13") == (25, 20, 16, 13)
    assert placement_parse("25, 20, 16") == (25, 20, 16)
    with pytest.raises(PlacementError) as error:
        placement_parse("25,20,x")
    assert error.value.part == "x"


def test_placement_points_of_the_best_one():
    rule = SeasonRule(kind="placement", placement=(25, 20, 16), best=1)
    values = {s.person: (s.value, s.counted) for s in season_rank(ENTRIES, rule, seed="s")}
    assert values == {"A": (25, (1,)), "B": (25, (2,)), "C": (25, (3,)), "D": (20, (3,))}
