"""Contracts and suits (rules 1.2, 2.5, 2.7 and 8.2.2 of the 2024 rules)."""

from __future__ import annotations

import pytest

from rules.contracts import Contract, Suit, may_be_tout, may_name, outranks, ranking_for

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


def test_the_ranking_of_rule_2_7_without_geier():
    classic = {C.RUFSPIEL, C.SOLO, C.WENZ, C.FARBWENZ, C.SIE}
    assert ranking_for(classic) == (
        (C.SIE, False),
        (C.SOLO, True),
        (C.WENZ, True),
        (C.FARBWENZ, True),
        (C.SOLO, False),
        (C.WENZ, False),
        (C.FARBWENZ, False),
        (C.RUFSPIEL, False),
    )


def test_the_ranking_of_rule_8_2_2_with_geier_puts_wenz_before_geier():
    order = ranking_for(set(Contract))
    assert order[:6] == (
        (C.SIE, False),
        (C.SOLO, True),
        (C.WENZ, True),
        (C.GEIER, True),
        (C.FARBWENZ, True),
        (C.FARBGEIER, True),
    )
    assert order[6:] == (
        (C.SOLO, False),
        (C.WENZ, False),
        (C.GEIER, False),
        (C.FARBWENZ, False),
        (C.FARBGEIER, False),
        (C.RUFSPIEL, False),
    )


def test_a_tout_outranks_every_plain_game_and_a_sie_everything():
    assert outranks((C.FARBWENZ, True), (C.SOLO, False))
    assert outranks((C.SIE, False), (C.SOLO, True))
    assert not outranks((C.RUFSPIEL, False), (C.WENZ, False))
