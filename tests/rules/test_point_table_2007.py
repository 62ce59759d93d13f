"""The 2007 point table (rule 5.2.7) at tables of four and five.

Every expected value below is read off the table in rule 5.2.7 (and docs/rules.md: the dealer of a
table of five sits out and scores 0), never off the engine. No database, no Django.
"""

from __future__ import annotations

import pytest

from rules.contracts import Contract, Suit
from rules.presets import (
    SCHAFKOPFSCHULE_2007,
)
from scoring.hand import HandFacts, Rules, hand_points, hand_violations
from scoring.seating import games_at_table

TABLE = SCHAFKOPFSCHULE_2007
RULES = Rules(table=TABLE)
FOUR = ("anna", "bert", "carl", "dora")
FIVE = ("anna", "bert", "carl", "dora", "emil")
NUMBER = 7  # any game but the first, where 5.2.15 changes Tout and Schwarz


def expected_points(seats, *, playing, declarer, partner=None, decl, part=0, each_defender):
    """Points per seat from the values of one row of 5.2.7, by role."""
    points = {}
    for seat in seats:
        if seat not in playing:
            points[seat] = 0
        elif seat == declarer:
            points[seat] = decl
        elif seat == partner:
            points[seat] = part
        else:
            points[seat] = each_defender
    return points


def scored(hand: HandFacts) -> dict[str, int]:
    assert hand_violations(hand, RULES) == [], "the test builds a valid game"
    return hand_points(hand, TABLE)


# Rule 5.2.7, Rufer rows: winners each +, losers each -.
RUFSPIEL_ROWS = [
    pytest.param(True, False, False, 1, id="won"),
    pytest.param(False, False, False, -1, id="lost"),
    pytest.param(True, True, False, 2, id="won-schneider"),
    pytest.param(False, True, False, -2, id="lost-schneider"),
    pytest.param(True, True, True, 3, id="won-schwarz"),
    pytest.param(False, True, True, -3, id="lost-schwarz"),
]


@pytest.mark.parametrize("suit", [Suit.EICHEL, Suit.GRAS, Suit.SCHELLEN])
@pytest.mark.parametrize(("won", "schneider", "schwarz", "each_declaring"), RUFSPIEL_ROWS)
def test_a_rufspiel_pays_each_player_of_one_side_by_each_of_the_other(
    suit, won, schneider, schwarz, each_declaring
):
    hand = HandFacts(
        number=NUMBER,
        seats=FOUR,
        contract=Contract.RUFSPIEL,
        suit=suit,
        declarer="bert",
        partner="dora",
        won=won,
        schneider=schneider,
        schwarz=schwarz,
    )
    assert scored(hand) == expected_points(
        FOUR,
        playing=FOUR,
        declarer="bert",
        partner="dora",
        decl=each_declaring,
        part=each_declaring,
        each_defender=-each_declaring,
    )


SINGLE_CONTRACTS = [
    pytest.param(Contract.SOLO, Suit.EICHEL, id="solo-eichel"),
    pytest.param(Contract.SOLO, Suit.GRAS, id="solo-gras"),
    pytest.param(Contract.SOLO, Suit.HERZ, id="solo-herz"),
    pytest.param(Contract.SOLO, Suit.SCHELLEN, id="solo-schellen"),
    pytest.param(Contract.WENZ, None, id="wenz"),
    pytest.param(Contract.FARBWENZ, Suit.GRAS, id="farbwenz"),
    pytest.param(Contract.GEIER, None, id="geier"),
    pytest.param(Contract.FARBGEIER, Suit.SCHELLEN, id="farbgeier"),
]

# Rule 5.2.7, "Solo or Wenz" rows (docs/rules.md: the same for every single-player game).
SINGLE_ROWS = [
    pytest.param(dict(won=True), 6, -2, id="won"),
    pytest.param(dict(won=False), -6, 2, id="lost"),
    pytest.param(dict(won=True, schneider=True), 9, -3, id="won-schneider"),
    pytest.param(dict(won=False, schneider=True), -9, 3, id="lost-schneider"),
    pytest.param(dict(won=True, schneider=True, schwarz=True), 12, -4, id="won-schwarz"),
    pytest.param(dict(won=False, schneider=True, schwarz=True), -12, 4, id="lost-schwarz"),
    pytest.param(dict(won=True, tout=True), 18, -6, id="tout-won"),
    pytest.param(dict(won=False, tout=True), -18, 6, id="tout-lost"),
    pytest.param(
        dict(won=True, tout=True, schneider=True, schwarz=True), 18, -6, id="tout-won-schwarz"
    ),
]


