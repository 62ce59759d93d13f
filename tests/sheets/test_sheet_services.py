"""Changing a scoresheet through the services: every change is one row of the sheet's history.

Entries, edits and deletions by the clerk; approvals, refusals, struck games and sanctions by the
supervisor (docs/rules.md, sections 5 and 6). Each is checked against the version the user saw
and leaves exactly one append-only history row: who, when, the game before and after, why.
Closing, signatures and corrections are in test_sheet_closing.py.
"""

from __future__ import annotations

import pytest

from tests.constants import SHEET_NAMES
from tests.sheets.fixtures import enter, points, ruf, solo
from tournament.models import AppendOnlyError, Hand, HandScore, Sanction, SheetEvent
from tournament.sheets.services.hand_errors import HandConflict, HandRuleError
from tournament.sheets.services.hands import HandEntry, hand_delete, hand_save
from tournament.sheets.services.supervision import (
    approvals_pending,
    hand_approve,
    hand_refuse,
    hand_strike,
    sanction_record,
)

pytestmark = pytest.mark.django_db
Kind = SheetEvent.Kind


def history(table) -> list[SheetEvent]:
    return list(SheetEvent.objects.filter(table=table).order_by("pk"))


def pending(table) -> list[int]:
    return [h.number for h in approvals_pending(table.durchgang.tournament)]


def logged(event: SheetEvent) -> tuple:
    """What a history row says: what happened, who did it, why."""
    return (event.kind, event.user, event.reason)


def test_entering_a_game_logs_who_entered_it_when_and_the_game_with_its_points(table, p, schreiber):
    enter(table, 2, ruf(p), user=schreiber)

    [event] = history(table)
    assert logged(event) == (Kind.ENTERED, schreiber, "")
    assert (event.number, event.before) == (2, None)
    assert event.at is not None
    assert event.after["declarer"] == "1 Sepp Huber" and event.after["partner"] == "3 Xaver Bauer"
    assert event.after["points"] == {"1": 1, "2": -1, "3": 1, "4": -1}
    assert event.after["version"] == 1


def test_editing_a_game_logs_the_game_before_and_after_and_why(table, p, schreiber):
    enter(table, 2, ruf(p), user=schreiber)

    hand_save(
        table=table, number=2, game=ruf(p, won=False), version=1, user=schreiber, reason="Vertippt"
    )

    assert points(table, 2) == {1: -1, 2: 1, 3: -1, 4: 1}
    entered, edited = history(table)
    assert logged(edited) == (Kind.EDITED, schreiber, "Vertippt")
    assert (edited.before["won"], edited.after["won"]) == (True, False)
    assert (edited.before["points"]["1"], edited.after["points"]["1"]) == (1, -1)
    assert (edited.before["version"], edited.after["version"]) == (1, 2)
    assert edited.before == entered.after


def test_deleting_a_game_takes_it_off_the_sheet_and_the_history_keeps_it(table, p, schreiber):
    enter(table, 2, ruf(p), user=schreiber)

    hand_delete(table=table, number=2, version=1, user=schreiber, reason="Doppelt")

    assert not Hand.objects.filter(table=table).exists()
    assert not HandScore.objects.filter(hand__table=table).exists()
    deleted = history(table)[-1]
    assert logged(deleted) == (Kind.DELETED, schreiber, "Doppelt") and deleted.number == 2
    assert deleted.before["contract"] == "rufspiel" and deleted.after is None


def five_solos(table, p) -> Hand:
    """Solos of seat 2 in games 1 to 5: the fifth waits for an approval (5.2.16)."""
    for number in range(1, 5):
        enter(table, number, solo(p))
    return enter(table, 5, solo(p))


