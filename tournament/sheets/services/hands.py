"""Recording games: validate with the engine, store the game, write its scores.

A save locks the table and reads its sheet once (`scorekeeping.sheet_lock`: seats, games with
the score rows stored for them); it checks and scores the whole sheet in memory (at most 40
games), which keeps the approval rule (it counts the sheet's single-player games) and the stored
scores consistent with each other, and writes only what changed: the game, the score rows and
seat totals that differ, the public pages' counter and the history. About ten queries a request.
"""

from __future__ import annotations

import copy
from collections.abc import Iterable
from dataclasses import dataclass

from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from scoring.game import game_values
from tournament import models
from tournament.scorekeeping.engine import hand_sanction, sheet_context
from tournament.scorekeeping.history import Kind, event_log, hand_snapshot
from tournament.scorekeeping.scores import (
    ScoreRows,
    sheet_scored,
    sheet_scores_store,
    table_rescore,
)
from tournament.scorekeeping.sheet_lock import TABLE_SEATS, LockedSheet, sheet_lock, table_lock
from tournament.sheets.services.decisions import decided_message, hand_decisions
from tournament.sheets.services.hand_check import hand_check, thrown_in_delete_check
from tournament.sheets.services.hand_entry import (
    APPROVED_FIELDS,
    STORED_FIELDS,
    HandEntry,
    SanctionInput,
    SanctionKeys,
    Supervision,
)
from tournament.sheets.services.hand_errors import HandConflict, HandRuleError


def totals_table_error() -> HandRuleError:
    return HandRuleError(
        {"__all__": [_("This table is recorded by its totals: it holds no games.")]}
    )


def sheet_closed_error() -> HandRuleError:
    return HandRuleError(
        {"__all__": [_("The sheet is closed: a change needs a correction signed off.")]}
    )


def decided_refuse(hand: models.Hand) -> None:
    """Raise `HandRuleError` when `hand` carries a decision of the supervisor."""
    if hand_decisions(hand):
        raise HandRuleError({"number": [decided_message(hand)]})


def version_bump(hand: models.Hand, version: int | None, **changes) -> None:
    """Write `changes` to a stored game if it still has `version` (checked in the UPDATE)."""
    expected = hand.version if version is None else version
    changes["version"] = expected + 1
    changes["updated_at"] = timezone.now()
    if not models.Hand.objects.filter(pk=hand.pk, version=expected).update(**changes):
        raise HandConflict(hand.number)
    for name, value in changes.items():
        setattr(hand, name, value)


def hand_save(
    *,
    table: models.Table,
    number: int,
    game: HandEntry,
    supervision: Supervision | None = None,
    version: int | None = None,
    user=None,
    kind: str | None = None,
    reason: str = "",
    allow_closed: bool = False,
    as_supervisor: bool = False,
    sheet: LockedSheet | None = None,
) -> models.Hand:
    """Create game `number` on the sheet of `table`, or change it; log it in the history.

    `supervision` None keeps the supervisor's decisions of a stored game (an approval lapses
    when the approved game changes). `version` None writes whatever is stored (internal
    callers: imports, the demo); 0 expects a new game; n expects the stored game to have
    version n, checked in the UPDATE. A stored game that carries a decision of the supervisor
    is changed only `as_supervisor` (a supervisor of the tournament, or a correction the
    supervisor signs off). Raises `HandRuleError` (nothing stored) when the game breaks a rule,
    the sheet is closed or the caller may not change a decided game, `HandConflict` when
    somebody else saved the game since the caller loaded it. `sheet`: the sheet as the
    caller's transaction has locked and read it (`sheet_lock`); that transaction then undoes
    what an error leaves half done.
    """
    change = _Change(number, game, supervision, version, user, kind, reason)
    if sheet is not None:
        return _hand_write(sheet, change, allow_closed=allow_closed, as_supervisor=as_supervisor)
    try:
        with transaction.atomic():
            return _hand_write(
                sheet_lock(TABLE_SEATS, table_id=table.pk),
                change,
                allow_closed=allow_closed,
                as_supervisor=as_supervisor,
            )
    except IntegrityError as exc:  # another clerk created the same game meanwhile
        raise HandConflict(number) from exc


