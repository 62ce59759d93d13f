"""The messages of a totals line's problems in German: points in the unit of the point table,
counts of games as plain numbers, whatever the unit."""

from __future__ import annotations

from django.utils import translation

from scoring.totals import TotalsProblem
from tournament.totals.messages import problem_text


def test_a_bound_of_points_is_an_amount_and_a_bound_of_sie_a_number_under_a_money_tariff():
    with translation.override("de"):
        points = problem_text(
            TotalsProblem(1, "points_too_high", {"most": 48780, "games": 32}), "Sitz 1", "cents"
        )
        sie = problem_text(
            TotalsProblem(1, "counter_over_games", {"counter": "sie", "count": 31, "games": 32}),
            "Sitz 1",
            "cents",
        )
        table = problem_text(
            TotalsProblem(None, "sie_tout_over_table", {"count": 31, "games": 32}), "", "cents"
        )
    assert points == "Sitz 1: mehr Punkte, als 32 Spiele geben können (höchstens 487,80 €)."
    assert sie == (
        "Sitz 1: Sie gespielt höchstens 31: Nicht jedes seiner 32 Spiele kann nach den Regeln "
        "des Turniers eines zählen."
    )
    assert table == (
        "Der Tisch: Sie und Touts zusammen höchstens 31: Nicht jedes seiner 32 Spiele kann nach "
        "den Regeln des Turniers eines zählen."
    )
