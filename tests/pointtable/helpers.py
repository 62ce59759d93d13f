"""A point table as the form posts it, and the address of the `evening` tournament's point
table page."""

from __future__ import annotations

from django.urls import reverse

VALUES = {
    "title": "Vereinstabelle",
    "zero_sum": "on",
    "rufspiel_base": 2,
    "rufspiel_schneider": 1,
    "rufspiel_schwarz": 1,
    "single_base": 5,
    "single_schneider": 1,
    "single_schwarz": 1,
    "tout_factor": 2,
    "tout_fixed": 0,
    "sie_factor": 4,
    "sie_fixed": 0,
    "unit": "points",
    "tout_tier": "simple",
    "sie_tier": "simple",
    "rufspiel_laufende_unit": 0,
    "rufspiel_laufende_from": 0,
    "rufspiel_laufende_max": 0,
    "single_laufende_unit": 0,
    "single_laufende_from": 0,
    "single_laufende_max": 0,
}


def url(slug="abend"):
    return reverse("manage:point_table", args=[slug])


#: Single-player games worth 5 a payment instead of 2: the worked example's ranking changes.
FIVES = {**VALUES, "single_base": 5}
