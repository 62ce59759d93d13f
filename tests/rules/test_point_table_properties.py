"""Properties every point table keeps, for the presets and for any custom table.

Hypothesis builds valid games (with Laufende within the bounds of the cards and Kontra) at tables
of four and five, and custom tables from their dict form. The properties: a zero-sum table sums
every game to zero (5.2.7, 6.2.9); a plus-only table never gives minus points and only the
winners score; a struck game scores 0; Stoß doubles and Retour quadruples every game on every
table (4.2.4 of 2007, 6.2.8 of 2024); the dict form survives JSON unchanged; a table whose values
are sound and whose sanctions follow rule 3.4.17 passes the checks. No database, no Django.
"""

from __future__ import annotations

import json
from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.contracts import SINGLE_PLAYER, SUITS_FOR, Contract
from rules.pointtables import (
    GameResult,
    PointTable,
)
from rules.presets import PRESETS
from rules.tablechecks import point_table_problems, sample_games
from rules.tabledata import point_table_from_dict, point_table_to_dict
from scoring.hand import Rules, hand_points, hand_violations
from tests.strategies import hands as any_hands

pytestmark = pytest.mark.slow

ZERO_SUM = [table for table in PRESETS.values() if table.zero_sum]
PLUS_ONLY = [table for table in PRESETS.values() if not table.zero_sum]


def hands(*, sanctions: bool = True):
    """Valid games with Laufende and Kontra (tests/strategies.py)."""
    return any_hands(sanctions=sanctions, extras=True)


@given(hands())
def test_the_strategy_builds_only_valid_games(hand):
    for table in PRESETS.values():
        rules = Rules(table=table, kontra_allowed=True, sie_kontra_allowed=True)
        assert hand_violations(hand, rules) == []


@given(hands())
def test_every_game_on_a_zero_sum_preset_sums_to_zero(hand):
    for table in ZERO_SUM:
        assert sum(hand_points(hand, table).values()) == 0, table.key


@given(hands())
def test_the_offender_on_a_zero_sum_preset_always_loses_points(hand):
    for table in ZERO_SUM:
        if hand.offender is not None:
            assert hand_points(hand, table)[hand.offender] < 0, table.key


@given(hands())
def test_a_plus_only_preset_never_gives_minus_points(hand):
    for table in PLUS_ONLY:
        assert min(hand_points(hand, table).values()) >= 0


@given(hands(sanctions=False))
def test_on_a_plus_only_preset_the_winners_score_and_the_losers_get_nothing(hand):
    declaring = set(hand.declaring_side)
    won = hand.sie or hand.won
    winners = declaring if won else set(hand.players) - declaring
    for table in PLUS_ONLY:
        points = hand_points(hand, table)
        assert {p for p, v in points.items() if v > 0} == winners


@given(hands())
def test_a_struck_game_scores_nothing_on_any_preset(hand):
    struck = replace(hand, struck=True, won=None)
    for table in PRESETS.values():
        assert set(hand_points(struck, table).values()) == {0}


@given(hands(sanctions=False), st.integers(0, 13))
def test_more_laufende_never_make_a_game_worth_less(hand, laufende):
    fewer, more = replace(hand, laufende=laufende), replace(hand, laufende=laufende + 1)
    defenders = [p for p in hand.players if p not in hand.declaring_side]
    winner = hand.declarer if hand.sie or hand.won else defenders[0]
    for table in PRESETS.values():
        assert abs(hand_points(more, table)[winner]) >= abs(hand_points(fewer, table)[winner])


# --- Custom tables ---------------------------------------------------------------------------

small = st.integers(0, 60)


@st.composite
def game_values(draw, *, suits=(), base_from=1):
    unit = draw(st.sampled_from([0, 0, 5, 10]))
    start = draw(st.integers(1, 4)) if unit else 0
    value = {
        "base": draw(st.integers(base_from, 60)),
        "schneider": draw(small),
        "schwarz": draw(small),
        "laufende_unit": unit,
        "laufende_from": start,
        "laufende_max": draw(st.sampled_from([0, start + 2])) if unit else 0,
    }
    named = draw(st.lists(st.sampled_from(suits), unique=True)) if suits else []
    value["suits"] = {suit.value: draw(st.integers(1, 90)) for suit in named}
    return value