def test_the_fifth_solo_waits_for_approval_and_scores_once_the_supervisor_approves_it(
    table, p, leitung
):
    fifth = five_solos(table, p)
    assert fifth.needs_approval and pending(table) == [5]
    assert points(table, 5) == {1: 0, 2: 0, 3: 0, 4: 0}

    hand_approve(hand=fifth, user=leitung, note="Gesehen", version=1)

    fifth.refresh_from_db()
    assert (fifth.approved_by, fifth.approved_by_user) == ("Hanna Berg", leitung)
    assert fifth.approved_at is not None and fifth.version == 2
    assert points(table, 5) == {1: -2, 2: 6, 3: -2, 4: -2}
    assert pending(table) == []
    approved = history(table)[-1]
    assert logged(approved) == (Kind.APPROVED, leitung, "Gesehen")
    assert (approved.before["approved_by"], approved.after["approved_by"]) == ("", "Hanna Berg")
    assert (approved.before["points"]["2"], approved.after["points"]["2"]) == (0, 6)
    assert len(history(table)) == 6


def test_a_refused_game_is_struck_keeps_its_number_and_scores_nothing(table, p, leitung):
    fifth = five_solos(table, p)

    hand_refuse(hand=fifth, user=leitung, note="Zu spät gemeldet", version=1)

    fifth.refresh_from_db()
    assert fifth.struck and fifth.number == 5 and not fifth.approved_by
    assert points(table, 5) == {1: 0, 2: 0, 3: 0, 4: 0}
    assert pending(table) == []
    refused = history(table)[-1]
    assert logged(refused) == (Kind.REFUSED, leitung, "Zu spät gemeldet")
    assert (refused.before["struck"], refused.after["struck"]) == (False, True)


def test_a_game_that_waits_for_no_approval_can_be_neither_approved_nor_refused(table, p, leitung):
    first = enter(table, 1, solo(p))

    for decide in (hand_approve, hand_refuse):
        with pytest.raises(HandRuleError):
            decide(hand=first, user=leitung, version=1)

    first.refresh_from_db()
    assert (first.version, first.struck, first.approved_by) == (1, False, "")
    assert len(history(table)) == 1


def test_a_refused_tout_no_longer_counts_so_a_later_solo_needs_no_approval(table, p, leitung):
    tout = enter(table, 2, solo(p, tout=True))
    for number in (3, 4, 5, 6):
        enter(table, number, solo(p, seat=3))
    assert pending(table) == [2, 6]  # the Tout always, game 6 as the fifth single-player game

    hand_refuse(hand=tout, user=leitung, version=1)

    assert pending(table) == []
    assert not Hand.objects.get(table=table, number=6).needs_approval
    assert points(table, 6) == {1: -2, 2: -2, 3: 6, 4: -2}


@pytest.mark.parametrize(
    "change",
    [
        pytest.param(lambda p: dict(declarer=p[3]), id="declarer"),
        pytest.param(lambda p: dict(contract="wenz", suit=""), id="contract"),
        pytest.param(lambda p: dict(suit="gras"), id="suit"),
        pytest.param(lambda p: dict(tout=False), id="tout"),
    ],
)
def test_changing_what_was_approved_drops_the_approval_of_a_tout(table, p, leitung, change):
    for number in range(1, 5):  # so that game 5 waits for an approval even without Tout
        enter(table, number, solo(p, seat=4))
    tout = enter(table, 5, solo(p, tout=True))
    hand_approve(hand=tout, user=leitung, version=1)

    # Only the supervisor changes an approved game (a clerk: test_decisions_guarded.py).
    hand_save(
        table=table,
        number=5,
        game=solo(p, **{"tout": True, **change(p)}),
        version=2,
        user=leitung,
        as_supervisor=True,
    )

    tout.refresh_from_db()
    assert (tout.approved_by, tout.approved_by_user, tout.approved_at) == ("", None, None)
    assert tout.needs_approval and pending(table) == [5]
    assert points(table, 5) == {1: 0, 2: 0, 3: 0, 4: 0}


