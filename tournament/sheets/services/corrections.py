"""Corrections of closed scoresheets (5.3.4): asked for with a reason, in force only once a
supervisor signs them off. A correction changes a game, adds a missing one or deletes one.

On an open sheet a correction is how a clerk changes or deletes a game that carries a decision
of the supervisor (struck, refused, approved, sanctioned: `services.decisions`).
"""

# Declared boilerplate (duplicates): a change of a game is one call of its service (`hand_save`,
# `_decide`) with keyword arguments, alike in shape where only the values differ.

from __future__ import annotations

from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from tournament import models
from tournament.scorekeeping.engine import hand_sanction
from tournament.scorekeeping.history import Kind, event_log, hand_snapshot
from tournament.scorekeeping.sheet_lock import TABLE_SEATS, sheet_lock
from tournament.sheets.services.decisions import hand_decisions
from tournament.sheets.services.hand_check import hand_check
from tournament.sheets.services.hand_errors import HandRuleError
from tournament.sheets.services.hands import (
    HandEntry,
    SanctionKeys,
    hand_delete,
    hand_save,
    table_lock,
)

Status = models.Correction.Status
PLAYER_FIELDS = ("declarer", "partner")


def game_to_json(game: HandEntry) -> dict:
    data = game.fields()
    for name in PLAYER_FIELDS:
        player = getattr(game, name)
        data[name] = player.pk if player is not None else None
    return data


def game_from_json(
    data: dict, table: models.Table, players: dict[int, models.Player] | None = None
) -> HandEntry:
    """The proposed game of a correction, its players those seated at `table` (`players`: by
    id, when the caller has read them)."""
    if players is None:
        players = {p.pk: p for p in models.Player.objects.filter(seats__table=table)}
    values = dict(data)
    for name in PLAYER_FIELDS:
        values[name] = players.get(values[name]) if values[name] is not None else None
    return HandEntry(**values)


def corrections_pending(tournament: models.Tournament):
    return (
        models.Correction.objects.filter(
            table__durchgang__tournament=tournament, status=Status.PENDING
        )
        .select_related("table__durchgang", "requested_by")
        .order_by("requested_at", "pk")
    )


def correction_request(
    *, table: models.Table, number: int, game: HandEntry | None, reason: str, user
) -> models.Correction:
    """Ask for a correction of a closed sheet, or of a game that carries a decision of the
    supervisor on an open one; `game` None asks to delete the game."""
    if not reason.strip():
        raise HandRuleError({"reason": [_("Say why the sheet is to be corrected.")]})
    with transaction.atomic():
        table = table_lock(table)
        stored = models.Hand.objects.select_related("sanction").filter(table=table, number=number)
        hand = stored.first()
        if not table.closed and (hand is None or not hand_decisions(hand)):
            raise HandRuleError({"__all__": [_("The sheet is open: change the game directly.")]})
        if game is None and hand is None:
            raise HandRuleError(
                {"__all__": [_("There is no game %(n)s to delete.") % {"n": number}]}
            )
        if game is not None:
            # Checked as `correction_apply` will store it: with the game's strike and sanction.
            draft = models.Hand(table=table, number=number, **game.fields())
            draft.struck = hand is not None and hand.struck
            keys = SanctionKeys.of(hand_sanction(hand))
            hand_check(
                draft,
                table=table,
                offender_id=keys.offender_id,
                mistake_by_id=keys.mistake_by_id,
            )
        try:
            with transaction.atomic():
                correction = models.Correction.objects.create(
                    table=table,
                    number=number,
                    proposed=game_to_json(game) if game is not None else None,
                    reason=reason,
                    requested_by=user,
                )
        except IntegrityError as exc:
            raise HandRuleError(
                {"__all__": [_("A correction of game %(n)s is waiting already.") % {"n": number}]}
            ) from exc
        event_log(
            table=table,
            kind=Kind.CORRECTION_REQUESTED,
            user=user,
            number=number,
            before=hand_snapshot(hand),
            after=correction.proposed,
            reason=reason,
        )
    return correction


def _pending(
    correction: models.Correction, tournament: models.Tournament | None = None
) -> models.Correction:
    """The correction, locked, with its table; of `tournament` when given (else
    `Correction.DoesNotExist`)."""
    pending = models.Correction.objects.select_for_update(of=("self",)).select_related(
        "table__durchgang"
    )
    if tournament is not None:
        pending = pending.filter(table__durchgang__tournament=tournament)
    correction = pending.get(pk=correction.pk)
    if correction.status != Status.PENDING:
        raise HandRuleError({"__all__": [_("This correction is decided already.")]})
    return correction


def correction_apply(
    *,
    correction: models.Correction,
    user,
    note: str = "",
    version: int | None = None,
    tournament: models.Tournament | None = None,
) -> None:
    """A supervisor signs the correction off: the sheet changes, the history says why.

    `version` is the game's version the supervisor saw next to the proposal (0: no game);
    a game changed since raises `HandConflict` and nothing is stored (None: internal callers).
    `tournament`: the correction must be one of its sheets (else `Correction.DoesNotExist`;
    the page's check, made in the same query as the lock)."""
    with transaction.atomic():
        correction = _pending(correction, tournament)
        table = correction.table
        reason = correction.reason
        if correction.proposed is None:
            hand_delete(
                table=table,
                number=correction.number,
                version=version,
                user=user,
                reason=reason,
                kind=Kind.CORRECTED,
                allow_closed=True,
                as_supervisor=True,
            )
        else:
            sheet = sheet_lock(TABLE_SEATS, table_id=table.pk)
            hand_save(
                table=table,
                number=correction.number,
                game=game_from_json(correction.proposed, table, sheet.players),
                sheet=sheet,
                version=version,
                user=user,
                kind=Kind.CORRECTED,
                reason=reason,
                allow_closed=True,
                as_supervisor=True,
            )
        correction.status, correction.decided_by = Status.APPLIED, user
        correction.decided_at, correction.decision_note = timezone.now(), note
        correction.save(update_fields=["status", "decided_by", "decided_at", "decision_note"])


def correction_reject(
    *,
    correction: models.Correction,
    user,
    note: str = "",
    tournament: models.Tournament | None = None,
) -> None:
    with transaction.atomic():
        correction = _pending(correction, tournament)
        correction.status, correction.decided_by = Status.REJECTED, user
        correction.decided_at, correction.decision_note = timezone.now(), note
        correction.save(update_fields=["status", "decided_by", "decided_at", "decision_note"])
        event_log(
            table=correction.table,
            kind=Kind.CORRECTION_REJECTED,
            user=user,
            number=correction.number,
            reason=note or correction.reason,
        )
