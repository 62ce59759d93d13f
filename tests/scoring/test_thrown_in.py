"""Thrown-in deals ("zusammengeworfen", 4.1.5 of 2024) in the engine: a line of the sheet with
no declarer that scores 0, moves the deal on, never needs approval, and is refused where the
tournament plays the 2007 all-pass rule (5.2.5). No Django."""

from __future__ import annotations

import pytest

from rules.contracts import Contract, Suit
from rules.presets import SCHAFKOPFSCHULE_2007
from scoring.hand import HandFacts, Rules, hand_points, hand_violations
from scoring.scoresheet import score_sheet, seat_totals, stock_tally
from scoring.seating import first_game_number, sheet_length

FIVE = ("s1", "s2", "s3", "s4", "s5")
FOUR = FIVE[:4]
THROWN_IN = (3, 7)  # the two thrown-in deals of the table of five below
RECORDING = Rules(table=SCHAFKOPFSCHULE_2007, games_per_durchgang=8, all_pass_thrown_in=True)
NOT_COUNTING = Rules(
    table=SCHAFKOPFSCHULE_2007,
    games_per_durchgang=8,
    all_pass_thrown_in=True,
    thrown_in_counts=False,
)
RULES_2007 = Rules(table=SCHAFKOPFSCHULE_2007, games_per_durchgang=8)


def thrown_in(number: int, seats=FIVE, **fields) -> HandFacts:
    return HandFacts(
        number=number, seats=seats, contract=Contract.ZUSAMMENGEWORFEN, declarer=None, **fields
    )


def solo(number: int, declarer: str, seats=FIVE, **fields) -> HandFacts:
    return HandFacts(
        number=number,
        seats=seats,
        contract=Contract.SOLO,
        suit=Suit.HERZ,
        declarer=declarer,
        won=True,
        **fields,
    )


# A table of five with 8 games per Durchgang plays 10 lines; deals 3 and 7 are thrown in.
# Line n is dealt by seat ((n - 1) mod 5) + 1, who sits out: the thrown-in lines take their
# numbers, so every later game's dealer follows from its line number.
DEALERS = {n: FIVE[(n - 1) % 5] for n in range(1, 13)}


@pytest.mark.parametrize(
    ("rules", "lines"),
    [
        pytest.param(RECORDING, 10, id="4.1.5-counting-10-lines"),
        pytest.param(NOT_COUNTING, 12, id="4.1.5-not-counting-10-games-plus-2-lines"),
    ],
)
def test_a_table_of_five_with_two_thrown_in_deals(rules, lines):
    length = sheet_length(
        seats=5,
        games_per_durchgang=8,
        thrown_in=len(THROWN_IN),
        thrown_in_counts=rules.thrown_in_counts,
    )
    assert length == lines
    sheet = []
    for number in range(1, lines + 1):
        # A game: the seat after the dealer declares (it always plays).
        hand = thrown_in(number) if number in THROWN_IN else solo(number, FIVE[number % 5])
        assert hand_violations(hand, rules, thrown_in=len(THROWN_IN)) == []
        assert hand.dealer == DEALERS[number]
        assert DEALERS[number] not in hand.players and len(hand.players) == 4
        sheet.append(hand)
    beyond = solo(lines + 1, FIVE[(lines + 1) % 5])
    assert [v.code for v in hand_violations(beyond, rules, thrown_in=len(THROWN_IN))] == [
        "number_range"
    ]
    real = [h for h in sheet if not h.thrown_in]
    assert len(real) == (8 if rules.thrown_in_counts else 10)
    scored = score_sheet(sheet, table=rules.table, solo_approval_from=99, approved=lambda h: True)
    for result in scored:
        if result.hand.thrown_in:
            assert set(result.points.values()) == {0}
            assert not result.needs_approval


def test_4_1_5_later_dealers_and_sitting_out_seats_when_not_counting():
    """Lines 11 and 12 of a sheet that does not count its two thrown-in deals go on round the
    table: seats 1 and 2 deal them and sit out."""
    assert [solo(n, "s4").dealer for n in (8, 9, 10, 11, 12)] == ["s3", "s4", "s5", "s1", "s2"]
    assert "s1" not in solo(11, "s4").players
    assert "s2" not in solo(12, "s4").players


