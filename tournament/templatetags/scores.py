"""`{{ value|score:tournament }}`: a score in the unit of the tournament's point table (points,
or euros and cents for a money tariff)."""

from __future__ import annotations

from django import template

from tournament.scorekeeping.amounts import money, score_text
from tournament.scorekeeping.engine import tournament_point_table

register = template.Library()
register.filter("money", money)  # `{{ amount|money }}`: euros, '12,50 €'


@register.filter
def score(value, tournament) -> str:
    return score_text(value, tournament_point_table(tournament).unit)


@register.filter
def score_in(value, unit: str) -> str:
    """`{{ value|score_in:unit }}` where the unit is known already (e.g. printed sheets)."""
    return score_text(value, unit)


@register.filter
def signed_score(value, tournament, plus: str = "+") -> str:
    """`{{ value|signed_score:tournament }}`: a score with its sign, "+18", "−6" or "0"."""
    if value is None or value == "":
        return ""
    text = score_text(abs(value), tournament_point_table(tournament).unit)
    return f"{plus}{text}" if value > 0 else f"−{text}" if value < 0 else text


@register.filter
def total_score(value, tournament) -> str:
    """`{{ value|total_score:tournament }}`: a total, "35" or "−6" (the minus of `signed_score`)."""
    return signed_score(value, tournament, plus="")
