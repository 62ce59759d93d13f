"""The rules a tournament is played by, in words: its rule set and every setting that differs
from that rule set's defaults (`rules.rule_sets`). The settings page, the signed scoresheets
and the public ranking name the rules with `rules_applied`."""

from __future__ import annotations

from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from rules.rule_sets import RULE_SET_SETTINGS, contract_deviations, deviations, rule_set
from tournament import models

#: How each switch a rule set implies reads, switched on and off (the allowed contracts are
#: named one by one, `contract_texts`).
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
assert set(SETTING_TEXTS) | {"contracts"} == set(RULE_SET_SETTINGS)


def contract_texts(tournament: models.Tournament) -> list[str]:
    """'Geier allowed', 'Farbwenz not allowed': each contract unlike the rule set's."""
    return [
        (gettext("%(contract)s allowed") if allowed else gettext("%(contract)s not allowed"))
        % {"contract": contract.value.capitalize()}
        for contract, allowed in contract_deviations(tournament.rule_set, tournament.contracts)
    ]


def rule_deviations(tournament: models.Tournament) -> list[str]:
    """Each setting of `tournament` that differs from its rule set's defaults, in words."""
    settings = {name: getattr(tournament, name) for name in RULE_SET_SETTINGS}
    texts: list[str] = []
    for name, value in deviations(tournament.rule_set, settings):
        if name == "contracts":
            texts += contract_texts(tournament)
        else:
            texts.append(str(SETTING_TEXTS[name][0 if value else 1]))
    return texts


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
