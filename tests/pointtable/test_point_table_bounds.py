"""A point table whose values could make a game score more than the score column holds (a
32-bit integer on PostgreSQL) is refused when it is saved or imported, so that no approval or
recomputation can fail later. The bounds are in rules/limits.py."""

from __future__ import annotations

import copy

import pytest
from django.urls import reverse

from rules.contracts import SINGLE_PLAYER, SUITS_FOR, Contract
from rules.limits import (
    FACTOR_LIMIT,
    LAUFENDE_LIMIT,
    SANCTION_LIMIT,
    SCORE_LIMIT,
    VALUE_LIMIT,
)
from rules.presets import PRESETS
from rules.tablechecks import point_table_problems, sample_games
from rules.tabledata import point_table_from_dict, point_table_to_dict
from tests.pointtable.helpers import VALUES
from tournament.exchange.interchange.importer import tournament_import
from tournament.exchange.interchange.problems import InterchangeError
from tournament.models import Tournament


def _at_the_bounds(zero_sum: bool) -> dict:
    """A table (dict form) with every number at its bound."""
    data = point_table_to_dict(PRESETS["schafkopfschule-2007"])
    value = {"base": VALUE_LIMIT, "schneider": VALUE_LIMIT, "schwarz": VALUE_LIMIT}
    value |= {"laufende_unit": VALUE_LIMIT, "laufende_from": 1, "laufende_max": LAUFENDE_LIMIT}
    data |= {"key": "custom", "zero_sum": zero_sum, "rufspiel": dict(value), "single": value}
    data["overrides"] = {
        contract.value: {
            **value,
            "suits": {suit.value: VALUE_LIMIT for suit in SUITS_FOR[contract]},
        }
        for contract in Contract
        if contract in SINGLE_PLAYER
    }
    for name in ("tout", "sie"):
        data[name] = {"factor": FACTOR_LIMIT, "tier": "schwarz", "fixed": VALUE_LIMIT}
    data["sanction"] = {
        kind: {"offender": SANCTION_LIMIT, "opponent": SANCTION_LIMIT, "declarer": SANCTION_LIMIT}
        for kind in ("rufspiel", "single", "tout")
    }
    return data


@pytest.mark.parametrize("zero_sum", [True, False])
def test_every_game_of_a_table_at_the_bounds_fits_the_score_column(zero_sum):
    table = point_table_from_dict(_at_the_bounds(zero_sum))
    codes = {problem.code for problem in point_table_problems(table)}
    assert "value_too_large" not in codes
    largest = 0
    for game in sample_games():  # up to 14 Laufende, Retour, Tout and Sie at every tier
        scored = table.points(game)
        largest = max(largest, abs(scored.declaring), abs(scored.other))
        for by_declaring_side in (True, False):
            s = table.sanction_points(game, by_declaring_side=by_declaring_side)
            largest = max(largest, abs(s.offender), abs(s.partners), abs(s.opponents))
    assert largest <= SCORE_LIMIT
    assert largest > SCORE_LIMIT // (4 if zero_sum else 12)  # the bounds are not needlessly low


@pytest.mark.parametrize(
    "path, value",
    [
        ("single.base", VALUE_LIMIT + 1),
        ("rufspiel.laufende_unit", VALUE_LIMIT + 1),
        ("rufspiel.laufende_max", LAUFENDE_LIMIT + 1),
        ("overrides.solo.suits.herz", VALUE_LIMIT + 1),
        ("tout.factor", FACTOR_LIMIT + 1),
        ("sie.fixed", 10**40),
        ("rufspiel.schwarz", VALUE_LIMIT + 1),
        ("sanction.tout.offender", SANCTION_LIMIT + 1),
    ],
)
def test_a_number_above_its_bound_is_refused_with_its_place(path, value):
    data = copy.deepcopy(point_table_to_dict(PRESETS["schafkopfschule-2007"]))
    *parents, last = path.split(".")
    target = data
    for part in parents:
        target = target.setdefault(part, {})
    if isinstance(target, list):
        target[int(last)] = value
    else:
        target[last] = value
    problems = point_table_problems(point_table_from_dict(data))
    assert (path, "value_too_large") in {(p.field, p.code) for p in problems}


@pytest.mark.django_db
@pytest.mark.parametrize(
    "field, value, bound",
    [
        ("tout_factor", 100_000, "10"),
        ("single_base", 10**6, "400000"),
        ("single_laufende_max", 99, "14"),
        ("sanction_single_offender", 10**8, "40000000"),
    ],
)
def test_the_form_refuses_a_value_above_its_bound_in_german_next_to_the_field(
    client, supervisor, evening, field, value, bound
):
    client.force_login(supervisor)
    data = {**VALUES, "sanction_own": "on", field: value, "save": "1"}
    response = client.post(reverse("manage:point_table", args=["abend"]), data)
    assert response.status_code == 400
    page = response.content.decode()
    assert f"Höchstens {bound}: mit einem größeren Wert könnte ein Spiel mehr Punkte" in page
    assert Tournament.objects.get(slug="abend").point_table is None


@pytest.mark.django_db
def test_an_import_with_a_table_above_the_bounds_names_the_place_and_the_bound(
    example_document,
):
    table = point_table_to_dict(PRESETS["schafkopfschule-2007"]) | {"key": "custom"}
    table["tout"] = {**table["tout"], "factor": 1000}
    example_document["tournament"] |= {"scoring": "custom", "point_table": table}
    with pytest.raises(InterchangeError) as refused:
        tournament_import(example_document)
    assert "tournament.point_table.tout.factor: höchstens 10 (ein größerer Wert" in str(
        refused.value
    )
    assert not Tournament.objects.exists()
