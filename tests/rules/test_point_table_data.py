"""Custom point tables: their dict form, what is refused when reading it, and the checks of
`rules.tablechecks.point_table_problems` (moved from test_point_table_presets.py). No database,
no Django.
"""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from rules.contracts import Contract
from rules.pointtables import (
    GameResult,
    sanctions_by_3_4_17,
)
from rules.presets import SCHAFKOPFSCHULE_2007
from rules.tablechecks import point_table_problems
from rules.tabledata import PointTableDataError, point_table_from_dict, point_table_to_dict

# --- Custom tables: the dict form and its checks ---------------------------------------------

MINIMAL = {
    "key": "verein",
    "title": "Vereinstabelle",
    "rufspiel": {"base": 10, "schneider": 10, "schwarz": 10},
    "single": {"base": 20, "schneider": 10, "schwarz": 10},
    "tout": {"factor": 2},
    "sie": {"factor": 4, "tier": "schwarz"},
}


def test_a_minimal_custom_table_gets_defaults_and_the_sanctions_of_3_4_17():
    table = point_table_from_dict(MINIMAL)
    assert (table.zero_sum, table.kontra_allowed, table.source) == (True, False, "")
    ruf = GameResult(Contract.RUFSPIEL, kontra=0)
    assert [table.game_value(replace(ruf, kontra=level)) for level in (0, 1, 2)] == [10, 20, 40]
    assert table.sanction == sanctions_by_3_4_17(table)
    assert (table.sanction.rufspiel.offender, table.sanction.single.offender) == (40, 90)
    assert point_table_problems(table) == []


def test_an_override_names_only_what_differs_from_the_single_player_values():
    data = MINIMAL | {"overrides": {"wenz": {"base": 30, "laufende_unit": 5, "laufende_from": 2}}}
    table = point_table_from_dict(data)
    wenz = table.value_of(Contract.WENZ)
    assert (wenz.base, wenz.schneider, wenz.laufende_unit, wenz.laufende_from) == (30, 10, 5, 2)
    assert table.value_of(Contract.GEIER) == table.single
    assert table.points(GameResult(Contract.WENZ, laufende=2)).declaring == 3 * (30 + 10)
    assert point_table_to_dict(table)["overrides"]["wenz"]["schneider"] == 10


MALFORMED = [
    pytest.param([], "", "not_an_object", id="not-an-object"),
    pytest.param({"title": "t"}, "key", "missing", id="no-key"),
    pytest.param(MINIMAL | {"colour": "red"}, "colour", "unknown_key", id="unknown-key"),
    pytest.param(MINIMAL | {"rufspiel": {}}, "rufspiel.base", "missing", id="no-base"),
    pytest.param(MINIMAL | {"single": {"base": 2.5}}, "single.base", "not_an_integer", id="float"),
    pytest.param(MINIMAL | {"single": {"base": True}}, "single.base", "not_an_integer", id="bool"),
    pytest.param(MINIMAL | {"zero_sum": 1}, "zero_sum", "not_a_boolean", id="zero-sum-int"),
    pytest.param(MINIMAL | {"title": 7}, "title", "not_a_string", id="title-int"),
    pytest.param(
        MINIMAL | {"single": {"base": 2, "suits": {"blau": 3}}},
        "single.suits.blau",
        "unknown_key",
        id="unknown-suit",
    ),
    pytest.param(
        MINIMAL | {"overrides": {"rufspiel": {}}}, "overrides.rufspiel", "unknown_key", id="ovr"
    ),
    pytest.param(MINIMAL | {"tout": {"tier": "durch"}}, "tout.tier", "unknown_tier", id="tier"),
    pytest.param(MINIMAL | {"sie": {"laufende": "8"}}, "sie.laufende", "not_an_integer", id="lf"),
    pytest.param(MINIMAL | {"kontra": [1, 2]}, "kontra", "kontra_length", id="kontra-length"),
    pytest.param(MINIMAL | {"kontra": [1, "2", 4]}, "kontra.1", "not_an_integer", id="kontra-str"),
    pytest.param(MINIMAL | {"kontra": 2}, "kontra", "not_a_list", id="kontra-not-a-list"),
    pytest.param(
        MINIMAL | {"sanction": {"rufspiel": {"offender": 4, "opponent": 2}}},
        "sanction.single",
        "missing",
        id="sanction-row-missing",
    ),
]


