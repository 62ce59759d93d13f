"""The end of a scoresheet: the players' signatures (5.3.2), closing it, and corrections (5.3.4).

A sheet closes when every game is entered, none waits for an approval and every player has
signed; from then on it changes only by a correction a supervisor signs off. The messages the
clerk sees are German.
"""

from __future__ import annotations

import pytest
from django.utils import translation

from tests.sheets.fixtures import points, ruf
from tests.sheets.helpers import fill, sign
from tournament.models import Correction, Hand, Sanction, SheetEvent
from tournament.ranking.standings import standings_compute
from tournament.sheets.services.corrections import (
    correction_apply,
    correction_reject,
    correction_request,
)
from tournament.sheets.services.hand_errors import HandRuleError
from tournament.sheets.services.hands import HandEntry, hand_delete, hand_save
from tournament.sheets.services.sheet import seat_sign, sheet_close, sheet_state
from tournament.sheets.services.supervision import hand_approve, hand_strike, sanction_record

pytestmark = pytest.mark.django_db
Kind = SheetEvent.Kind
Status = Correction.Status


@pytest.fixture
def closed(table, p, leitung, schreiber):
    """The sheet of 32 Rufspiele (seat 1 with seat 3, all won), signed and closed."""
    fill(table, p)
    sign(table, schreiber)
    return sheet_close(table=table, user=leitung)


def german_errors(action) -> list[str]:
    with translation.override("de"), pytest.raises(HandRuleError) as caught:
        action()
    return [str(message) for messages in caught.value.errors.values() for message in messages]


def logged(event: SheetEvent) -> tuple:
    """What a history row says: what happened, who did it, why."""
    return (event.kind, event.user, event.reason)


def kinds(table) -> list[str]:
    return list(
        SheetEvent.objects.filter(table=table).order_by("pk").values_list("kind", flat=True)
    )


def total(table, seat) -> int:
    standings = standings_compute(table.durchgang.tournament)
    return next(s.points for s in standings if s.player.start_number == seat)


def test_a_typed_signature_is_the_registered_name_in_any_case(table, schreiber):
    seat = table.seats.get(position=1)

    seat_sign(seat=seat, user=schreiber, signature="  sepp HUBER ")

    seat.refresh_from_db()
    assert (seat.signature, seat.signed_by) == ("sepp HUBER", schreiber)
    assert seat.signed_at is not None
    event = SheetEvent.objects.get(table=table)
    assert (event.kind, event.user) == (Kind.SIGNED, schreiber)
    assert event.after == {"seat": 1, "player": "Sepp Huber", "signature": "sepp HUBER"}


def test_a_typed_signature_of_another_name_is_refused_and_nothing_is_stored(table, schreiber):
    seat = table.seats.get(position=1)

    [message] = german_errors(lambda: seat_sign(seat=seat, user=schreiber, signature="Resi Maier"))

    assert "Sepp Huber" in message and "Name" in message
    seat.refresh_from_db()
    assert (seat.signed_at, seat.signature, seat.signed_by) == (None, "", None)
    assert kinds(table) == []


def test_the_paper_choice_records_the_paper_signature(table, schreiber):
    seat = table.seats.get(position=2)

    seat_sign(seat=seat, user=schreiber, paper=True)

    seat.refresh_from_db()
    assert seat.signature == "Papier" and seat.signed_at is not None
    assert sheet_state(table).signed == 1


def test_a_sheet_with_a_game_missing_cannot_be_closed(table, p, leitung, schreiber):
    fill(table, p, range(1, 32))
    sign(table, schreiber)

    [message] = german_errors(lambda: sheet_close(table=table, user=leitung))

    assert "31" in message and "32" in message and "Spiel" in message
    table.refresh_from_db()
    assert table.closed_at is None and Kind.CLOSED not in kinds(table)


def test_a_sheet_with_a_game_waiting_for_approval_cannot_be_closed(table, p, leitung, schreiber):
    fill(table, p, g2=HandEntry(contract="wenz", declarer=p[2], won=True, tout=True))
    sign(table, schreiber)

    [message] = german_errors(lambda: sheet_close(table=table, user=leitung))

    assert "1" in message and "Genehmigung" in message
    table.refresh_from_db()
    assert table.closed_at is None and Kind.CLOSED not in kinds(table)


def test_a_sheet_not_signed_by_every_player_cannot_be_closed(table, p, leitung, schreiber):
    fill(table, p)
    sign(table, schreiber, seats=(1, 2, 4))

    [message] = german_errors(lambda: sheet_close(table=table, user=leitung))

    assert "3" in message and "4" in message and "unterschrieben" in message
    table.refresh_from_db()
    assert table.closed_at is None and Kind.CLOSED not in kinds(table)