def test_changing_only_the_result_of_an_approved_tout_keeps_the_approval(table, p, leitung):
    tout = enter(table, 2, solo(p, tout=True))
    hand_approve(hand=tout, user=leitung, version=1)

    hand_save(
        table=table, number=2, game=solo(p, tout=True, won=False), version=2, as_supervisor=True
    )

    tout.refresh_from_db()
    assert tout.approved_by_user == leitung and pending(table) == []
    assert points(table, 2) == {1: 6, 2: -18, 3: 6, 4: 6}


def test_adding_schneider_to_an_approved_fifth_solo_keeps_the_approval(table, p, leitung):
    fifth = five_solos(table, p)
    hand_approve(hand=fifth, user=leitung, version=1)

    hand_save(table=table, number=5, game=solo(p, schneider=True), version=2, as_supervisor=True)

    fifth.refresh_from_db()
    assert fifth.approved_by_user == leitung and pending(table) == []
    assert points(table, 5) == {1: -3, 2: 9, 3: -3, 4: -3}


def test_striking_and_reinstating_a_game_each_log_a_row_and_rescore_the_sheet(table, p, leitung):
    hand = enter(table, 2, ruf(p))

    hand_strike(hand=hand, user=leitung, struck=True, reason="Falsch gegeben", version=1)
    assert points(table, 2) == {1: 0, 2: 0, 3: 0, 4: 0}
    hand_strike(hand=hand, user=leitung, struck=False, reason="Doch richtig", version=2)

    assert points(table, 2) == {1: 1, 2: -1, 3: 1, 4: -1}
    struck, reinstated = history(table)[1:]
    assert logged(struck) == (Kind.STRUCK, leitung, "Falsch gegeben") and struck.after["struck"]
    assert logged(reinstated) == (Kind.STRUCK, leitung, "Doch richtig")
    assert reinstated.after["struck"] is False


def test_striking_a_game_needs_a_reason(table, p, leitung):
    hand = enter(table, 2, ruf(p))

    with pytest.raises(HandRuleError) as caught:
        hand_strike(hand=hand, user=leitung, struck=True, reason="  ", version=1)

    assert set(caught.value.errors) == {"reason"}
    hand.refresh_from_db()
    assert not hand.struck and hand.version == 1 and len(history(table)) == 1


@pytest.mark.parametrize(
    ("game", "offender", "expected"),
    [
        # Rufspiel: offender -4, the other side +2 each, the offender's partner 0.
        pytest.param(ruf, 3, {1: 0, 2: 2, 3: -4, 4: 2}, id="rufspiel-partner"),
        # Single-player game: offender -9; declarer offended: each defender +3 ...
        pytest.param(solo, 2, {1: 3, 2: -9, 3: 3, 4: 3}, id="solo-declarer"),
        # ... a defender offended: the declarer +9, the other defenders 0.
        pytest.param(solo, 4, {1: 0, 2: 9, 3: 0, 4: -9}, id="solo-defender"),
        # Tout: as a single-player game with 18 and 6.
        pytest.param(lambda p: solo(p, tout=True), 1, {1: -18, 2: 18, 3: 0, 4: 0}, id="tout"),
    ],
)
def test_a_recorded_sanction_scores_the_game_by_rule_3_4_17(
    table, p, leitung, game, offender, expected
):
    hand = enter(table, 2, game(p))
    if hand.needs_approval:
        hand = hand_approve(hand=hand, user=leitung, version=1)

    sanction_record(
        hand=hand, user=leitung, offender=p[offender], reason="Vorwerfen", version=hand.version
    )

    assert points(table, 2) == expected
    sanction = Sanction.objects.get(hand__table=table, hand__number=2)
    assert (sanction.offender, sanction.reason) == (p[offender], "Vorwerfen")
    assert sanction.recorded_by == leitung
    event = history(table)[-1]
    assert logged(event) == (Kind.SANCTIONED, leitung, "Vorwerfen")
    assert event.before["sanction"] is None
    assert event.after["sanction"] == {
        "offender": f"{offender} {SHEET_NAMES[offender - 1]}",
        "reason": "Vorwerfen",
    }