@dataclass(frozen=True)
class _Change:
    number: int
    game: HandEntry
    supervision: Supervision | None
    version: int | None
    user: object
    kind: str | None
    reason: str


def _hand_write(
    sheet: LockedSheet, change: _Change, *, allow_closed: bool, as_supervisor: bool
) -> models.Hand:
    """`hand_save` on the locked sheet: checked and scored in memory, then written in a few
    statements (the game, the score rows and seat totals that changed, the history)."""
    table, number, supervision = sheet.table, change.number, change.supervision
    if table.closed and not allow_closed:
        raise sheet_closed_error()
    if table.by_totals:
        raise totals_table_error()
    hand = sheet.hand(number)
    if supervision is None and hand is not None and _stored_as_typed(hand, change.game):
        return hand  # a retry of a save that went through: nothing left to do
    if hand is not None and change.version is not None and hand.version != change.version:
        raise HandConflict(number)
    if hand is None and change.version:
        raise HandConflict(number)
    if hand is not None and not as_supervisor:
        decided_refuse(hand)
    context, players = sheet.context, sheet.players
    rows_before = sheet.scores
    before = _snapshot(hand, players, rows_before)
    draft, keys = _draft(table, number, hand, change.game, supervision)
    sanction = _sanction_planned(draft, supervision) if supervision is not None else None
    hands = sorted([h for h in sheet.hands if h.number != number] + [draft], key=_number)
    hand_check(
        draft,
        context=context,
        hands=hands,
        offender_id=keys.offender_id,
        mistake_by_id=keys.mistake_by_id,
    )
    scored = sheet_scored(context, hands)
    flagged = []
    for other, result in zip(hands, scored, strict=True):
        if other.needs_approval != result.needs_approval:
            other.needs_approval = result.needs_approval
            flagged += [other] if other is not draft else []
    if hand is None:
        draft.save()
    else:
        columns = [*_column_names(STORED_FIELDS), "needs_approval"]
        version_bump(draft, draft.version, **{f: getattr(draft, f) for f in columns})
    if supervision is not None:
        _sanction_store(draft, sanction, replace=hand is not None)
    models.Hand.objects.bulk_update(flagged, ["needs_approval"])
    rows_after = sheet_scores_store(sheet, hands, scored, rows_before)
    sheet.hands, sheet.scores = hands, rows_after  # the sheet as stored now
    sheet.logged = event_log(
        table=table,
        kind=change.kind or (Kind.ENTERED if hand is None else Kind.EDITED),
        user=change.user,
        number=number,
        before=before,
        after=_snapshot(draft, players, rows_after),
        reason=change.reason,
    ).pk
    return draft


def _number(hand: models.Hand) -> int:
    return hand.number


def _snapshot(
    hand: models.Hand | None, players: dict[int, models.Player], rows: ScoreRows
) -> dict | None:
    """The history's snapshot of a game of the locked sheet, its points from the score rows."""
    if hand is None:
        return None
    points = {player: row[4] for player, row in rows.get(hand.pk, {}).items()}
    return hand_snapshot(hand, players=players, points=points)


def _stored_as_typed(hand: models.Hand, game: HandEntry) -> bool:
    """Whether the stored game is the typed one, field for field: a clerk's or phone's retry
    of a save whose answer was lost (a restart, a broken connection) finds its game stored."""
    if hand_decisions(hand):  # the supervisor decided on it since: no retry of the clerk's
        return False
    stored = game_values(hand, players_as="_id")
    return stored == game_values(game, player=lambda player: player.pk)


def _stored_hand(table: models.Table, number: int) -> models.Hand | None:
    stored = models.Hand.objects.select_related("sanction").filter(table=table, number=number)
    return stored.first()


