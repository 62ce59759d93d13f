"""The rules a tournament is played by, in words: its rule set and every setting that differs
from that rule set's defaults (`rules.rule_sets`), and the Stock per thrown-in deal when one is
set. The settings page, the signed scoresheets and the public ranking name the rules with
`rules_applied`."""

from __future__ import annotations

from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from rules.rule_sets import (
    ALL_PASS_REDEAL,
    ALL_PASS_THROWN_IN,
    RULE_SET_SETTINGS,
    contract_deviations,
    deviations,
    rule_set,
)
from tournament import models
from tournament.scorekeeping.amounts import euros

#: How each setting a rule set implies reads, for each of its values (the allowed contracts
#: are named one by one, `contract_texts`).
SETTING_TEXTS = {
    "first_game_rule": {
        True: _("first game: Tout and Schwarz as a simple game (5.2.15)"),
        False: _("first game: Tout and Schwarz count in full (without 5.2.15)"),
    },
    "sie_first_game_allowed": {
        True: _("Sie in the first game allowed"),
        False: _("Sie in the first game not allowed (2.9.1)"),
    },
    "all_pass": {
        ALL_PASS_REDEAL: _("all pass: the same dealer deals again (5.2.5)"),
        ALL_PASS_THROWN_IN: _("all pass: thrown in and recorded (4.1.5 of 2024)"),
    },
    "thrown_in_counts": {
        True: _("a thrown-in deal counts as a game"),
        False: _("a thrown-in deal does not count as a game"),
    },
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
    """Each setting of `tournament` that differs from its rule set's defaults, in words; and
    the Stock per thrown-in deal, which no rule set sets."""
    settings = {name: getattr(tournament, name) for name in RULE_SET_SETTINGS}
    texts: list[str] = []
    for name, value in deviations(tournament.rule_set, settings):
        if name == "contracts":
            texts += contract_texts(tournament)
        else:
            texts.append(str(SETTING_TEXTS[name][value]))  # type: ignore[index]
    if tournament.deck == models.Tournament.Deck.FRENCH:  # the rule sets' cards are German
        texts.append(gettext("played with French suits"))
    if tournament.stock_cents:
        texts.append(
            gettext("Stock %(amount)s per thrown-in deal")
            % {"amount": euros(tournament.stock_cents)}
        )
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
