"""The rule sets as data (rules/rule_sets.py): what each implies, and what differs from it."""

from __future__ import annotations

import pytest

from rules.rule_sets import DEFAULT_RULE_SET, RULE_SET_SETTINGS, RULE_SETS, deviations, rule_set


@pytest.mark.parametrize(
    ("key", "first_game_rule", "sie_allowed", "all_pass"),
    [
        pytest.param(
            "schafkopfschule-2007", True, False, "redeal", id="2007-5.2.15-2.9.1-5.2.5-redeal"
        ),
        pytest.param(
            "schafkopfschule-2024",
            True,
            True,
            "thrown_in",
            id="2024-5.2.15-kept-2.6-sie-allowed-4.1.5-thrown-in",
        ),
    ],
)
def test_each_rule_set_implies_its_settings(key, first_game_rule, sie_allowed, all_pass):
    assert RULE_SETS[key].settings == {
        "first_game_rule": first_game_rule,
        "sie_first_game_allowed": sie_allowed,
        "all_pass": all_pass,
        "thrown_in_counts": True,
    }


def test_every_rule_set_gives_every_setting_and_the_default_is_2007():
    assert DEFAULT_RULE_SET == "schafkopfschule-2007"
    for rules in RULE_SETS.values():
        assert tuple(rules.settings) == RULE_SET_SETTINGS


@pytest.mark.parametrize(
    ("key", "settings", "expected"),
    [
        pytest.param(
            "schafkopfschule-2007",
            {"first_game_rule": True, "sie_first_game_allowed": False},
            [],
            id="2007-as-is",
        ),
        pytest.param(
            "schafkopfschule-2024",
            {"first_game_rule": True, "sie_first_game_allowed": False},
            [("sie_first_game_allowed", False)],
            id="2024-sie-refused",
        ),
        pytest.param(
            "schafkopfschule-2007",
            {"first_game_rule": False, "sie_first_game_allowed": True},
            [("first_game_rule", False), ("sie_first_game_allowed", True)],
            id="2007-both-off-in-order",
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


def test_an_unknown_key_reads_as_the_default_rule_set():
    assert rule_set("no-such-rules") is RULE_SETS[DEFAULT_RULE_SET]