def test_a_complete_approved_and_signed_sheet_closes(table, p, leitung, schreiber):
    tout = HandEntry(contract="wenz", declarer=p[2], won=True, tout=True)
    fill(table, p, g2=tout)
    hand_approve(hand=Hand.objects.get(table=table, number=2), user=leitung, version=1)
    sign(table, schreiber)
    assert sheet_state(table).closable

    sheet_close(table=table, user=leitung)

    table.refresh_from_db()
    assert table.closed and table.closed_by == leitung
    assert not sheet_state(table).closable
    closing = SheetEvent.objects.filter(table=table).order_by("pk").last()
    assert (closing.kind, closing.user) == (Kind.CLOSED, leitung)
    assert kinds(table).count(Kind.SIGNED) == 4 and len(kinds(table)) == 32 + 1 + 4 + 1


CHANGES = {
    "edit": lambda t, p, u, h: hand_save(table=t, number=5, game=ruf(p, won=False), version=1),
    "delete": lambda t, p, u, h: hand_delete(table=t, number=5, version=1, reason="x"),
    "sanction": lambda t, p, u, h: sanction_record(
        hand=h, user=u, offender=p[2], reason="Vorwerfen", version=1
    ),
    "strike": lambda t, p, u, h: hand_strike(hand=h, user=u, struck=True, reason="x", version=1),
    "sign": lambda t, p, u, h: seat_sign(seat=t.seats.get(position=1), user=u, paper=True),
    "close": lambda t, p, u, h: sheet_close(table=t, user=u),
}


@pytest.mark.parametrize("change", CHANGES.values(), ids=CHANGES.keys())
def test_a_closed_sheet_refuses_every_direct_change_and_nothing_changes(closed, p, leitung, change):
    hand = Hand.objects.get(table=closed, number=5)
    before = (kinds(closed), points(closed, 5), total(closed, 1))

    [message] = german_errors(lambda: change(closed, p, leitung, hand))

    assert "geschlossen" in message
    hand.refresh_from_db()
    assert (hand.won, hand.version, hand.struck) == (True, 1, False)
    assert not Sanction.objects.exists()
    assert (kinds(closed), points(closed, 5), total(closed, 1)) == before


def test_a_correction_is_asked_for_only_on_a_closed_sheet(table, p, schreiber):
    fill(table, p, [5])

    [message] = german_errors(
        lambda: correction_request(
            table=table, number=5, game=ruf(p, won=False), reason="Vertippt", user=schreiber
        )
    )

    assert "direkt" in message
    assert not Correction.objects.exists() and kinds(table) == [Kind.ENTERED]


def test_a_proposed_game_breaking_a_rule_is_refused_and_nothing_is_stored(closed, p, schreiber):
    events = kinds(closed)

    with pytest.raises(HandRuleError) as caught:
        correction_request(
            table=closed, number=5, game=ruf(p, partner=p[1]), reason="Partner", user=schreiber
        )

    assert set(caught.value.errors) == {"partner"}
    assert not Correction.objects.exists() and kinds(closed) == events


def test_a_signed_off_correction_changes_the_game_its_scores_and_the_standings(
    closed, p, leitung, schreiber
):
    correction = correction_request(
        table=closed, number=5, game=ruf(p, won=False), reason="Verloren", user=schreiber
    )
    assert points(closed, 5) == {1: 1, 2: -1, 3: 1, 4: -1} and total(closed, 1) == 32

    correction_apply(correction=correction, user=leitung, note="Stimmt")

    hand = Hand.objects.get(table=closed, number=5)
    assert hand.won is False and hand.version == 2
    assert points(closed, 5) == {1: -1, 2: 1, 3: -1, 4: 1} and total(closed, 1) == 30
    correction.refresh_from_db()
    assert (correction.status, correction.decided_by) == (Status.APPLIED, leitung)
    assert correction.decision_note == "Stimmt" and correction.decided_at is not None
    requested, corrected = SheetEvent.objects.filter(table=closed, number=5).order_by("pk")[1:]
    assert logged(requested) == (Kind.CORRECTION_REQUESTED, schreiber, "Verloren")
    assert (requested.before["won"], requested.after["won"]) == (True, False)
    assert logged(corrected) == (Kind.CORRECTED, leitung, "Verloren")
    assert (corrected.before["points"]["1"], corrected.after["points"]["1"]) == (1, -1)
    closed.refresh_from_db()
    assert closed.closed


def test_a_signed_off_correction_can_delete_a_game(closed, p, leitung, schreiber):
    correction = correction_request(
        table=closed, number=32, game=None, reason="Zu viel gespielt", user=schreiber
    )

    correction_apply(correction=correction, user=leitung)

    assert not Hand.objects.filter(table=closed, number=32).exists()
    assert points(closed, 32) == {} and total(closed, 1) == 31
    corrected = SheetEvent.objects.filter(table=closed, number=32).order_by("pk").last()
    assert (corrected.kind, corrected.after) == (Kind.CORRECTED, None)
    assert corrected.before["number"] == 32


