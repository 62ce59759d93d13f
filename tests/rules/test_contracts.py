"""Contracts and suits (rules 1.2, 2.5, 2.7 and 8.2.2 of the 2024 rules)."""

from __future__ import annotations

import pytest

from rules.contracts import Contract, Suit, may_be_tout, may_name

C = Contract


@pytest.mark.parametrize(
    ("contract", "suit", "allowed"),
    [
        pytest.param(C.RUFSPIEL, Suit.EICHEL, True, id="rufspiel-calls-eichel-sau"),
        pytest.param(C.RUFSPIEL, Suit.SCHELLEN, True, id="rufspiel-calls-schellen-sau"),
        pytest.param(C.RUFSPIEL, Suit.HERZ, False, id="no-herz-sau-can-be-called"),
        pytest.param(C.RUFSPIEL, None, False, id="rufspiel-needs-a-sau"),
        pytest.param(C.SOLO, Suit.HERZ, True, id="herz-solo"),
        pytest.param(C.SOLO, None, False, id="solo-needs-trump"),
        pytest.param(C.FARBWENZ, Suit.GRAS, True, id="farbwenz-gras"),
        pytest.param(C.FARBGEIER, Suit.SCHELLEN, True, id="farbgeier-schellen"),
        pytest.param(C.WENZ, None, True, id="wenz-no-suit"),
        pytest.param(C.WENZ, Suit.EICHEL, False, id="wenz-names-no-suit"),
        pytest.param(C.GEIER, Suit.GRAS, False, id="geier-names-no-suit"),
        pytest.param(C.SIE, None, True, id="sie-no-suit"),
        pytest.param(C.SIE, Suit.HERZ, False, id="sie-names-no-suit"),
    ],
)
def test_which_suit_a_contract_may_name(contract, suit, allowed):
    assert may_name(contract, suit) is allowed


def test_only_single_player_games_may_be_tout():
    assert {c for c in Contract if may_be_tout(c)} == {
        C.SOLO,
        C.WENZ,
        C.FARBWENZ,
        C.GEIER,
        C.FARBGEIER,
    }
