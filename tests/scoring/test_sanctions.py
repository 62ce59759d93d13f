"""Sanctioned games (rules 3.4.17 and 3.4.18 as docs/rules.md, section 6, reads them).

A sanctioned game is scored by the offence, not by its result. Rufspiel: offender -4, each
player of the other side +2, the offender's partner 0. Single-player game: offender -9; the
declarer offended: each defender +3; a defender offended: the declarer +9, the other defenders
0. Tout: the same with 18 and 6 (a first-game Tout is a simple game, so 9 and 3). A Sie cannot
be sanctioned. No database, no Django.
"""

from __future__ import annotations

import pytest

from rules.contracts import Contract, Suit
from rules.presets import (
    SCHAFKOPFSCHULE_2007,
)
from scoring.hand import (
    DeclarerCounts,
    HandFacts,
    Rules,
    declarer_counts,
    hand_points,
    hand_violations,
)

TABLE = SCHAFKOPFSCHULE_2007
RULES = Rules(table=TABLE)
FOUR = ("anna", "bert", "carl", "dora")
FIVE = ("anna", "bert", "carl", "dora", "emil")

# At the table of four bert declares; in a Rufspiel dora is his partner.
RUFSPIEL = dict(contract=Contract.RUFSPIEL, suit=Suit.EICHEL, partner="dora")
SOLO = dict(contract=Contract.SOLO, suit=Suit.HERZ)
WENZ = dict(contract=Contract.WENZ)
FARBGEIER = dict(contract=Contract.FARBGEIER, suit=Suit.GRAS)
TOUT = dict(contract=Contract.SOLO, suit=Suit.EICHEL, tout=True)
WENZ_TOUT = dict(contract=Contract.WENZ, tout=True)


def sanctioned(game: dict, offender: str, *, number: int = 7, seats=FOUR, **result) -> HandFacts:
    return HandFacts(
        number=number, seats=seats, declarer="bert", offender=offender, **game, **result
    )


def scored(hand: HandFacts) -> dict[str, int]:
    assert hand_violations(hand, RULES) == [], "the test builds a valid game"
    return hand_points(hand, TABLE)


SANCTION_CASES = [
    # Rufspiel: offender -4, the other side +2 each, the offender's partner 0.
    pytest.param(RUFSPIEL, 1, "bert", dict(bert=-4, dora=0, anna=2, carl=2), id="ruf-declarer"),
    pytest.param(RUFSPIEL, 1, "dora", dict(dora=-4, bert=0, anna=2, carl=2), id="ruf-partner"),
    pytest.param(RUFSPIEL, 1, "anna", dict(anna=-4, carl=0, bert=2, dora=2), id="ruf-defender"),
    # Single-player game: offender -9; declarer offended: defenders +3 each.
    pytest.param(SOLO, 7, "bert", dict(bert=-9, anna=3, carl=3, dora=3), id="solo-declarer"),
    pytest.param(WENZ, 7, "bert", dict(bert=-9, anna=3, carl=3, dora=3), id="wenz-declarer"),
    # ... a defender offended: the declarer +9, the other defenders 0.
    pytest.param(SOLO, 7, "carl", dict(carl=-9, bert=9, anna=0, dora=0), id="solo-defender"),
    pytest.param(FARBGEIER, 7, "dora", dict(dora=-9, bert=9, anna=0, carl=0), id="fgeier-def"),
    # Tout: the same with 18 and 6.
    pytest.param(TOUT, 7, "bert", dict(bert=-18, anna=6, carl=6, dora=6), id="tout-declarer"),
    pytest.param(TOUT, 7, "anna", dict(anna=-18, bert=18, carl=0, dora=0), id="tout-defender"),
    pytest.param(WENZ_TOUT, 7, "carl", dict(carl=-18, bert=18, anna=0, dora=0), id="wenz-tout"),
    # A Tout in the first game is a simple game: 9 and 3.
    pytest.param(TOUT, 1, "bert", dict(bert=-9, anna=3, carl=3, dora=3), id="first-tout-decl"),
    pytest.param(TOUT, 1, "dora", dict(dora=-9, bert=9, anna=0, carl=0), id="first-tout-def"),
]


@pytest.mark.parametrize(("game", "number", "offender", "expected"), SANCTION_CASES)
def test_a_sanctioned_game_is_scored_by_the_offence(game, number, offender, expected):
    assert scored(sanctioned(game, offender, number=number)) == expected


def test_a_defender_offending_in_a_solo_gives_the_declarer_nine():
    points = scored(sanctioned(SOLO, "anna"))
    assert points["bert"] == 9
    assert points["anna"] == -9


