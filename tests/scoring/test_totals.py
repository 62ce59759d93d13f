"""The checks of a table's totals line (scoring/totals.py): every sheet played by the rules
gives totals that pass, and totals no sheet can give are refused naming the seat."""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.contracts import PLAYED, Contract
from rules.presets import PRESETS, preset
from scoring.bounds import game_extremes
from scoring.hand import HandFacts, Rules, hand_violations
from scoring.scoresheet import SEAT_TOTAL_FIELDS, score_sheet, seat_totals
from scoring.seating import first_game_number
from scoring.totals import SeatTotals, totals_problems
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


@st.composite
def tournament_rules(draw) -> Rules:
    """Rules with any point table and any of the settings that bear on a seat's bound."""
    return Rules(
        table=preset(draw(st.sampled_from(sorted(PRESETS)))),
        contracts=frozenset(PLAYED),
        kontra_allowed=draw(st.booleans()),
        all_pass_thrown_in=draw(st.booleans()),
        thrown_in_counts=draw(st.booleans()),
        sie_kontra_allowed=draw(st.booleans()),
        first_game_rule=draw(st.booleans()),
        sie_first_game_allowed=draw(st.booleans()),
    )


@pytest.mark.slow  # each drawn set of rules has its bounds computed anew: about 15 s
@settings(deadline=None)
@given(seats=seatings, rules=tournament_rules(), data=st.data())
def test_the_totals_of_any_sheet_the_engine_scores_game_by_game_pass(seats, rules, data):
    drawn = data.draw(
        st.lists(hands(seats, extras=True), max_size=40, unique_by=lambda h: h.number)
    )
    thrown: set[int] = set()
    if rules.all_pass_thrown_in:
        thrown = data.draw(st.sets(st.integers(1, 12), max_size=6))
    first = first_game_number(thrown)
    sheet = [
        HandFacts(number=n, seats=seats, contract=Contract.ZUSAMMENGEWORFEN, declarer=None)
        for n in thrown
    ] + [
        dataclasses.replace(
            h,
            first_game_rule=rules.first_game_rule,
            sie_first_game_allowed=rules.sie_first_game_allowed,
            first_number=first,
        )
        for h in drawn
        if h.number not in thrown
    ]
    accepted = sorted(
        (h for h in sheet if not hand_violations(h, rules, thrown_in=len(thrown))),
        key=lambda h: h.number,
    )
    scored = score_sheet(
        accepted, table=rules.table, solo_approval_from=99, approved=lambda h: True
    )
    line = line_of(seat_totals(seats, scored), seats)
    assert totals_problems(line, rules=rules) == []


def test_the_extremes_of_one_game_under_the_2007_table():
    rules = Rules(table=preset("schafkopfschule-2007"))
    # the most: a Sie (+24); the least: a Tout lost by its declarer (-18)
    assert (game_extremes(rules, first=False).most, game_extremes(rules, first=False).least) == (
        24,
        -18,
    )
    # game 1: no Sie (2.9.1), a Tout or Schwarz is a simple game (5.2.15): a Solo Schneider, 9
    assert (game_extremes(rules, first=True).most, game_extremes(rules, first=True).least) == (
        9,
        -9,
    )
    # a plus-only table never takes points away
    assert game_extremes(Rules(table=preset("plus-only")), first=False).least == 0


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
        # game 1 at most a Solo Schneider (9), then 31 Sie: 9 + 31 × 24 = 753
        (
            [SeatTotals(754), SeatTotals(-300), SeatTotals(-300), SeatTotals(-154)],
            [(1, "points_too_high")],
        ),
        # game 1 at most a lost Solo Schneider (-9), then 31 lost Touts: -9 - 31 × 18 = -567
        (
            [SeatTotals(568), SeatTotals(-568), SeatTotals(0), SeatTotals(0)],
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
