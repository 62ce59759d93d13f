"""The Sie in the first game (2.9.1 of 2007, 2.6 of 2024) is its own setting, apart from the
first-game Tout/Schwarz rule (5.2.15); the rule sets give both their defaults. No Django."""

from __future__ import annotations

import pytest

from rules.contracts import Contract, Suit
from rules.presets import SCHAFKOPFSCHULE_2007
from rules.rule_sets import RULE_SETS
from scoring.hand import HandFacts, Rules, hand_points, hand_violations

RULES = Rules(table=SCHAFKOPFSCHULE_2007)
FOUR = ("anna", "bert", "carl", "dora")


def sie(number: int, **settings) -> HandFacts:
    return HandFacts(number=number, seats=FOUR, contract=Contract.SIE, declarer="bert", **settings)


def rule_set_settings(key: str) -> dict[str, bool | str]:
    """The rule set's settings a game carries (the all-pass rule is the sheet's)."""
    settings = RULE_SETS[key].settings
    return {name: settings[name] for name in ("first_game_rule", "sie_first_game_allowed")}


@pytest.mark.parametrize(
    ("number", "settings", "refused"),
    [
        pytest.param(1, rule_set_settings("schafkopfschule-2007"), True, id="2.9.1-2007-game-1"),
        pytest.param(2, rule_set_settings("schafkopfschule-2007"), False, id="2.9.1-2007-game-2"),
        pytest.param(1, rule_set_settings("schafkopfschule-2024"), False, id="2.6-2024-game-1"),
        pytest.param(1, dict(first_game_rule=False), True, id="2.9.1-without-5.2.15-still-refused"),
        pytest.param(
            1,
            dict(first_game_rule=False, sie_first_game_allowed=True),
            False,
            id="2.6-allowed-without-5.2.15",
        ),
        pytest.param(
            1,
            dict(first_game_rule=True, sie_first_game_allowed=True),
            False,
            id="2.6-allowed-with-5.2.15",
        ),
    ],
)
def test_a_sie_in_the_first_game_is_refused_only_when_the_setting_says(number, settings, refused):
    codes = [v.code for v in hand_violations(sie(number, **settings), RULES)]
    assert codes == (["sie_first_game"] if refused else [])
    if not refused:
        points = hand_points(sie(number, **settings), SCHAFKOPFSCHULE_2007)
        assert points == {"anna": -8, "bert": 24, "carl": -8, "dora": -8}


@pytest.mark.parametrize(
    ("first_game_rule", "declarer"),
    [
        pytest.param(True, 6, id="5.2.15-on-tout-simple"),
        pytest.param(False, 18, id="5.2.15-off-tout-in-full"),
    ],
)
@pytest.mark.parametrize("sie_allowed", [False, True], ids=["sie-refused", "sie-allowed"])
def test_the_first_game_tout_rule_does_not_depend_on_the_sie_setting(
    first_game_rule, declarer, sie_allowed
):
    tout = HandFacts(
        number=1, seats=FOUR, contract=Contract.SOLO, suit=Suit.GRAS, declarer="bert",
        won=True, tout=True, first_game_rule=first_game_rule, sie_first_game_allowed=sie_allowed,
    )  # fmt: skip
    assert hand_violations(tout, RULES) == []
    assert hand_points(tout, SCHAFKOPFSCHULE_2007)["bert"] == declarer
