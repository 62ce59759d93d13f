"""The rules a tournament is played by, in words: its rule set and every setting that differs
from that rule set's defaults (`rules.rule_sets`). The settings page, the signed scoresheets
and the public ranking name the rules with `rules_applied`."""

from __future__ import annotations

from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from rules.rule_sets import RULE_SET_SETTINGS, deviations, rule_set
from tournament import models

#: How each setting a rule set implies reads, switched on and off.
SETTING_TEXTS = {
    "first_game_rule": (
        _("first game: Tout and Schwarz as a simple game (5.2.15)"),
        _("first game: Tout and Schwarz count in full (without 5.2.15)"),
    ),
    "sie_first_game_allowed": (
        _("Sie in the first game allowed"),
        _("Sie in the first game not allowed (2.9.1)"),
    ),
}
assert set(SETTING_TEXTS) == set(RULE_SET_SETTINGS)


def rule_deviations(tournament: models.Tournament) -> list[str]:
    """Each setting of `tournament` that differs from its rule set's defaults, in words."""
    settings = {name: getattr(tournament, name) for name in RULE_SET_SETTINGS}
    return [
        str(SETTING_TEXTS[name][0 if value else 1])
        for name, value in deviations(tournament.rule_set, settings)
    ]


def rules_applied(tournament: models.Tournament) -> str:
    """'Rules: Schafkopfschule 2024; differing: …' (the second part only when something does)."""
    title = rule_set(tournament.rule_set).title
    differing = rule_deviations(tournament)
    if not differing:
        return gettext("Rules: %(rule_set)s") % {"rule_set": title}
    return gettext("Rules: %(rule_set)s; differing: %(deviations)s") % {
        "rule_set": title,
        "deviations": ", ".join(differing),
    }