# 3.4.18: whoever reveals his cards after another's mistake is recorded as the offender and gets
# the offender's minus points; the one who made the mistake gets 0.
REVEAL_CASES = [
    pytest.param(RUFSPIEL, "carl", "anna", dict(anna=-4, carl=0, bert=2, dora=2), id="ruf-def"),
    pytest.param(RUFSPIEL, "bert", "dora", dict(dora=-4, bert=0, anna=2, carl=2), id="ruf-decl"),
    pytest.param(SOLO, "carl", "anna", dict(anna=-9, carl=0, dora=0, bert=9), id="solo"),
    pytest.param(TOUT, "dora", "carl", dict(carl=-18, dora=0, anna=0, bert=18), id="tout"),
]


@pytest.mark.parametrize(("game", "mistake_by", "revealer", "expected"), REVEAL_CASES)
def test_a_player_revealing_his_cards_after_a_mistake_takes_the_penalty(
    game, mistake_by, revealer, expected
):
    points = scored(sanctioned(game, revealer))
    assert points[revealer] < 0
    assert points[mistake_by] == 0
    assert points == expected


def test_a_sie_cannot_be_sanctioned():
    hand = HandFacts(number=5, seats=FOUR, contract=Contract.SIE, declarer="bert", offender="anna")
    pairs = {(v.field, v.code) for v in hand_violations(hand, RULES)}
    assert pairs == {("sanction", "sie_sanctioned")}


# Game 8 at a table of five: carl (seat 3) deals and sits out; bert declares.
FIVE_CASES = [
    pytest.param(
        dict(contract=Contract.RUFSPIEL, suit=Suit.GRAS, partner="emil"),
        "dora",
        dict(anna=0, bert=2, carl=0, dora=-4, emil=2),
        id="rufspiel-defender",
    ),
    pytest.param(SOLO, "bert", dict(anna=3, bert=-9, carl=0, dora=3, emil=3), id="solo-declarer"),
    pytest.param(SOLO, "emil", dict(anna=0, bert=9, carl=0, dora=0, emil=-9), id="solo-defender"),
    pytest.param(TOUT, "bert", dict(anna=6, bert=-18, carl=0, dora=6, emil=6), id="tout"),
]


@pytest.mark.parametrize(("game", "offender", "expected"), FIVE_CASES)
def test_a_sanction_at_a_table_of_five_leaves_the_dealer_at_zero(game, offender, expected):
    assert scored(sanctioned(game, offender, number=8, seats=FIVE)) == expected


@pytest.mark.parametrize(
    "result",
    [
        pytest.param(dict(won=None), id="no-result"),
        pytest.param(dict(won=True), id="won"),
        pytest.param(dict(won=False), id="lost"),
        pytest.param(dict(won=True, schneider=True), id="won-schneider"),
        pytest.param(dict(won=False, schneider=True, schwarz=True), id="lost-schwarz"),
    ],
)
@pytest.mark.parametrize(
    ("game", "offender", "expected"),
    [
        pytest.param(RUFSPIEL, "anna", dict(anna=-4, carl=0, bert=2, dora=2), id="rufspiel"),
        pytest.param(SOLO, "anna", dict(anna=-9, bert=9, carl=0, dora=0), id="solo"),
    ],
)
def test_a_sanction_ignores_the_result_of_the_game(game, offender, expected, result):
    assert scored(sanctioned(game, offender, **result)) == expected


COUNT_CASES = [
    pytest.param(SOLO, 7, "anna", DeclarerCounts(solo_won=1, solo_played=1), id="solo-def"),
    pytest.param(SOLO, 7, "bert", DeclarerCounts(solo_played=1), id="solo-declarer"),
    pytest.param(
        TOUT,
        7,
        "carl",
        DeclarerCounts(tout_won=1, tout_played=1, solo_won=1, solo_played=1),
        id="tout-defender",
    ),
    pytest.param(TOUT, 7, "bert", DeclarerCounts(tout_played=1, solo_played=1), id="tout-declarer"),
    pytest.param(
        TOUT, 1, "carl", DeclarerCounts(solo_won=1, solo_played=1), id="first-game-tout-defender"
    ),
    pytest.param(RUFSPIEL, 7, "anna", DeclarerCounts(), id="rufspiel-counts-nothing"),
]


@pytest.mark.parametrize(("game", "number", "offender", "counts"), COUNT_CASES)
def test_a_sanctioned_game_counts_as_played_and_as_won_when_the_declarer_gains(
    game, number, offender, counts
):
    hand = sanctioned(game, offender, number=number)
    assert declarer_counts(hand, scored(hand)) == counts
