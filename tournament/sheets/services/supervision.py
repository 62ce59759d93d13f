"""The supervisor's decisions on single games: approvals (5.2.14, 5.2.16), struck games
(5.2.17) and sanctions (3.4.17, 3.4.18). Each is checked against the stored version, rescored
and logged in the sheet's history in one transaction.
"""

# Declared boilerplate (duplicates): a change of a game is one call of its service (`hand_save`,
# `_decide`) with keyword arguments, alike in shape where only the values differ.

from __future__ import annotations

from collections.abc import Callable

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from scoring.hand import Violation
from tournament import models
from tournament.scorekeeping.engine import SheetContext, hand_sanction, sheet_context
from tournament.scorekeeping.history import Kind, event_log, hand_snapshot
from tournament.scorekeeping.scores import table_rescore
from tournament.sheets.services.hand_check import hand_check
from tournament.sheets.services.hand_errors import HandRuleError, violations_as_errors
from tournament.sheets.services.hands import (
    sheet_closed_error,
    table_lock,
    version_bump,
)


def user_label(user) -> str:
    return user.get_full_name() or user.get_username()


def approvals_pending(tournament: models.Tournament):
    """Games waiting for the supervisor's approval, oldest sheet first."""
    return (
        models.Hand.objects.filter(
            table__durchgang__tournament=tournament,
            needs_approval=True,
            approved_by="",
            struck=False,
        )
        .select_related("table__durchgang", "declarer", "partner")
        .order_by("table__durchgang__number", "table__number", "number")
    )


def _decide(
    hand: models.Hand,
    *,
    version: int | None,
    kind: str,
    user,
    reason: str,
    then: Callable[[SheetContext, models.Hand], None] | None = None,
    check: Callable[[models.Hand], None] | None = None,
    allow_closed: bool = False,
    **changes,
):
    """Apply a decision to a game of an open sheet (or, `allow_closed`, of a closed one):
    `check` on the locked game, version check, `changes` and `then`, rescore, history; all or
    nothing."""
    with transaction.atomic():
        table = table_lock(hand.table)
        if table.closed and not allow_closed:
            raise sheet_closed_error()
        hand = models.Hand.objects.select_related("sanction").get(pk=hand.pk)
        if check is not None:
            check(hand)
        before = hand_snapshot(hand)
        version_bump(hand, version, **changes)
        context = sheet_context(table)
        if then is not None:
            then(context, hand)
        table_rescore(context)
        hand = models.Hand.objects.select_related("sanction").get(pk=hand.pk)
        event_log(
            table=table,
            kind=kind,
            user=user,
            number=hand.number,
            before=before,
            after=hand_snapshot(hand),
            reason=reason,
        )
    return hand


def _awaiting(hand: models.Hand) -> None:
    if not hand.needs_approval or hand.approved_by or hand.struck:
        raise HandRuleError({"__all__": [_("This game does not wait for an approval.")]})


def hand_approve(*, hand: models.Hand, user, note: str = "", version: int | None = None):
    """The supervisor allows the game: from now on it is scored.

    Also on a closed sheet: a correction may turn a game into one that needs an approval."""
    return _decide(
        hand,
        version=version,
        check=_awaiting,
        kind=Kind.APPROVED,
        user=user,
        reason=note,
        allow_closed=True,
        approved_by=user_label(user),
        approved_by_user=user,
        approved_at=timezone.now(),
        approval_note=note,
    )


def hand_refuse(*, hand: models.Hand, user, note: str = "", version: int | None = None):
    """The supervisor refuses the game: it is struck (5.2.17), keeps its number, scores 0.

    Also on a closed sheet, as `hand_approve`."""
    return _decide(
        hand,
        version=version,
        check=_awaiting,
        kind=Kind.REFUSED,
        user=user,
        reason=note,
        allow_closed=True,
        struck=True,
        approval_note=note,
    )


def hand_strike(*, hand: models.Hand, user, struck: bool, reason: str, version=None):
    """Strike a game from the sheet (5.2.17), or take the strike back."""
    if not reason.strip():
        raise HandRuleError({"reason": [_("Say why.")]})
    return _decide(hand, version=version, kind=Kind.STRUCK, user=user, reason=reason, struck=struck)


def sanction_record(
    *,
    hand: models.Hand,
    user,
    offender: models.Player | None,
    reason: str,
    version=None,
    mistake_by: models.Player | None = None,
):
    """Record the offence that ended the game (3.4.17/3.4.18), or remove it (offender None).
    `mistake_by`: the player after whose mistake the offender revealed his cards (3.4.18)."""
    if offender is not None and not reason.strip():
        raise HandRuleError({"reason": [_("Say what the offence was.")]})
    if offender is None and mistake_by is not None:
        no_offender = Violation("sanction.mistake_by", "mistake_by_without_offender")
        raise HandRuleError(violations_as_errors([no_offender]))

    def write(context: SheetContext, hand: models.Hand) -> None:
        if offender is not None or mistake_by is not None:
            hand_check(
                hand,
                context=context,
                offender_id=offender.pk if offender is not None else None,
                mistake_by_id=mistake_by.pk if mistake_by is not None else None,
            )
        models.Sanction.objects.filter(hand=hand).delete()
        if offender is not None:
            models.Sanction.objects.create(
                hand=hand, offender=offender, mistake_by=mistake_by, reason=reason, recorded_by=user
            )

    def sanctioned(hand: models.Hand) -> None:
        if offender is None and hand_sanction(hand) is None:
            raise HandRuleError({"offender": [_("This game has no sanction to remove.")]})

    kind = Kind.SANCTIONED if offender is not None else Kind.SANCTION_REMOVED
    return _decide(
        hand,
        version=version,
        kind=kind,
        user=user,
        reason=reason,
        check=sanctioned,
        then=write,
    )