@pytest.mark.parametrize(("contract", "suit"), SINGLE_CONTRACTS)
@pytest.mark.parametrize(("result", "decl", "each_defender"), SINGLE_ROWS)
def test_a_single_player_game_pays_the_declarer_by_each_of_three_defenders(
    contract, suit, result, decl, each_defender
):
    hand = HandFacts(
        number=NUMBER, seats=FOUR, contract=contract, suit=suit, declarer="carl", **result
    )
    assert scored(hand) == expected_points(
        FOUR, playing=FOUR, declarer="carl", decl=decl, each_defender=each_defender
    )


def test_a_sie_gives_the_declarer_twenty_four_and_takes_eight_from_each_other_player():
    hand = HandFacts(number=NUMBER, seats=FOUR, contract=Contract.SIE, declarer="anna")
    assert scored(hand) == {"anna": 24, "bert": -8, "carl": -8, "dora": -8}


# Games at a table of five: the same rows, one per kind of game.
FIVE_CASES = [
    pytest.param(
        dict(contract=Contract.RUFSPIEL, suit=Suit.GRAS, won=True, schneider=True),
        2,
        2,
        -2,
        id="rufspiel-won-schneider",
    ),
    pytest.param(
        dict(contract=Contract.RUFSPIEL, suit=Suit.EICHEL, won=False), -1, -1, 1, id="rufspiel-lost"
    ),
    pytest.param(dict(contract=Contract.SOLO, suit=Suit.HERZ, won=False), -6, 0, 2, id="solo-lost"),
    pytest.param(
        dict(contract=Contract.GEIER, won=True, schneider=True, schwarz=True),
        12,
        0,
        -4,
        id="geier-won-schwarz",
    ),
    pytest.param(dict(contract=Contract.WENZ, won=True, tout=True), 18, 0, -6, id="wenz-tout"),
    pytest.param(dict(contract=Contract.SIE), 24, 0, -8, id="sie"),
]


@pytest.mark.parametrize("number", [6, 7, 8, 9, 10, 40])
@pytest.mark.parametrize(("game", "decl", "part", "each_defender"), FIVE_CASES)
def test_at_a_table_of_five_the_dealer_scores_nothing_and_the_others_as_at_four(
    number, game, decl, part, each_defender
):
    dealer = FIVE[(number - 1) % 5]  # seat ((n - 1) mod 5) + 1 deals game n
    playing = tuple(seat for seat in FIVE if seat != dealer)
    declarer, partner = playing[0], playing[-1]
    if game["contract"] is not Contract.RUFSPIEL:
        partner = None
    hand = HandFacts(number=number, seats=FIVE, declarer=declarer, partner=partner, **game)

    points = scored(hand)

    assert points[dealer] == 0
    assert points == expected_points(
        FIVE,
        playing=playing,
        declarer=declarer,
        partner=partner,
        decl=decl,
        part=part,
        each_defender=each_defender,
    )


@pytest.mark.parametrize("number", range(1, 41))
def test_the_dealer_of_game_n_at_a_table_of_five_is_seat_n_minus_one_mod_five_plus_one(number):
    hand = HandFacts(
        number=number, seats=FIVE, contract=Contract.RUFSPIEL, suit=Suit.GRAS, declarer="x"
    )
    seat = (number - 1) % 5 + 1
    assert hand.dealer == FIVE[seat - 1]
    assert hand.players == tuple(s for s in FIVE if s != FIVE[seat - 1])


def test_a_table_of_five_plays_forty_games_so_that_every_player_plays_thirty_two():
    assert games_at_table(seats=5, games_per_durchgang=32) == 40
    sat_out = dict.fromkeys(FIVE, 0)
    for number in range(1, 41):
        hand = HandFacts(number=number, seats=FIVE, contract=Contract.SOLO, declarer="x")
        sat_out[hand.dealer] += 1
    assert {seat: 40 - n for seat, n in sat_out.items()} == dict.fromkeys(FIVE, 32)


def test_a_table_of_four_plays_the_games_of_a_durchgang():
    assert games_at_table(seats=4, games_per_durchgang=32) == 32


@pytest.mark.parametrize("number", range(1, 41))
def test_every_game_from_one_to_forty_may_be_written_at_a_table_of_five(number):
    dealer = FIVE[(number - 1) % 5]
    declarer = next(seat for seat in FIVE if seat != dealer)
    hand = HandFacts(
        number=number,
        seats=FIVE,
        contract=Contract.SOLO,
        suit=Suit.HERZ,
        declarer=declarer,
        won=True,
    )
    assert hand_violations(hand, RULES) == []
