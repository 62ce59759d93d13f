"""Which games need the supervisor's approval (5.2.14, 5.2.16; docs/rules.md, section 5).

Every Tout and every Sie needs approval (5.2.14), and so does every single-player game from the
5th per sheet on (5.2.16); Touts count towards that number, a Sie (no Solo or Wenz), struck games
and Rufspiele do not. The threshold (5 by default) is a tournament setting. No database, no
Django.
"""

from __future__ import annotations

import pytest

from rules.contracts import Contract, Suit
from rules.presets import (
    SCHAFKOPFSCHULE_2007,
)
from scoring.approvals import ApprovalCandidate, approvals_needed
from scoring.hand import HandFacts
from scoring.scoresheet import score_sheet

FOUR = ("anna", "bert", "carl", "dora")
SOLO_FROM = 5  # rule 5.2.16: "from the 5th Solo or Wenz"


def ruf(number):
    return ApprovalCandidate(number, Contract.RUFSPIEL)


def solo(number, *, tout=False, struck=False, contract=Contract.SOLO):
    return ApprovalCandidate(number, contract, tout=tout, struck=struck)


def sie(number, *, struck=False):
    return ApprovalCandidate(number, Contract.SIE, struck=struck)


CASES = [
    pytest.param([solo(3, tout=True)], {3}, id="5.2.14-a-tout-as-the-first-solo"),
    pytest.param([solo(1, tout=True, contract=Contract.WENZ)], {1}, id="5.2.14-a-wenz-tout"),
    pytest.param([sie(2)], {2}, id="5.2.14-a-sie"),
    pytest.param([solo(n) for n in range(1, 5)], set(), id="5.2.16-four-solos-need-nothing"),
    pytest.param([solo(n) for n in range(1, 9)], {5, 6, 7, 8}, id="5.2.16-from-the-fifth-solo"),
    pytest.param(
        [solo(1), solo(2, contract=Contract.WENZ), solo(3, contract=Contract.GEIER)]
        + [solo(4, contract=Contract.FARBWENZ), solo(5, contract=Contract.FARBGEIER)],
        {5},
        id="5.2.16-every-single-player-contract-counts",
    ),
    pytest.param(
        [ruf(1), solo(2), ruf(3), solo(4), ruf(5), ruf(6), solo(7), solo(8), ruf(9), solo(10)],
        {10},
        id="5.2.16-rufspiele-do-not-count",
    ),
    pytest.param(
        [solo(2, tout=True), sie(4), solo(6), solo(8), solo(10), solo(11)],
        {2, 4, 11},
        id="5.2.16-a-tout-counts-a-sie-does-not",
    ),
    pytest.param(
        [sie(2), solo(3), solo(4), solo(5), solo(6)],
        {2},
        id="5.2.16-sie-between-solos-game6-is-4th",
    ),
    pytest.param(
        [sie(2), solo(3), solo(4), solo(5), solo(6), solo(7)],
        {2, 7},
        id="5.2.16-sie-between-solos-game7-is-5th",
    ),
    pytest.param(
        [sie(2), sie(3), sie(4), sie(5), sie(6), solo(7)],
        {2, 3, 4, 5, 6},
        id="5.2.14-every-sie-needs-approval-and-none-counts",
    ),
    pytest.param(
        [sie(2), solo(3, tout=True), solo(4), solo(5), solo(6, tout=True), solo(7)],
        {2, 3, 6, 7},
        id="5.2.14-5.2.16-touts-count-and-need-approval",
    ),
    pytest.param(
        [solo(1), solo(2), sie(3, struck=True), solo(4), solo(5)],
        set(),
        id="5.2.17-a-struck-sie-needs-nothing",
    ),
    pytest.param(
        [solo(1), solo(2), solo(3, struck=True), solo(4), solo(5), solo(6)],
        {6},
        id="5.2.17-a-struck-solo-does-not-count",
    ),
    pytest.param(
        [solo(2), solo(3), solo(4, tout=True), solo(5), solo(6)],
        {4, 6},
        id="5.2.16-tout-between-solos-game6-is-5th",
    ),
    pytest.param(
        [solo(2), solo(3), solo(4, struck=True), solo(5), solo(6), solo(7)],
        {7},
        id="5.2.17-struck-between-solos-game7-is-5th",
    ),
    pytest.param([ruf(n) for n in range(1, 33)], set(), id="5.2.16-only-rufspiele"),
]