def test_a_removed_sanction_scores_the_game_by_its_result_again(table, p, leitung):
    hand = enter(table, 2, solo(p))
    sanction_record(hand=hand, user=leitung, offender=p[4], reason="Vorwerfen", version=1)

    sanction_record(hand=hand, user=leitung, offender=None, reason="Irrtum", version=2)

    assert points(table, 2) == {1: -2, 2: 6, 3: -2, 4: -2}
    assert not Sanction.objects.exists()
    removed = history(table)[-1]
    assert (removed.kind, removed.reason) == (Kind.SANCTION_REMOVED, "Irrtum")
    assert removed.before["sanction"]["reason"] == "Vorwerfen" and removed.after["sanction"] is None


def test_a_sie_cannot_be_sanctioned_and_nothing_changes(table, p, leitung):
    sie = enter(table, 2, HandEntry(contract="sie", declarer=p[1]))
    sie = hand_approve(hand=sie, user=leitung, version=1)

    with pytest.raises(HandRuleError) as caught:
        sanction_record(hand=sie, user=leitung, offender=p[2], reason="Vorwerfen", version=2)

    assert "sanction" in caught.value.errors
    sie.refresh_from_db()
    assert sie.version == 2 and not Sanction.objects.exists()
    assert points(table, 2) == {1: 24, 2: -8, 3: -8, 4: -8}
    assert [e.kind for e in history(table)] == [Kind.ENTERED, Kind.APPROVED]


def test_the_history_cannot_be_changed_or_deleted(table, p):
    enter(table, 2, ruf(p))
    event = SheetEvent.objects.get(table=table)

    event.reason = "geschönt"
    with pytest.raises(AppendOnlyError):
        event.save()
    with pytest.raises(AppendOnlyError):
        event.delete()
    with pytest.raises(AppendOnlyError):
        SheetEvent.objects.filter(table=table).update(reason="geschönt")
    with pytest.raises(AppendOnlyError):
        SheetEvent.objects.filter(table=table).delete()

    event = SheetEvent.objects.get(table=table)
    assert (event.kind, event.reason) == (Kind.ENTERED, "")


def test_saving_over_a_version_somebody_else_changed_stores_nothing(table, p):
    enter(table, 2, ruf(p))
    hand_save(table=table, number=2, game=ruf(p, won=False), version=1)

    with pytest.raises(HandConflict):
        hand_save(table=table, number=2, game=ruf(p, schneider=True), version=1)

    stored = Hand.objects.get(table=table, number=2)
    assert (stored.won, stored.schneider, stored.version) == (False, False, 2)
    assert points(table, 2) == {1: -1, 2: 1, 3: -1, 4: 1}
    assert [e.kind for e in history(table)] == [Kind.ENTERED, Kind.EDITED]


def test_entering_a_game_somebody_else_entered_meanwhile_is_a_conflict(table, p):
    enter(table, 2, ruf(p))

    with pytest.raises(HandConflict):
        enter(table, 2, solo(p))

    stored = Hand.objects.get(table=table, number=2)
    assert (stored.contract, stored.version) == ("rufspiel", 1)
    assert len(history(table)) == 1


def test_changing_a_game_somebody_else_deleted_meanwhile_is_a_conflict(table, p):
    with pytest.raises(HandConflict):
        hand_save(table=table, number=2, game=ruf(p), version=1)

    assert not Hand.objects.exists() and history(table) == []


def test_deleting_or_deciding_on_a_stale_version_changes_nothing(table, p, leitung):
    tout = enter(table, 2, solo(p, tout=True))
    hand_save(table=table, number=2, game=solo(p, tout=True, won=False), version=1)

    with pytest.raises(HandConflict):
        hand_delete(table=table, number=2, version=1, reason="x")
    with pytest.raises(HandConflict):
        hand_approve(hand=tout, user=leitung, version=1)

    tout.refresh_from_db()
    assert (tout.version, tout.approved_by, tout.won) == (2, "", False)
    assert [e.kind for e in history(table)] == [Kind.ENTERED, Kind.EDITED]