def _draft(
    table: models.Table,
    number: int,
    hand: models.Hand | None,
    game: HandEntry,
    supervision: Supervision | None,
) -> tuple[models.Hand, SanctionKeys]:
    """The game as it is to be stored (the stored `hand`, changed in place, or a new one) and
    the players of its sanction: the supervisor's decisions as given, or those stored (an
    approval lapses when the approved game changes)."""
    draft = hand or models.Hand(table=table, number=number)
    if hand is None:
        models.Hand.sanction.related.set_cached_value(draft, None)  # a new game has none yet
    old = {name: getattr(draft, name) for name in APPROVED_FIELDS}
    for name, value in game.fields().items():
        setattr(draft, name, value)
    if supervision is not None:
        draft.struck, draft.approved_by = supervision.struck, supervision.approved_by
        if supervision.approved_at is not None:
            draft.approved_at = supervision.approved_at
        if supervision.approval_note:
            draft.approval_note = supervision.approval_note
        return draft, SanctionKeys.of(supervision.sanction)
    if hand is not None and old != {name: getattr(draft, name) for name in APPROVED_FIELDS}:
        draft.approved_by, draft.approved_by_user, draft.approved_at = "", None, None
        draft.approval_note = ""
    return draft, SanctionKeys.of(hand_sanction(hand))


def hand_draft(
    table: models.Table, number: int, hand: models.Hand | None, game: HandEntry
) -> tuple[models.Hand, SanctionKeys]:
    """The game as `hand_save` would store `game` over the stored `hand` (None: a new game),
    with the decisions it keeps, and the players of its sanction; nothing is stored, `hand`
    stays as it is (a page shows what a change would do before it is made)."""
    return _draft(table, number, copy.copy(hand) if hand is not None else None, game, None)


def _sanction_planned(draft: models.Hand, supervision: Supervision) -> models.Sanction | None:
    """The sanction the supervisor gives the game, not stored yet; the game carries it from now
    on, so that checking and scoring it see it."""
    given = supervision.sanction
    sanction = None
    if given is not None:
        sanction = models.Sanction(
            offender=given.offender, mistake_by=given.mistake_by, reason=given.reason
        )
    models.Hand.sanction.related.set_cached_value(draft, sanction)
    return sanction


def _sanction_store(hand: models.Hand, sanction: models.Sanction | None, *, replace: bool) -> None:
    if replace:
        models.Sanction.objects.filter(hand=hand).delete()
    if sanction is not None:
        sanction.hand = hand
        sanction.save()


def _column_names(fields: Iterable[str]) -> list[str]:
    foreign = {"declarer", "partner", "approved_by_user"}
    return [f"{f}_id" if f in foreign else f for f in fields]


def hand_record(
    *,
    table: models.Table,
    number: int,
    contract: str,
    declarer: models.Player | None,
    sanction: SanctionInput | None = None,
    struck: bool = False,
    approved_by: str = "",
    version: int | None = None,
    user=None,
    **game,
) -> models.Hand:
    """Write a game with the supervisor's decisions as given (imports, tests, the demo)."""
    return hand_save(
        table=table,
        number=number,
        game=HandEntry(contract=contract, declarer=declarer, **game),
        supervision=Supervision(struck=struck, approved_by=approved_by, sanction=sanction),
        version=version,
        user=user,
        as_supervisor=True,
    )


def reason_missing() -> str:
    """What somebody is told who deletes a game without a reason (the form says it too)."""
    return _("Reason: say why the game is deleted.")


def hand_delete(
    *,
    table: models.Table,
    number: int,
    version: int | None,
    user=None,
    reason: str = "",
    kind: str = Kind.DELETED,
    allow_closed: bool = False,
    as_supervisor: bool = False,
) -> None:
    """Take game `number` off the sheet (a mistyped game); the history keeps it with `reason`
    (required: nobody deletes a game without saying why) and the user, and the supervisor can
    restore it from there (`services.restore`).

    `version` and `as_supervisor` as for `hand_save`."""
    if not reason.strip():
        raise HandRuleError({"reason": [reason_missing()]})
    with transaction.atomic():
        table = table_lock(table)
        if table.closed and not allow_closed:
            raise sheet_closed_error()
        hand = _stored_hand(table, number)
        if hand is None or (version is not None and hand.version != version):
            raise HandConflict(number)
        if not as_supervisor:
            decided_refuse(hand)
        before = hand_snapshot(hand)
        context = sheet_context(table)
        if hand.thrown_in:
            thrown_in_delete_check(context, number)
        if not models.Hand.objects.filter(pk=hand.pk, version=hand.version).delete()[0]:
            raise HandConflict(number)
        table_rescore(context)
        event_log(table=table, kind=kind, user=user, number=number, before=before, reason=reason)