def test_4_1_5_a_thrown_in_deal_scores_0_and_counts_for_nothing():
    hand = thrown_in(3)
    assert hand_points(hand, SCHAFKOPFSCHULE_2007) == dict.fromkeys(FIVE, 0)
    totals = seat_totals(
        FIVE,
        score_sheet(
            [hand], table=SCHAFKOPFSCHULE_2007, solo_approval_from=5, approved=lambda h: False
        ),
    )
    assert set(totals.values()) == {(0,) * 8}


def test_5_2_16_not_a_single_player_game_towards_the_5th():
    """Four Solos, a thrown-in deal, then a Solo: the Solo is the 5th single-player game and
    needs approval; the thrown-in deal never does."""
    sheet = [solo(n, "s1", seats=FOUR) for n in (1, 2, 3, 4)]
    sheet += [thrown_in(5, seats=FOUR), solo(6, "s2", seats=FOUR)]
    scored = score_sheet(
        sheet, table=SCHAFKOPFSCHULE_2007, solo_approval_from=5, approved=lambda h: False
    )
    assert [r.needs_approval for r in scored] == [False, False, False, False, False, True]


@pytest.mark.parametrize(
    "seats",
    [pytest.param(FIVE, id="5.2.5-2007-refused-at-five"), pytest.param(FOUR, id="5.2.5-at-four")],
)
def test_5_2_5_the_2007_rule_refuses_a_thrown_in_line(seats):
    problems = hand_violations(thrown_in(2, seats=seats), RULES_2007)
    assert [(v.field, v.code, v.params) for v in problems] == [
        ("contract", "thrown_in_not_recorded", {"number": 2})
    ]


@pytest.mark.parametrize(
    ("fields", "field"),
    [
        pytest.param({"won": True}, "won", id="4.1.5-no-result"),
        pytest.param({"tout": True}, "tout", id="4.1.5-no-tout"),
        pytest.param({"suit": Suit.HERZ}, "suit", id="4.1.5-no-suit"),
        pytest.param({"partner": "s2"}, "partner", id="4.1.5-no-partner"),
        pytest.param({"offender": "s2"}, "sanction.offender", id="4.1.5-no-sanction"),
    ],
)
def test_4_1_5_a_thrown_in_line_holds_nothing_of_a_game(fields, field):
    hand = thrown_in(2, **fields)
    assert [(v.field, v.code) for v in hand_violations(hand, RECORDING)] == [
        (field, "thrown_in_field")
    ]


def test_4_1_5_a_thrown_in_line_with_a_declarer_is_refused():
    hand = HandFacts(number=2, seats=FIVE, contract=Contract.ZUSAMMENGEWORFEN, declarer="s3")
    assert [v.code for v in hand_violations(hand, RECORDING)] == ["thrown_in_field"]


@pytest.mark.parametrize(
    ("thrown", "first"),
    [
        pytest.param((), 1, id="5.2.15-no-thrown-in"),
        pytest.param((1,), 2, id="5.2.15-line-1-thrown-in"),
        pytest.param((1, 2), 3, id="5.2.15-lines-1-2-thrown-in"),
        pytest.param((2,), 1, id="5.2.15-line-2-thrown-in-does-not-move-it"),
    ],
)
def test_5_2_15_the_first_game_is_the_first_real_game(thrown, first):
    assert first_game_number(thrown) == first


def test_5_2_15_a_tout_after_a_thrown_in_line_1_is_a_simple_game():
    tout = solo(2, "s3", seats=FOUR, tout=True, first_number=2)
    assert hand_points(tout, SCHAFKOPFSCHULE_2007)["s3"] == 6
    later = solo(3, "s4", seats=FOUR, tout=True, first_number=2)
    assert hand_points(later, SCHAFKOPFSCHULE_2007)["s4"] == 18


def test_2_9_1_a_sie_after_a_thrown_in_line_1_is_in_the_first_game():
    sie = HandFacts(number=2, seats=FOUR, contract=Contract.SIE, declarer="s1", first_number=2)
    assert [v.code for v in hand_violations(sie, RECORDING)] == ["sie_first_game"]


def test_4_1_5_stock_is_paid_by_everybody_dealt_cards():
    """50 ct per thrown-in deal (lines 3 and 7 at five): the dealer of each sits out and pays
    nothing for it (seat 3 deals line 3, seat 2 line 7)."""
    owed = stock_tally(FIVE, THROWN_IN, amount=50)
    assert owed == {"s1": 100, "s2": 50, "s3": 50, "s4": 100, "s5": 100}
    assert stock_tally(FOUR, (1, 2), amount=50) == dict.fromkeys(FOUR, 100)
