"""`{{ tournament|rules_applied }}`: the rule set a tournament is played by and the settings
that differ from it, in words (`tournament.scorekeeping.rule_sets`)."""

from __future__ import annotations

from django import template

from tournament.scorekeeping import rule_sets

register = template.Library()


@register.filter
def rules_applied(tournament) -> str:
    return rule_sets.rules_applied(tournament)
