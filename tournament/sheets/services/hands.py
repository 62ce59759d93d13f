"""Recording games: validate with the engine, store the game, write its scores.

Every save rescoring the whole sheet (at most 40 games) keeps the approval rule (which counts
the single-player games of the sheet) and the stored scores consistent with each other. A save
reads the sheet's rules and seats once (`sheet_context`) and hands them to the check and to the
rescore.
"""

from __future__ import annotations

import copy
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime

from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from scoring.game import GAME_FIELDS, game_values
from tournament import models
from tournament.scorekeeping.engine import hand_sanction, sheet_context
from tournament.scorekeeping.history import Kind, event_log, hand_snapshot
from tournament.scorekeeping.scores import table_rescore
from tournament.sheets.services.decisions import decided_message, hand_decisions
from tournament.sheets.services.hand_check import hand_check, thrown_in_delete_check
from tournament.sheets.services.hand_errors import HandConflict, HandRuleError


@dataclass(frozen=True)
class SanctionInput:
    offender: models.Player
    reason: str
    mistake_by: models.Player | None = None  # 3.4.18: whose mistake the offender revealed after


@dataclass(frozen=True)
class SanctionKeys:
    """The players of a game's sanction as the engine takes them (none: no sanction)."""

    offender_id: int | None = None
    mistake_by_id: int | None = None

    @classmethod
    def of(cls, sanction: models.Sanction | SanctionInput | None) -> SanctionKeys:
        if sanction is None:
            return cls()
        if isinstance(sanction, SanctionInput):
            mistake_by = sanction.mistake_by
            return cls(sanction.offender.pk, mistake_by.pk if mistake_by is not None else None)
        return cls(sanction.offender_id, sanction.mistake_by_id)


@dataclass(frozen=True)
class HandEntry:
    """A game as the clerk writes it on the sheet: without the supervisor's decisions."""

    contract: str
    declarer: models.Player | None  # None only for a thrown-in deal
    suit: str = ""
    partner: models.Player | None = None
    won: bool | None = None
    schneider: bool = False
    schwarz: bool = False
    tout: bool = False
    augen: int | None = None
    laufende: int | None = None
    kontra: int = 0

    def fields(self) -> dict:
        """The game's fields, as `models.Hand` takes them (players stay the same objects)."""
        return game_values(self)


@dataclass(frozen=True)
class Supervision:
    """The supervisor's decisions on a game: struck (5.2.17), approval, sanction (3.4.17).
    The details of an approval (when, by which user, the note) are written only when given
    (a restored game: `services.restore`); otherwise those stored stay."""

    struck: bool = False
    approved_by: str = ""
    sanction: SanctionInput | None = None
    approved_at: datetime | None = None
    approval_note: str = ""


# What a change of a stored game writes: the game and the supervisor's decisions on it.
STORED_FIELDS = (*GAME_FIELDS, "struck", "approved_by", "approved_by_user", "approved_at")
STORED_FIELDS += ("approval_note",)
# An approval is given for this game: it lapses when one of these changes.
APPROVED_FIELDS = ("contract", "suit", "declarer_id", "tout")


def totals_table_error() -> HandRuleError:
    return HandRuleError(
        {"__all__": [_("This table is recorded by its totals: it holds no games.")]}
    )


def sheet_closed_error() -> HandRuleError:
    return HandRuleError(
        {"__all__": [_("The sheet is closed: a change needs a correction signed off.")]}
    )


def table_lock(table: models.Table) -> models.Table:
    """The table, locked for the rest of the transaction (a no-op lock on SQLite, whose
    IMMEDIATE transactions serialise writers anyway). Only the table's row: PostgreSQL would
    otherwise lock its Durchgang and tournament too, and every table would wait for the others."""
    return (
        models.Table.objects.select_for_update(of=("self",))
        .select_related("durchgang__tournament")
        .get(pk=table.pk)
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
) -> models.Hand:
    """Create game `number` on the sheet of `table`, or change it; log it in the history.

    `supervision` None keeps the supervisor's decisions of a stored game (an approval lapses
    when the approved game changes). `version` None writes whatever is stored (internal
    callers: imports, the demo); 0 expects a new game; n expects the stored game to have
    version n, checked in the UPDATE. A stored game that carries a decision of the supervisor
    is changed only `as_supervisor` (a supervisor of the tournament, or a correction the
    supervisor signs off). Raises `HandRuleError` (nothing stored) when the game breaks a rule,
    the sheet is closed or the caller may not change a decided game, `HandConflict` when
    somebody else saved the game since the caller loaded it.
    """
    with transaction.atomic():
        table = table_lock(table)
        if table.closed and not allow_closed:
            raise sheet_closed_error()
        if table.by_totals:
            raise totals_table_error()
        hand = _stored_hand(table, number)
        if supervision is None and hand is not None and _stored_as_typed(hand, game):
            return hand  # a retry of a save that went through: nothing left to do
        if hand is not None and version is not None and hand.version != version:
            raise HandConflict(number)
        if hand is None and version:
            raise HandConflict(number)
        if hand is not None and not as_supervisor:
            decided_refuse(hand)
        before = hand_snapshot(hand)
        draft, keys = _draft(table, number, hand, game, supervision)
        context = sheet_context(table)
        hand_check(
            draft, context=context, offender_id=keys.offender_id, mistake_by_id=keys.mistake_by_id
        )
        if hand is None:
            try:
                with transaction.atomic():
                    draft.save()
            except IntegrityError as exc:  # another clerk created the same game meanwhile
                raise HandConflict(number) from exc
        else:
            columns = _column_names(STORED_FIELDS)
            version_bump(draft, draft.version, **{f: getattr(draft, f) for f in columns})
        if supervision is not None:
            _sanction_replace(draft, supervision.sanction)
        table_rescore(context)
        saved = models.Hand.objects.select_related("sanction", "declarer", "partner").get(
            pk=draft.pk
        )
        if kind is None:
            kind = Kind.ENTERED if hand is None else Kind.EDITED
        event_log(
            table=table,
            kind=kind,
            user=user,
            number=number,
            before=before,
            after=hand_snapshot(saved),
            reason=reason,
        )
    return saved


def _stored_as_typed(hand: models.Hand, game: HandEntry) -> bool:
    """Whether the stored game is the typed one, field for field: a clerk's or phone's retry
    of a save whose answer was lost (a restart, a broken connection) finds its game stored."""
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


def _sanction_replace(hand: models.Hand, sanction: SanctionInput | None) -> None:
    models.Sanction.objects.filter(hand=hand).delete()
    if sanction is not None:
        models.Sanction.objects.create(
            hand=hand,
            offender=sanction.offender,
            mistake_by=sanction.mistake_by,
            reason=sanction.reason,
        )


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
