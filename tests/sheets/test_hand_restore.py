"""Nothing lost by one wrong click: a deleted game keeps its reason and who deleted it in the
history, and the supervisor restores it from there exactly as it was, with its points, while
its number is free. A correction deletes a game only when that is chosen on purpose."""

from __future__ import annotations

import pytest

from tests.sheets.fixtures import enter, ruf, solo
from tournament.models import Correction, Hand, HandScore, SheetEvent
from tournament.sheets.forms import CorrectionForm
from tournament.sheets.services.corrections import correction_apply, correction_request
from tournament.sheets.services.hand_errors import HandRuleError
from tournament.sheets.services.hands import hand_delete
from tournament.sheets.services.restore import hand_restore
from tournament.sheets.services.sheet import seat_sign, sheet_close
from tournament.sheets.services.supervision import hand_approve, sanction_record

pytestmark = pytest.mark.django_db
Kind = SheetEvent.Kind

FIELDS = ("contract", "suit", "declarer_id", "partner_id", "won", "schneider", "schwarz")
FIELDS += ("tout", "augen", "laufende", "kontra", "struck", "needs_approval", "approved_by")
FIELDS += ("approval_note",)


def stored(table, number) -> tuple:
    hand = Hand.objects.select_related("sanction").get(table=table, number=number)
    sanction = getattr(hand, "sanction", None)
    return (
        tuple(getattr(hand, name) for name in FIELDS),
        (sanction.offender_id, sanction.reason) if sanction else None,
        hand.approved_at,
    )


def points(table) -> dict:
    rows = HandScore.objects.filter(hand__table=table).order_by("hand__number", "player_id")
    return {(n, s): v for n, s, v in rows.values_list("hand__number", "player_id", "points")}


def deletion(table, number) -> SheetEvent:
    return SheetEvent.objects.get(table=table, number=number, kind=Kind.DELETED)


def test_a_deletion_keeps_the_reason_and_who_deleted(table, p, schreiber):
    enter(table, 1, ruf(p, schneider=True, laufende=3))

    hand_delete(table=table, number=1, version=1, user=schreiber, reason="Doppelt eingetragen")

    event = deletion(table, 1)
    assert (event.user, event.reason, event.after) == (schreiber, "Doppelt eingetragen", None)
    assert event.before["declarer"] == "1 Sepp Huber" and event.before["laufende"] == 3
    assert not Hand.objects.filter(table=table).exists()


@pytest.mark.parametrize("reason", ["", "   "])
def test_a_deletion_without_a_reason_is_refused_and_nothing_changes(table, p, schreiber, reason):
    enter(table, 1, ruf(p))

    with pytest.raises(HandRuleError) as refused:
        hand_delete(table=table, number=1, version=1, user=schreiber, reason=reason)

    assert refused.value.errors == {
        "reason": ["Grund: Bitte angeben, warum das Spiel gelöscht wird."]
    }
    assert Hand.objects.filter(table=table, number=1).exists()
    assert SheetEvent.objects.filter(kind=Kind.DELETED).count() == 0


def test_restore_brings_back_every_field_the_decisions_and_the_points(table, p, leitung):
    for number in range(1, 5):  # four single-player games: the fifth needs an approval
        enter(table, number, solo(p, seat=number % 4 + 1))
    enter(table, 5, solo(p, seat=2, tout=True, laufende=4))
    enter(table, 6, ruf(p, schneider=True, won=False, augen=25))
    approved = hand_approve(hand=Hand.objects.get(table=table, number=5), user=leitung, note="ok")
    assert approved.approved_by == "Hanna Berg"
    sanction_record(
        hand=Hand.objects.get(table=table, number=6),
        user=leitung,
        offender=p[4],
        reason="Vorwerfen",
    )
    before = {n: stored(table, n) for n in (5, 6)}
    scores = points(table)

    for number in (5, 6):
        version = Hand.objects.get(table=table, number=number).version
        hand_delete(
            table=table,
            number=number,
            version=version,
            user=leitung,
            reason="Versehen",
            as_supervisor=True,
        )
    assert points(table) != scores
    for number in (6, 5):
        hand_restore(event=deletion(table, number), user=leitung)

    assert {n: stored(table, n) for n in (5, 6)} == before
    assert points(table) == scores
    restored = SheetEvent.objects.filter(kind=Kind.RESTORED).order_by("pk")
    assert [(e.number, e.user) for e in restored] == [(6, leitung), (5, leitung)]
    assert "Versehen" in restored[0].reason and restored[0].after["points"]
    assert restored[0].before is None