@st.composite
def multiples(draw, *, sie: bool):
    factor = draw(st.integers(0, 4))
    return {
        "factor": factor,
        "tier": draw(st.sampled_from(["simple", "schneider", "schwarz"])),
        "fixed": draw(st.integers(0 if factor else 1, 60)),
        "laufende": draw(st.none() | st.integers(0, 8)) if sie else None,
    }


@st.composite
def table_data(draw):
    """A sound custom table: non-negative values, sanctions left to rule 3.4.17."""
    single_suits = SUITS_FOR[Contract.SOLO]
    overridden = draw(st.lists(st.sampled_from(sorted(SINGLE_PLAYER)), unique=True, max_size=2))
    return {
        "key": "custom",
        "title": draw(st.text(max_size=20)),
        "source": draw(st.text(max_size=40)),
        "zero_sum": draw(st.booleans()),
        "kontra_allowed": draw(st.booleans()),
        "rufspiel": draw(game_values(suits=SUITS_FOR[Contract.RUFSPIEL])),
        "single": draw(game_values(suits=single_suits)),
        "overrides": {c.value: draw(game_values(suits=SUITS_FOR[c])) for c in overridden},
        "tout": draw(multiples(sie=False)),
        "sie": draw(multiples(sie=True)),
    }


tables = table_data().map(point_table_from_dict)


@given(tables)
def test_a_table_survives_its_dict_form_and_json_unchanged(table: PointTable):
    data = point_table_to_dict(table)
    assert point_table_from_dict(json.loads(json.dumps(data))) == table
    assert point_table_to_dict(point_table_from_dict(data)) == data


@given(table_data())
def test_the_full_dict_form_reads_back_as_written(data):
    full = point_table_to_dict(point_table_from_dict(data))
    assert point_table_to_dict(point_table_from_dict(full)) == full
    assert {k: full[k] for k in data} == data


@given(table_data(), st.lists(st.integers(0, 16), min_size=3, max_size=3))
def test_the_kontra_factors_of_an_older_table_are_read_but_change_nothing(data, factors):
    assert point_table_from_dict(data | {"kontra": factors}) == point_table_from_dict(data)
    assert "kontra" not in point_table_to_dict(point_table_from_dict(data | {"kontra": factors}))


@given(hands(sanctions=False))
def test_4_2_4_and_6_2_8_stoss_doubles_and_retour_quadruples_a_game_on_every_preset(hand):
    plain = replace(hand, kontra=0)
    for table in PRESETS.values():
        points = hand_points(plain, table)
        for level, factor in ((1, 2), (2, 4)):
            doubled = hand_points(replace(hand, kontra=level), table)
            assert doubled == {p: factor * v for p, v in points.items()}, (table.key, level)


@given(tables, st.sampled_from(sample_games()))
def test_4_2_4_and_6_2_8_kontra_counts_on_every_custom_table(table: PointTable, game: GameResult):
    plain = table.game_value(replace(game, kontra=0))
    assert table.game_value(game) == (1, 2, 4)[game.kontra] * plain


@given(hands().filter(lambda hand: hand.offender is not None))
def test_3_4_17_a_sanction_is_never_doubled_by_kontra(hand):
    for table in PRESETS.values():
        assert hand_points(hand, table) == hand_points(replace(hand, kontra=0), table)


@given(tables)
def test_a_sound_table_with_the_sanctions_of_3_4_17_passes_the_checks(table: PointTable):
    assert point_table_problems(table) == []


@given(tables, st.sampled_from(sample_games()))
def test_every_game_on_a_custom_table_is_zero_sum_or_never_negative(
    table: PointTable, game: GameResult
):
    scored = table.points(game)
    defenders = 2 if game.contract is Contract.RUFSPIEL else 3
    seats = [scored.declaring] * (4 - defenders) + [scored.other] * defenders
    if table.zero_sum:
        assert sum(seats) == 0
    else:
        assert min(seats) >= 0
