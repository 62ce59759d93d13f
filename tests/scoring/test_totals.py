"""The checks of a table's totals line (scoring/totals.py): every sheet played by the rules
gives totals that pass, and totals no sheet can give are refused naming the seat."""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.presets import PRESETS, preset
from scoring.hand import Rules
from scoring.scoresheet import SEAT_TOTAL_FIELDS, score_sheet, seat_totals
from scoring.totals import SeatTotals, seat_game_bounds, totals_problems
from tests.strategies import hands, seatings

COUNTER_INDEX = {name: SEAT_TOTAL_FIELDS.index(name) for name in SEAT_TOTAL_FIELDS}


def line_of(sheet_totals: dict[str, tuple[int, ...]], seats) -> list[SeatTotals]:
    return [
        SeatTotals(
            points=sheet_totals[s][COUNTER_INDEX["points"]],
            sie=sheet_totals[s][COUNTER_INDEX["sie"]],
            tout_won=sheet_totals[s][COUNTER_INDEX["tout_won"]],
            tout_played=sheet_totals[s][COUNTER_INDEX["tout_played"]],
            solo_won=sheet_totals[s][COUNTER_INDEX["solo_won"]],
            solo_played=sheet_totals[s][COUNTER_INDEX["solo_played"]],
        )
        for s in seats
    ]


@given(
    seats=seatings,
    table=st.sampled_from(sorted(PRESETS)),
    data=st.data(),
)
def test_the_totals_of_any_sheet_played_by_the_rules_pass(seats, table, data):
    rules = Rules(table=preset(table), kontra_allowed=True)
    drawn = data.draw(
        st.lists(hands(seats, extras=True), max_size=40, unique_by=lambda h: h.number)
    )
    played = sorted(
        (dataclasses.replace(h, first_game_rule=False) for h in drawn), key=lambda h: h.number
    )
    scored = score_sheet(played, table=rules.table, solo_approval_from=99, approved=lambda h: True)
    line = line_of(seat_totals(seats, scored), seats)
    assert totals_problems(line, rules=rules) == []


def test_the_bounds_of_one_game_under_the_2007_table():
    # the most: a Sie (+24); the least: a Tout lost by its declarer (-18)
    assert seat_game_bounds(Rules(table=preset("schafkopfschule-2007"))) == (24, -18)
    # a plus-only table never takes points away
    assert seat_game_bounds(Rules(table=preset("plus-only")))[1] == 0


RULES = Rules(table=preset("schafkopfschule-2007"))


def codes(line, **kwargs):
    return [(p.seat, p.code) for p in totals_problems(line, rules=RULES, **kwargs)]


def test_a_table_whose_points_do_not_add_up_to_zero_is_refused():
    line = [SeatTotals(5), SeatTotals(-3), SeatTotals(0), SeatTotals(-1)]
    problems = totals_problems(line, rules=RULES)
    assert [(p.seat, p.code, p.params) for p in problems] == [(None, "sum_not_zero", {"sum": 1})]


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        # 32 Sie at most: 32 × 24 = 768
        (
            [SeatTotals(769), SeatTotals(-300), SeatTotals(-300), SeatTotals(-169)],
            [(1, "points_too_high")],
        ),
        # 32 lost Touts at most: 32 × -18 = -576
        (
            [SeatTotals(577), SeatTotals(-577), SeatTotals(0), SeatTotals(0)],
            [(2, "points_too_low")],
        ),
        (
            [SeatTotals(0, tout_won=2, tout_played=1, solo_won=2, solo_played=2)]
            + [SeatTotals(0)] * 3,
            [(1, "won_over_played")],
        ),
        (
            [SeatTotals(0, solo_won=3, solo_played=2)] + [SeatTotals(0)] * 3,
            [(1, "won_over_played")],
        ),
        (
            [SeatTotals(0, tout_played=3, solo_played=2)] + [SeatTotals(0)] * 3,
            [(1, "touts_over_solos")],
        ),
        (
            [SeatTotals(0, sie=10, solo_played=23)] + [SeatTotals(0)] * 3,
            [(1, "declared_over_games"), (None, "declared_over_table")],
        ),
        (
            [SeatTotals(0, solo_played=9)] * 4,
            [(None, "declared_over_table")],
        ),
        ([SeatTotals(0, sie=-1)] + [SeatTotals(0)] * 3, [(1, "counter_negative")]),
    ],
)
def test_totals_no_sheet_can_give_are_refused_naming_the_seat(line, expected):
    assert codes(line) == expected


def test_a_table_of_five_has_five_quarters_of_the_games_and_each_seat_plays_32():
    # 40 games at the table: 5 × 8 single-player games fit, 5 × 9 do not
    assert codes([SeatTotals(0, solo_played=8)] * 5) == []
    assert codes([SeatTotals(0, solo_played=9)] * 5) == [(None, "declared_over_table")]
    assert codes([SeatTotals(0, solo_played=33)] + [SeatTotals(0)] * 4) == [
        (1, "declared_over_games")
    ]


def test_a_counter_the_tie_break_does_not_read_must_stay_empty():
    line = [SeatTotals(0, sie=1)] + [SeatTotals(0)] * 3
    assert codes(line, counters=("solo_won",)) == [(1, "counter_not_used")]


FREE = Rules(table=preset("freie-punkte"))


def test_points_without_a_table_are_not_bounded_per_game_but_still_sum_to_zero():
    # SchafkopfTurnier's plain integers: no game could give 5000, but nothing says they are games
    line = [SeatTotals(5000), SeatTotals(-3000), SeatTotals(-1000), SeatTotals(-1000)]
    assert totals_problems(line, rules=FREE) == []
    assert [(p.seat, p.code) for p in totals_problems(line, rules=RULES)] == [
        (1, "points_too_high"),
        (2, "points_too_low"),
        (3, "points_too_low"),
        (4, "points_too_low"),
    ]
    uneven = [SeatTotals(5000), SeatTotals(-3000), SeatTotals(-1000), SeatTotals(-999)]
    assert [p.code for p in totals_problems(uneven, rules=FREE)] == ["sum_not_zero"]


def test_points_without_a_table_still_check_the_counters():
    line = [SeatTotals(10, solo_played=33), SeatTotals(-10), SeatTotals(0), SeatTotals(0)]
    assert [(p.seat, p.code) for p in totals_problems(line, rules=FREE)] == [
        (1, "declared_over_games"),
        (None, "declared_over_table"),
    ]