def test_restore_is_refused_when_the_number_is_taken_meanwhile(table, p, leitung, schreiber):
    enter(table, 3, ruf(p))
    hand_delete(table=table, number=3, version=1, user=schreiber, reason="Falscher Tisch")
    enter(table, 3, solo(p))
    now, events = stored(table, 3), SheetEvent.objects.count()

    with pytest.raises(HandRuleError) as refused:
        hand_restore(event=deletion(table, 3), user=leitung)

    assert "Spiel 3 kann nicht wiederhergestellt werden" in refused.value.errors["number"][0]
    assert "inzwischen wieder belegt" in refused.value.errors["number"][0]
    assert stored(table, 3) == now and SheetEvent.objects.count() == events


def test_a_game_deleted_by_a_correction_is_restored_on_an_open_sheet(table, p, leitung):
    enter(table, 2, ruf(p))
    hand = Hand.objects.get(table=table, number=2)
    sanction_record(hand=hand, user=leitung, offender=p[2], reason="Vorwerfen")
    correction = correction_request(
        table=table, number=2, game=None, reason="Gar nicht gespielt", user=leitung
    )
    correction_apply(correction=correction, user=leitung)
    assert not Hand.objects.filter(table=table, number=2).exists()

    event = SheetEvent.objects.get(kind=Kind.CORRECTED, number=2)
    hand_restore(event=event, user=leitung)

    assert Hand.objects.get(table=table, number=2).sanction.reason == "Vorwerfen"


def closed_sheet(table, p, leitung, schreiber) -> None:
    for number in range(1, 33):
        enter(table, number, ruf(p))
    for seat in table.seats.all():
        seat_sign(seat=seat, user=schreiber, paper=True)
    sheet_close(table=table, user=leitung)


def test_restore_on_a_closed_sheet_is_refused(table, p, leitung, schreiber):
    closed_sheet(table, p, leitung, schreiber)
    correction = correction_request(
        table=table, number=32, game=None, reason="Zu viel gespielt", user=schreiber
    )
    correction_apply(correction=correction, user=leitung)
    events = SheetEvent.objects.count()

    with pytest.raises(HandRuleError) as refused:
        hand_restore(event=SheetEvent.objects.get(kind=Kind.CORRECTED), user=leitung)

    assert "abgeschlossen" in refused.value.errors["__all__"][0]
    assert not Hand.objects.filter(table=table, number=32).exists()
    assert SheetEvent.objects.count() == events


def correction_form(table, **data) -> CorrectionForm:
    seats = list(table.seats.select_related("player").order_by("position"))
    return CorrectionForm({"number": 2, "reason": "Verzählt", **data}, seats=seats)


def test_a_correction_with_an_empty_game_code_deletes_nothing(table, p):
    form = correction_form(table, code="")

    assert not form.is_valid()
    assert form.errors["code"] == [
        "Spielcode: Bitte das Spiel eingeben, wie es richtig ist. Um das Spiel zu löschen, "
        "„Spiel löschen“ wählen."
    ]


def test_a_correction_with_a_code_and_the_delete_choice_is_refused(table, p):
    form = correction_form(table, code="r e 1 3 +", delete="on")

    assert not form.is_valid() and form.errors["code"][0].startswith("Spielcode: leer lassen")


def test_an_explicit_deletion_by_correction_counts_once_signed_off(table, p, leitung, schreiber):
    closed_sheet(table, p, leitung, schreiber)
    form = correction_form(table, delete="on")
    assert form.is_valid(), form.errors
    assert form.cleaned_data["game"] is None

    correction = correction_request(
        table=table, number=2, game=None, reason=form.cleaned_data["reason"], user=schreiber
    )
    assert Hand.objects.filter(table=table, number=2).exists()  # not before the sign-off
    correction_apply(correction=correction, user=leitung, version=1)

    assert not Hand.objects.filter(table=table, number=2).exists()
    assert Correction.objects.get().status == Correction.Status.APPLIED
    event = SheetEvent.objects.get(kind=Kind.CORRECTED, number=2)
    assert (event.reason, event.user, event.after) == ("Verzählt", leitung, None)