def test_a_rejected_correction_leaves_the_game_as_it_was(closed, p, leitung, schreiber):
    correction = correction_request(
        table=closed, number=5, game=ruf(p, won=False), reason="Verloren", user=schreiber
    )

    correction_reject(correction=correction, user=leitung, note="Zettel stimmt")

    hand = Hand.objects.get(table=closed, number=5)
    assert (hand.won, hand.version) == (True, 1) and total(closed, 1) == 32
    correction.refresh_from_db()
    assert (correction.status, correction.decided_by) == (Status.REJECTED, leitung)
    rejected = SheetEvent.objects.filter(table=closed).order_by("pk").last()
    assert logged(rejected) == (Kind.CORRECTION_REJECTED, leitung, "Zettel stimmt")


def test_a_second_correction_of_a_game_waits_until_the_first_is_decided(
    closed, p, leitung, schreiber
):
    first = correction_request(
        table=closed, number=5, game=ruf(p, won=False), reason="Verloren", user=schreiber
    )

    [message] = german_errors(
        lambda: correction_request(
            table=closed, number=5, game=None, reason="Doppelt", user=schreiber
        )
    )

    assert "5" in message
    assert list(Correction.objects.values_list("pk", flat=True)) == [first.pk]
    correction_reject(correction=first, user=leitung)
    second = correction_request(table=closed, number=5, game=None, reason="Doppelt", user=leitung)
    assert second.status == Status.PENDING


def test_a_correction_is_decided_only_once(closed, p, leitung, schreiber):
    correction = correction_request(
        table=closed, number=5, game=ruf(p, won=False), reason="Verloren", user=schreiber
    )
    correction_apply(correction=correction, user=leitung)
    events = kinds(closed)

    for decide in (correction_apply, correction_reject):
        with pytest.raises(HandRuleError):
            decide(correction=correction, user=leitung)

    correction.refresh_from_db()
    assert correction.status == Status.APPLIED
    assert Hand.objects.get(table=closed, number=5).version == 2
    assert kinds(closed) == events and events.count(Kind.CORRECTED) == 1


@pytest.fixture
def closed_with_sanction(table, p, leitung, schreiber):
    """As `closed`, but seat 2 offended in game 7 (a Rufspiel): scored -4, +2, 0, +2."""
    fill(table, p)
    hand = Hand.objects.get(table=table, number=7)
    sanction_record(hand=hand, user=leitung, offender=p[2], reason="Vorwerfen", version=1)
    sign(table, schreiber)
    return sheet_close(table=table, user=leitung)


def test_a_correction_of_a_sanctioned_game_is_checked_with_its_sanction(
    closed_with_sanction, p, schreiber
):
    sie = HandEntry(contract="sie", declarer=p[1])

    with pytest.raises(HandRuleError) as caught:
        correction_request(
            table=closed_with_sanction, number=7, game=sie, reason="Sie", user=schreiber
        )

    assert set(caught.value.errors) == {"sanction"}
    assert not Correction.objects.exists()


def test_a_correction_of_a_sanctioned_game_needs_no_result_and_keeps_the_sanction(
    closed_with_sanction, p, leitung, schreiber
):
    game = ruf(p, partner=p[4], won=None)  # seat 4, not seat 3, held the called Sau

    correction = correction_request(
        table=closed_with_sanction, number=7, game=game, reason="Partner", user=schreiber
    )
    correction_apply(correction=correction, user=leitung)

    hand = Hand.objects.get(table=closed_with_sanction, number=7)
    assert (hand.partner, hand.won, hand.sanction.offender) == (p[4], None, p[2])
    assert points(closed_with_sanction, 7) == {1: 2, 2: -4, 3: 0, 4: 2}


def test_a_game_a_correction_made_a_tout_waits_for_approval_on_the_closed_sheet(
    closed, p, leitung, schreiber
):
    tout = HandEntry(contract="wenz", declarer=p[2], won=True, tout=True)
    correction = correction_request(
        table=closed, number=9, game=tout, reason="Tout", user=schreiber
    )
    correction_apply(correction=correction, user=leitung)
    hand = Hand.objects.get(table=closed, number=9)
    assert hand.needs_approval and points(closed, 9) == {1: 0, 2: 0, 3: 0, 4: 0}

    hand_approve(hand=hand, user=leitung, version=hand.version)

    assert points(closed, 9) == {1: -6, 2: 18, 3: -6, 4: -6}
    assert sheet_state(closed).awaiting_approval == 0
    closed.refresh_from_db()
    assert closed.closed and kinds(closed)[-2:] == [Kind.CORRECTED, Kind.APPROVED]