@pytest.mark.parametrize(("data", "field", "code"), MALFORMED)
def test_malformed_table_data_is_refused_with_the_field_and_a_code(data, field, code):
    with pytest.raises(PointTableDataError) as refused:
        point_table_from_dict(data)
    assert (refused.value.field, refused.value.code) == (field, code)


def problems(**changes) -> list[tuple[str, str]]:
    data = json.loads(json.dumps(MINIMAL))
    for path, value in changes.items():
        *parents, last = path.split("__")
        target = data
        for parent in parents:
            target = target.setdefault(parent, {})
        target[last] = value
    return [(p.field, p.code) for p in point_table_problems(point_table_from_dict(data))]


SANCTIONS_2007 = point_table_to_dict(SCHAFKOPFSCHULE_2007)["sanction"]

PROBLEMS = [
    pytest.param(dict(single__schneider=-1), [("single.schneider", "negative_value")], id="neg"),
    pytest.param(dict(rufspiel__base=0), [("rufspiel.base", "game_worth_nothing")], id="zero"),
    pytest.param(
        dict(single__suits={"herz": 0}), [("single.base", "game_worth_nothing")], id="zero-suit"
    ),
    pytest.param(dict(tout={"factor": 0}), [("tout", "game_worth_nothing")], id="tout-nothing"),
    pytest.param(
        dict(rufspiel__laufende_unit=10),
        [("rufspiel.laufende_from", "laufende_from_range")],
        id="laufende-from-missing",
    ),
    pytest.param(
        dict(single__laufende_unit=10, single__laufende_from=3, single__laufende_max=2),
        [("single.laufende_max", "laufende_max_below_from")],
        id="laufende-max",
    ),
    pytest.param(dict(sie__laufende=15), [("sie.laufende", "laufende_range")], id="sie-laufende"),
    pytest.param(
        dict(rufspiel__suits={"herz": 2}),
        [("rufspiel.suits.herz", "suit_not_named")],
        id="herz-rufspiel",
    ),
    pytest.param(
        dict(overrides={"wenz": {"suits": {"gras": 30}}}),
        [("overrides.wenz.suits.gras", "suit_not_named")],
        id="wenz-with-a-suit",
    ),
    pytest.param(
        dict(
            sanction=point_table_to_dict(SCHAFKOPFSCHULE_2007)["sanction"]
            | {"single": {"offender": 9, "opponent": 2, "declarer": 9}}
        ),
        [("sanction.single", "not_zero_sum")],
        id="sanction-not-zero-sum",
    ),
    pytest.param(
        dict(zero_sum=False, sanction=SANCTIONS_2007),
        [(f"sanction.{kind}", "negative_points") for kind in ("rufspiel", "single", "tout")],
        id="plus-only-with-minus-sanctions",
    ),
]


@pytest.mark.parametrize(("changes", "expected"), PROBLEMS)
def test_a_custom_table_is_checked_field_by_field(changes, expected):
    assert problems(**changes) == expected


def test_a_sound_custom_table_has_no_problems():
    assert problems() == []


def test_a_plus_only_custom_table_without_sanctions_gets_plus_only_sanctions():
    data = MINIMAL | {"zero_sum": False}
    table = point_table_from_dict(data)
    assert table.sanction.single.offender == 0
    assert point_table_problems(table) == []


@pytest.mark.parametrize(
    "factors",
    [
        pytest.param([1, 1, 1], id="4.2.4-the-2007-table-before"),
        pytest.param([1, 0, 4], id="4.2.4-a-factor-of-0"),
        pytest.param([1, 3, 9], id="4.2.4-own-factors"),
    ],
)
def test_4_2_4_the_kontra_factors_an_older_table_carries_change_nothing(factors):
    """Before Kontra became a rule of its own a table carried its factors; an older file still
    reads, with Stoß doubling and Retour quadrupling as under every table."""
    table = point_table_from_dict(MINIMAL | {"kontra": factors})
    assert table == point_table_from_dict(MINIMAL)
    assert point_table_problems(table) == []
    assert "kontra" not in point_table_to_dict(table)
    solo = GameResult(Contract.SOLO, won=False)
    assert [table.points(replace(solo, kontra=k)).declaring for k in (0, 1, 2)] == [-60, -120, -240]