@pytest.mark.parametrize(("games", "expected"), CASES)
def test_every_tout_every_sie_and_every_solo_from_the_fifth_on_needs_approval(games, expected):
    assert approvals_needed(games, solo_from=SOLO_FROM) == expected


@pytest.mark.parametrize(("games", "expected"), CASES)
def test_the_games_are_counted_in_the_order_of_their_numbers_however_they_are_given(
    games, expected
):
    assert approvals_needed(list(reversed(games)), solo_from=SOLO_FROM) == expected
    shuffled = games[1::2] + games[0::2]
    assert approvals_needed(shuffled, solo_from=SOLO_FROM) == expected


@pytest.mark.parametrize(
    ("solo_from", "expected"),
    [
        pytest.param(1, {2, 4, 6, 8, 10}, id="5.2.16-setting-every-solo"),
        pytest.param(3, {6, 8, 10}, id="5.2.16-setting-from-the-third"),
        pytest.param(5, {10}, id="5.2.16-setting-from-the-fifth"),
        pytest.param(6, set(), id="5.2.16-setting-from-the-sixth"),
    ],
)
def test_the_threshold_is_a_setting(solo_from, expected):
    games = [ruf(n) if n % 2 else solo(n) for n in range(1, 11)]
    assert approvals_needed(games, solo_from=solo_from) == expected


def _hand(number, *, offender=None, contract=Contract.SOLO, tout=False):
    return HandFacts(
        number=number,
        seats=FOUR,
        contract=contract,
        suit=Suit.HERZ,
        declarer="bert",
        won=None if offender else True,
        tout=tout,
        offender=offender,
    )


def test_a_sanctioned_single_player_game_counts_towards_the_fifth():
    hands = [_hand(1, offender="anna"), _hand(2), _hand(3, offender="bert"), _hand(4), _hand(5)]
    scored = score_sheet(
        hands, table=SCHAFKOPFSCHULE_2007, solo_approval_from=SOLO_FROM, approved=lambda h: True
    )
    assert [s.hand.number for s in scored if s.needs_approval] == [5]


def test_a_game_needing_approval_scores_nothing_until_it_is_approved():
    hands = [_hand(2, tout=True)]
    waiting = score_sheet(
        hands, table=SCHAFKOPFSCHULE_2007, solo_approval_from=SOLO_FROM, approved=lambda h: False
    )
    approved = score_sheet(
        hands, table=SCHAFKOPFSCHULE_2007, solo_approval_from=SOLO_FROM, approved=lambda h: True
    )
    assert waiting[0].needs_approval and not waiting[0].counts
    assert waiting[0].points == dict.fromkeys(FOUR, 0)
    assert approved[0].points == {"bert": 18, "anna": -6, "carl": -6, "dora": -6}


def test_5_2_16_a_game_that_no_longer_needs_approval_keeps_the_approval_recorded_for_it():
    """Before the Sie stopped counting, the 5th game after a Sie needed approval; a sheet that
    has one approved scores it as before, and one waiting for approval now scores at once."""
    hands = [_hand(2, contract=Contract.SIE), *(_hand(n) for n in range(3, 7))]
    for approved in ({2, 6}, {2}):
        scored = score_sheet(
            hands,
            table=SCHAFKOPFSCHULE_2007,
            solo_approval_from=SOLO_FROM,
            approved=lambda h, approved=approved: h.number in approved,
        )
        sixth = scored[-1]
        assert (sixth.needs_approval, sixth.counts) == (False, True)
        assert sixth.points == {"bert": 6, "anna": -2, "carl": -2, "dora": -2}
        assert [s.hand.number for s in scored if s.needs_approval] == [2]
