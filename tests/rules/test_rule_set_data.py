"""The rule sets as data (rules/rule_sets.py): what each implies, and what differs from it.

Each case names the rule it follows: 2.4.4 of 2007 (the games: Rufspiel, Solo, Wenz, Sie),
section 2 of 2024 (the standard games add the Farbwenz) and 8.2 of 2024 (Geier and Farbgeier only
where agreed), 2.9.1 of 2007 and 2.6 of 2024 (the Sie in the first game), 5.2.15 of 2007 (the
first-game Tout/Schwarz rule, kept under both)."""

from __future__ import annotations

import pytest

from rules.contracts import Contract
from rules.rule_sets import (
    DEFAULT_RULE_SET,
    RULE_SET_SETTINGS,
    RULE_SETS,
    contract_deviations,
    deviations,
    rule_set,
)

C = Contract
CLASSIC = ["rufspiel", "solo", "wenz", "sie"]
WITH_FARBWENZ = ["rufspiel", "solo", "wenz", "farbwenz", "sie"]


@pytest.mark.parametrize(
    ("key", "setting", "value"),
    [
        pytest.param("schafkopfschule-2007", "first_game_rule", True, id="2007-5.2.15-on"),
        pytest.param("schafkopfschule-2007", "sie_first_game_allowed", False, id="2007-2.9.1"),
        pytest.param("schafkopfschule-2007", "contracts", CLASSIC, id="2007-2.4.4-games"),
        pytest.param("schafkopfschule-2007", "all_pass", "redeal", id="2007-5.2.5-redeal"),
        pytest.param("schafkopfschule-2007", "thrown_in_counts", True, id="2007-counts"),
        pytest.param("schafkopfschule-2024", "first_game_rule", True, id="2024-5.2.15-kept"),
        pytest.param("schafkopfschule-2024", "sie_first_game_allowed", True, id="2024-2.6-sie"),
        pytest.param(
            "schafkopfschule-2024", "contracts", WITH_FARBWENZ, id="2024-2.2-farbwenz-8.2-no-geier"
        ),
        pytest.param("schafkopfschule-2024", "all_pass", "thrown_in", id="2024-4.1.5-thrown-in"),
        pytest.param("schafkopfschule-2024", "thrown_in_counts", True, id="2024-4.1.5-counts"),
    ],
)
def test_each_rule_set_implies_its_settings(key, setting, value):
    assert RULE_SETS[key].settings[setting] == value


def test_every_rule_set_gives_every_setting_and_the_default_is_2007():
    assert DEFAULT_RULE_SET == "schafkopfschule-2007"
    for rules in RULE_SETS.values():
        assert tuple(rules.settings) == RULE_SET_SETTINGS


@pytest.mark.parametrize(
    ("key", "settings", "expected"),
    [
        pytest.param(
            "schafkopfschule-2007",
            {"first_game_rule": True, "sie_first_game_allowed": False, "contracts": CLASSIC},
            [],
            id="2007-as-is",
        ),
        pytest.param(
            "schafkopfschule-2024",
            {"first_game_rule": True, "sie_first_game_allowed": False},
            [("sie_first_game_allowed", False)],
            id="2024-2.9.1-sie-refused",
        ),
        pytest.param(
            "schafkopfschule-2007",
            {"first_game_rule": False, "sie_first_game_allowed": True},
            [("first_game_rule", False), ("sie_first_game_allowed", True)],
            id="2007-both-off-in-order",
        ),
        pytest.param(
            "schafkopfschule-2024",
            {"contracts": ["sie", "farbwenz", "wenz", "solo", "rufspiel"]},
            [],
            id="2024-2.2-the-order-of-the-contracts-does-not-matter",
        ),
        pytest.param(
            "schafkopfschule-2024",
            {"contracts": CLASSIC},
            [("contracts", CLASSIC)],
            id="2024-2.2-without-farbwenz",
        ),
        pytest.param(
            "schafkopfschule-2007",
            {"all_pass": "redeal", "thrown_in_counts": False},
            [],
            id="4.1.5-2007-counting-unnamed-while-nothing-is-recorded",
        ),
        pytest.param(
            "schafkopfschule-2007",
            {"all_pass": "thrown_in", "thrown_in_counts": False},
            [("all_pass", "thrown_in"), ("thrown_in_counts", False)],
            id="4.1.5-2007-recording-and-not-counting",
        ),
        pytest.param(
            "schafkopfschule-2024",
            {"all_pass": "redeal", "thrown_in_counts": True},
            [("all_pass", "redeal")],
            id="4.1.5-2024-redeal",
        ),
    ],
)
def test_deviations_name_each_setting_that_differs(key, settings, expected):
    assert deviations(key, settings) == expected


@pytest.mark.parametrize(
    ("key", "contracts", "expected"),
    [
        pytest.param("schafkopfschule-2007", CLASSIC, [], id="2007-2.4.4-as-is"),
        pytest.param(
            "schafkopfschule-2007", WITH_FARBWENZ, [(C.FARBWENZ, True)], id="2007-with-farbwenz"
        ),
        pytest.param("schafkopfschule-2024", WITH_FARBWENZ, [], id="2024-2.2-as-is"),
        pytest.param(
            "schafkopfschule-2024", CLASSIC, [(C.FARBWENZ, False)], id="2024-2.2-without-farbwenz"
        ),
        pytest.param(
            "schafkopfschule-2024",
            [*WITH_FARBWENZ, "geier", "farbgeier"],
            [(C.GEIER, True), (C.FARBGEIER, True)],
            id="2024-8.2-with-geier-and-farbgeier",
        ),
    ],
)
def test_contract_deviations_name_each_contract_allowed_or_left_out(key, contracts, expected):
    assert contract_deviations(key, contracts) == expected


def test_an_unknown_key_reads_as_the_default_rule_set():
    assert rule_set("no-such-rules") is RULE_SETS[DEFAULT_RULE_SET]
