"""The rule sets a tournament can follow, as data: which settings each one implies.

Plain Python, no Django. A rule set is the rulebook a tournament announces; choosing it fills in
the settings below, and the supervisor may still change each of them. What differs from the
rule set's defaults is named wherever the rules are shown (`deviations`).

- *Schafkopfschule 2007*: the rules with the tournament rules of 2007. Its games are the Rufspiel,
  Solo, Wenz (each Solo or Wenz also as Tout) and the Sie (2.4.4 of 2007). In the first game of a
  sheet a single-player Tout or Schwarz counts as a simple game (5.2.15) and a Sie does not
  count (2.9.1): it is refused.
- *Schafkopfschule 2024*: the 2024 revision of the card rules. Its standard games (section 2 of
  2024) are the Rufspiel, Farbwenz, Wenz, Solo, Tout and Sie; Geier and Farbgeier are variants of
  its appendix (8.2), played only where agreed, so they stay off. Its Sie (2.6) no longer has the
  first-game clause of 2.9.1, so a Sie in the first game is allowed. The 2024 text has no
  tournament section and leaves further rules to the organiser (preamble, 7.3.3): the tournament
  rules of 2007 (section 5: the point table, approvals, tie-breaks, and 5.2.15's first-game
  Tout/Schwarz rule) stay as they are, so the first-game rule stays on.

All pass ("alle weiter"): under 5.2.5 of 2007 the same dealer deals again and nothing is
recorded (`all_pass` "redeal"); under 4.1.5 of 2024 the deal is thrown in and the next dealer
deals, so a tournament under the 2024 rules records the thrown-in deal as a line of the sheet
(`all_pass` "thrown_in"). Whether such a line counts as one of the Durchgang's games is a
setting of its own (`thrown_in_counts`, on in both rule sets).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass

from rules.contracts import DEFAULT_CONTRACTS, Contract

#: The tournament settings a rule set implies, in the order they are named. `contracts` is the
#: list of allowed contracts (values of `Contract`, in its order); the others are switches or
#: choices.
RULE_SET_SETTINGS: tuple[str, ...] = (
    "first_game_rule",
    "sie_first_game_allowed",
    "all_pass",
    "thrown_in_counts",
    "contracts",
)

#: How an all-pass deal is handled: dealt again by the same dealer (2007) or thrown in and
#: recorded as a line of the sheet (2024).
ALL_PASS_REDEAL = "redeal"
ALL_PASS_THROWN_IN = "thrown_in"
ALL_PASS_CHOICES: tuple[str, ...] = (ALL_PASS_REDEAL, ALL_PASS_THROWN_IN)


@dataclass(frozen=True)
class RuleSet:
    key: str
    title: str
    source: str
    settings: Mapping[str, object]  # one value for each of RULE_SET_SETTINGS
    # A Stoß on a Sie, where the tournament allows Kontra: not under 2007, which lays the Sie
    # open at once (2.9.2) and takes a Stoß only before the first card (3.3.2); under 2024 the
    # Sie "darf" be laid open (2.6.2), it may be played, so a Stoß may be given (5.3.2). It is
    # the rulebook's text, not a setting a supervisor chooses.
    sie_stoss: bool = False


def _contracts(*contracts: Contract) -> list[str]:
    return [c.value for c in Contract if c in contracts]


SCHAFKOPFSCHULE_2007 = RuleSet(
    key="schafkopfschule-2007",
    title="Schafkopfschule 2007",
    source="Schafkopfschule e. V., rules with the tournament rules of 2007 (2.4.4, 2.9.1, 5.2.5, "
    "5.2.15)",
    settings={
        "first_game_rule": True,
        "sie_first_game_allowed": False,
        "all_pass": ALL_PASS_REDEAL,
        "thrown_in_counts": True,
        "contracts": _contracts(*DEFAULT_CONTRACTS),
    },
)

SCHAFKOPFSCHULE_2024 = RuleSet(
    key="schafkopfschule-2024",
    title="Schafkopfschule 2024",
    source="Schafkopfschule e. V., card rules revised 2024 (section 2: Rufspiel, Farbwenz, Wenz, "
    "Solo, Tout, Sie; 2.6 Sie without a first-game clause; 4.1.5 all pass: thrown in, the next "
    "dealer deals; 8.2 Geier and Farbgeier only where agreed); tournament rules of 2007, section 5",
    settings={
        "first_game_rule": True,
        "sie_first_game_allowed": True,
        "all_pass": ALL_PASS_THROWN_IN,
        "thrown_in_counts": True,
        "contracts": _contracts(*DEFAULT_CONTRACTS, Contract.FARBWENZ),
    },
    sie_stoss=True,
)

RULE_SETS: dict[str, RuleSet] = {r.key: r for r in (SCHAFKOPFSCHULE_2007, SCHAFKOPFSCHULE_2024)}

DEFAULT_RULE_SET = SCHAFKOPFSCHULE_2007.key


def rule_set(key: str) -> RuleSet:
    """The rule set of `key`; the default one for a key no longer known."""
    return RULE_SETS.get(key, RULE_SETS[DEFAULT_RULE_SET])


def _same(name: str, value: object, default: object) -> bool:
    """Whether a tournament's `value` of the setting `name` is the rule set's `default`; allowed
    contracts are the same in any order."""
    if name == "contracts" and isinstance(value, Collection) and isinstance(default, Collection):
        return {str(c) for c in value} == {str(c) for c in default}
    return value == default


def deviations(key: str, settings: Mapping[str, object]) -> list[tuple[str, object]]:
    """Each setting the rule set `key` implies whose value in `settings` differs from the rule
    set's, as (setting, value), in the order of RULE_SET_SETTINGS. Whether a thrown-in deal
    counts is named only where thrown-in deals are recorded."""
    defaults = rule_set(key).settings
    return [
        (name, settings[name])
        for name in RULE_SET_SETTINGS
        if name in settings
        and not _same(name, settings[name], defaults[name])
        and not (name == "thrown_in_counts" and settings.get("all_pass") != ALL_PASS_THROWN_IN)
    ]


def rule_set_contracts(key: str) -> list[str]:
    """The contracts the rule set `key` allows, as values of `Contract`."""
    implied = rule_set(key).settings["contracts"]
    assert isinstance(implied, list)
    return [str(c) for c in implied]


def contract_deviations(key: str, contracts: Collection[str]) -> list[tuple[Contract, bool]]:
    """Each contract the tournament allows (True) or leaves out (False) unlike the rule set
    `key`, in the order of `Contract`."""
    implied = rule_set_contracts(key)
    chosen = {str(c) for c in contracts}
    return [(c, c.value in chosen) for c in Contract if (c.value in chosen) != (c.value in implied)]
