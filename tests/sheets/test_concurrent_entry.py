"""Clerks entering the same scoresheet at the same moment, in real threads and transactions.

The database decides who wins (a lock on the table's row, the version checked in the UPDATE):
one writer per game and version succeeds, the others are told somebody else changed the game;
nobody's entry is lost silently and nobody sees "database is locked". Runs on SQLite (a file
database, so that the threads share it) and on PostgreSQL when DATABASE_URL points to one.
"""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model

from tests.sheets.helpers import all_at_once
from tournament.models import Hand, HandScore, SheetEvent
from tournament.sheets.services.hand_errors import HandConflict
from tournament.sheets.services.hands import HandEntry, hand_save
from tournament.sheets.services.supervision import hand_approve

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.slow]

CLERKS = 4


@pytest.fixture
def clerks():
    model = get_user_model()
    return [model.objects.create_user(f"schreiber{n}") for n in range(4)]


def _players(table):
    return {p.ident: p for p in table.durchgang.tournament.players.all()}


def _outcome(results):
    """The successful writes and the exceptions, failing on anything but a conflict."""
    unexpected = [
        r for r in results if isinstance(r, Exception) and not isinstance(r, HandConflict)
    ]
    assert unexpected == [], f"only conflicts may fail a write, not {unexpected!r}"
    won = [i for i, r in enumerate(results) if isinstance(r, Hand)]
    lost = [i for i, r in enumerate(results) if isinstance(r, HandConflict)]
    return won, lost


def _points(number):
    return {
        s.player.ident: s.points
        for s in HandScore.objects.filter(hand__number=number).select_related("player")
    }


# What each clerk believes the game was (four readings of the same paper), and its points by
# the 2007 table (seat n holds player n).
READINGS = [
    dict(contract="rufspiel", suit="eichel", declarer="1", partner="3", won=True),
    dict(contract="rufspiel", suit="gras", declarer="2", partner="4", won=False),
    dict(contract="wenz", declarer="3", won=True, schneider=True),
    dict(contract="solo", suit="herz", declarer="4", won=False),
]
POINTS = [
    {"1": 1, "2": -1, "3": 1, "4": -1},
    {"1": 1, "2": -1, "3": 1, "4": -1},
    {"1": -3, "2": -3, "3": 9, "4": -3},
    {"1": 2, "2": 2, "3": 2, "4": -6},
]


def _game(table, reading):
    p = _players(table)
    values = dict(reading, declarer=p[reading["declarer"]])
    if "partner" in reading:
        values["partner"] = p[reading["partner"]]
    return HandEntry(**values)


def test_clerks_changing_the_same_version_of_a_game_at_once_one_wins_the_others_conflict(
    table, clerks
):
    p = _players(table)
    first = HandEntry(
        contract="rufspiel", suit="schellen", declarer=p["1"], partner=p["2"], won=True
    )
    hand_save(table=table, number=7, game=first, version=0, user=clerks[0])
    games = [_game(table, reading) for reading in READINGS]

    results = all_at_once(
        CLERKS,
        lambda i: hand_save(table=table, number=7, game=games[i], version=1, user=clerks[i]),
    )

    won, lost = _outcome(results)
    assert len(won) == 1 and len(lost) == CLERKS - 1
    winner = won[0]
    stored = Hand.objects.get(table=table, number=7)
    reading = READINGS[winner]
    assert stored.version == 2
    assert (stored.contract, stored.declarer.ident, stored.won) == (
        reading["contract"],
        reading["declarer"],
        reading["won"],
    )
    assert _points(7) == POINTS[winner]
    history = list(SheetEvent.objects.filter(table=table, number=7).order_by("pk"))
    assert [(e.kind, e.user) for e in history] == [
        (SheetEvent.Kind.ENTERED, clerks[0]),
        (SheetEvent.Kind.EDITED, clerks[winner]),
    ]
    assert history[1].before["version"] == 1 and history[1].after["version"] == 2


def test_clerks_entering_the_same_new_game_at_once_one_wins_the_others_conflict(table, clerks):
    games = [_game(table, reading) for reading in READINGS]

    results = all_at_once(
        CLERKS,
        lambda i: hand_save(table=table, number=12, game=games[i], version=0, user=clerks[i]),
    )

    won, lost = _outcome(results)
    assert len(won) == 1 and len(lost) == CLERKS - 1
    stored = Hand.objects.get(table=table, number=12)
    assert stored.version == 1
    assert stored.declarer.ident == READINGS[won[0]]["declarer"]
    assert HandScore.objects.filter(hand=stored).count() == 4
    history = SheetEvent.objects.filter(table=table, number=12)
    assert [(e.kind, e.user) for e in history] == [(SheetEvent.Kind.ENTERED, clerks[won[0]])]


def test_an_approval_and_an_edit_of_the_same_version_at_once_one_wins_the_other_conflicts(
    table, clerks
):
    p = _players(table)
    tout = HandEntry(contract="solo", suit="eichel", declarer=p["2"], won=True, tout=True)
    hand = hand_save(table=table, number=3, game=tout, version=0, user=clerks[0])
    assert hand.needs_approval
    edited = HandEntry(contract="solo", suit="eichel", declarer=p["3"], won=True, tout=True)

    def act(i):
        if i == 0:
            return hand_approve(hand=hand, user=clerks[1], version=1)
        return hand_save(table=table, number=3, game=edited, version=1, user=clerks[2])

    results = all_at_once(2, act)

    won, lost = _outcome(results)
    assert len(won) == 1 and len(lost) == 1
    stored = Hand.objects.get(table=table, number=3)
    assert stored.version == 2
    if won == [0]:  # the approval won: the Tout of seat 2 counts
        assert (stored.declarer, stored.approved_by_user) == (p["2"], clerks[1])
        assert _points(3) == {"1": -6, "2": 18, "3": -6, "4": -6}
    else:  # the edit won: the Tout of seat 3 waits for an approval, nobody approved it
        assert (stored.declarer, stored.approved_by_user) == (p["3"], None)
        assert set(_points(3).values()) == {0}
    assert SheetEvent.objects.filter(table=table, number=3).count() == 2


def test_clerks_entering_different_games_of_one_sheet_at_once_all_succeed(table, clerks):
    count = 8
    p = _players(table)
    games = [
        HandEntry(contract="rufspiel", suit="gras", declarer=p["1"], partner=p["2"], won=n % 2 == 0)
        for n in range(count)
    ]

    results = all_at_once(
        count,
        lambda i: hand_save(
            table=table, number=i + 1, game=games[i], version=0, user=clerks[i % len(clerks)]
        ),
    )

    won, lost = _outcome(results)
    assert len(won) == count and lost == []
    assert sorted(Hand.objects.filter(table=table).values_list("number", flat=True)) == list(
        range(1, count + 1)
    )
    assert HandScore.objects.filter(hand__table=table).count() == 4 * count
    # Four games won and four lost by seats 1 and 2: everybody is even.
    assert {ident: sum(_points(n)[ident] for n in range(1, count + 1)) for ident in "1234"} == {
        "1": 0,
        "2": 0,
        "3": 0,
        "4": 0,
    }
    assert SheetEvent.objects.filter(table=table, kind=SheetEvent.Kind.ENTERED).count() == count
