"""The phones at a table: which phone keeps the sheet, wrong PINs and wrong personal
codes counted against guessing (in the database, so that tries sent at once are each counted),
every entry stored exactly once under the phone's key for it, and the revision a phone polls
to see that something changed."""

from __future__ import annotations

import hmac
from collections.abc import Callable
from dataclasses import dataclass
from datetime import timedelta

from django.db import IntegrityError, transaction
from django.db.models import Subquery
from django.utils import timezone
from django.utils.translation import gettext as _

from tournament import models
from tournament.models.compiled import Compiled
from tournament.phones.links import pin_matches
from tournament.scorekeeping.revisions import TABLE, revision, revision_peek, revision_raise
from tournament.scorekeeping.sheet_lock import (
    SCORE_COLUMNS,
    LockedSheet,
    SheetSeats,
    sheet_lock,
)
from tournament.sheets.services.hand_errors import HandRuleError
from tournament.sheets.services.sheet import sheet_confirmable_check, signature_write
from tournament.sheets.signatures import PHONE

#: Wrong PINs allowed per link before it refuses every PIN for `PIN_LOCK`.
PIN_TRIES = 5
PIN_LOCK = timedelta(minutes=5)
#: Wrong personal codes allowed per link before it takes no confirmation for `CODE_LOCK`.
CODE_TRIES = 5
CODE_LOCK = timedelta(minutes=5)

Outcome = models.PhoneEntry.Outcome


@dataclass(frozen=True)
class Guard:
    """A secret typed on a phone, and the link's two fields that count wrong ones: after
    `tries` wrong ones in a row the link takes none, not even the right one, until `lock` has
    passed since the last wrong one. `forgive`: the right secret starts the count again (the
    table's PIN, which a guesser does not have; not the personal codes, since a player at
    the table has one that is right)."""

    failures: str
    failed_at: str
    tries: int
    lock: timedelta
    forgive: bool


PIN = Guard("pin_failures", "pin_failed_at", PIN_TRIES, PIN_LOCK, forgive=True)
CODE = Guard("code_failures", "code_failed_at", CODE_TRIES, CODE_LOCK, forgive=False)


@dataclass(frozen=True)
class Try:
    right: bool
    left: int = 0  # wrong tries left before the pause
    wait: timedelta | None = None  # set when the link takes no try now: for how long


def guarded_try(link: models.TableLink, guard: Guard, *, right: bool) -> Try:
    """Count a try of `guard`'s secret on the link (`right`: it matched). The link's row is
    locked while the count is read and written, so tries sent at the same moment wait for
    each other: five wrong ones are five, and none is taken once the link is locked."""
    now = timezone.now()
    with transaction.atomic():
        links = models.TableLink.objects.filter(pk=link.pk)
        failures, failed_at = (
            links.select_for_update().values_list(guard.failures, guard.failed_at).get()
        )
        if failed_at is None or now - failed_at >= guard.lock:
            failures = 0  # the last wrong try is long enough ago: a new count
        if failures >= guard.tries:
            return Try(False, wait=failed_at + guard.lock - now)
        if right:
            if guard.forgive and failed_at is not None:
                links.update(**{guard.failures: 0, guard.failed_at: None})
            return Try(True, left=guard.tries - failures)
        failures += 1
        links.update(**{guard.failures: failures, guard.failed_at: now})
    return Try(
        False, left=guard.tries - failures, wait=guard.lock if failures >= guard.tries else None
    )


@dataclass(frozen=True)
class PinAnswer:
    opened: bool
    message: str = ""


def pin_try(link: models.TableLink, pin: str) -> PinAnswer:
    """Check a PIN typed on a phone. After `PIN_TRIES` wrong PINs in a row the link takes no
    PIN, not even the right one, until `PIN_LOCK` has passed since the last wrong one: six
    digits then take years to guess, and the table's players only wait a few minutes."""
    answer = guarded_try(link, PIN, right=pin_matches(link, pin))
    if answer.right:
        return PinAnswer(True)
    if answer.wait is not None:
        return PinAnswer(False, _pin_locked_message(answer.wait))
    left = answer.left
    return PinAnswer(False, _("Wrong PIN. %(left)s more tries, then a pause.") % {"left": left})


def code_try(link: models.TableLink, seat: models.Seat, code: str) -> str:
    """Check the personal code typed on the table's phone for `seat` (its player's, from the
    start card): '' when it is right, else why not, in words. Wrong codes are counted on the
    link: after `CODE_TRIES` in a row it takes no confirmation for `CODE_LOCK`, so a player
    at the table cannot guess the others' codes."""
    answer = guarded_try(link, CODE, right=personal_code_matches(seat.player, code))
    if answer.right:
        return ""
    if answer.wait is not None:
        minutes = _minutes(answer.wait)
        return _(
            "Too many wrong personal codes: this table takes no confirmation on the phone for "
            "%(minutes)s minutes. Ask the Turnierleitung if you need it sooner."
        ) % {"minutes": minutes}
    return _(
        "This is not the personal code of %(name)s (seat %(n)s). %(left)s more tries, then a pause."
    ) % {"name": seat.player.name, "n": seat.position, "left": answer.left}


def seat_confirm(*, seat: models.Seat, link: models.TableLink, code: str) -> models.Seat:
    """A player confirms the sheet on the table's phone (`link`) with the personal code of
    their own start card (start numbers are public, so they prove nothing): only a
    complete sheet with no game waiting for an approval. Wrong codes are counted on the link
    (`code_try`): after a few it takes no code for a while, not even the right one. A code is
    checked (and counted) only once the sheet may be confirmed."""
    sheet_confirmable_check(seat.table)
    refused = code_try(link, seat, code)
    if refused:
        raise HandRuleError({"code": [refused]})
    return signature_write(seat, user=None, signature=PHONE, check=sheet_confirmable_check)


def personal_code_matches(player: models.Player, typed: str) -> bool:
    """Whether `typed` is the player's code, read as the start card prints it: in any case,
    with spaces or dashes between its groups."""
    typed = "".join(typed.split()).replace("-", "").upper()
    return bool(player.personal_code) and hmac.compare_digest(
        typed.encode(), player.personal_code.encode()
    )


def _minutes(wait: timedelta) -> int:
    return max(1, -(-int(wait.total_seconds()) // 60))


def _pin_locked_message(wait: timedelta) -> str:
    minutes = _minutes(wait)
    return _(
        "Too many wrong PINs: this table's link takes no PIN for %(minutes)s minutes. "
        "Ask the Turnierleitung if you need it sooner."
    ) % {"minutes": minutes}


def keeper_claim(link: models.TableLink, phone: str, *, take: bool) -> bool:
    """Make `phone` the scorekeeper's (5.3.1) if no phone is, or if `take` (the scorekeeper's
    phone is gone); True when it is the scorekeeper's now."""
    links = models.TableLink.objects.filter(pk=link.pk, revoked_at__isnull=True)
    if not take:
        links = links.filter(keeper="")
    if links.update(keeper=phone, keeper_since=timezone.now()):
        revision_raise(TABLE, link.table_id)
        link.keeper = phone
    else:
        link.refresh_from_db(fields=["keeper", "keeper_since"])
    return link.keeper == phone


def keeper_release(link: models.TableLink, phone: str) -> None:
    """The scorekeeper's phone hands the sheet on: no phone keeps it until one takes it."""
    if models.TableLink.objects.filter(pk=link.pk, keeper=phone).update(
        keeper="", keeper_since=None
    ):
        revision_raise(TABLE, link.table_id)
    link.refresh_from_db(fields=["keeper", "keeper_since"])


def table_revision(link: models.TableLink) -> str:
    """Changes whenever anything a phone shows of the table changes: a game, a decision, a
    signature or the closing (each writes the sheet's history), the scorekeeper, the link
    (tournament/scorekeeping/revisions.py). Read it before the rows of the state."""
    return revision(TABLE, link.table_id)


POINTS = SCORE_COLUMNS.index("points")

#: What a phone's entry attempt gives: the outcome and the message the phone shows.
Attempt = Callable[[LockedSheet], tuple[Outcome, str]]


@dataclass(frozen=True)
class SheetNow:
    """What a phone's state is built from (`state.phone_state`): the table's revision, read
    before everything else here, the phone that keeps the sheet, the table (with its Durchgang
    and tournament), its seats with their players, its games in number order and their points
    by game id and player id."""

    revision: str
    keeper: str
    table: models.Table
    seats: list[models.Seat]
    hands: list[models.Hand]
    points: dict[int, dict[int, int]]


#: A phone's sheet, locked, with its link's keeper and an answer kept under the entry's key.
_ENTRY_SEATS = SheetSeats(
    lambda table_id, link_id, key: models.Seat.objects.filter(table_id=table_id),
    {
        "keeper": lambda table_id, link_id, key: Subquery(
            models.TableLink.objects.filter(pk=link_id, revoked_at__isnull=True).values("keeper")[
                :1
            ]
        ),
        "kept": lambda table_id, link_id, key: Subquery(
            models.PhoneEntry.objects.filter(table_id=table_id, key=key).values("pk")[:1]
        ),
    },
    table_id=int,
    link_id=int,
    key=str,
)


def entry_once(
    *,
    link: models.TableLink,
    phone: str,
    key: str,
    number: int,
    code: str,
    attempt: Attempt,
    stored: Callable[[models.PhoneEntry], object] = lambda answer: None,
    resent: bool = False,
) -> tuple[models.PhoneEntry, bool, SheetNow | None]:
    """Run `attempt` for a phone's entry once: its answer is kept under the phone's `key`, and
    the same key sent again (the answer was lost with the connection) gets the kept answer
    (sent again while the first was being saved: its try is undone). Only the scorekeeper's
    phone enters games, and only until the players begin to confirm the sheet. Returns the
    answer, whether it is new, and after a save the sheet as the save left it, for the state
    the answer carries (None otherwise: that state is read anew). `stored(answer)` is called
    once the answer and its game are committed, before anything is read again (a database
    that goes away then: tournament/web/outage.py).

    `resent`: the phone sends again a game this server told it was saved but lacks now (the
    server was replaced by one restored from a copy without the last saves). It was the
    scorekeeper's then, so any phone of the table may send it again; the answer is kept as
    re-sent when the game was written (not when the sheet had it already)."""
    before = table_revision(link)  # before the rows, as `phone_state` reads it
    with transaction.atomic():
        # The keeper and an earlier answer under the same key, read in the locking statement:
        # on PostgreSQL as they were when it asked for the lock. The keeper changes without
        # the table's lock anyway (`keeper_claim`): read before or after waiting for it, a
        # phone taking the sheet at that moment is as late. An answer that a transaction it
        # waited for kept under the same key meanwhile is found when this one is kept (the key
        # is unique per table): then this try is undone and that answer given.
        sheet = sheet_lock(_ENTRY_SEATS, table_id=link.table_id, link_id=link.pk, key=key)
        keeper, kept_pk = sheet.read_with_lock["keeper"], sheet.read_with_lock["kept"]
        if kept_pk is not None:
            return models.PhoneEntry.objects.get(pk=kept_pk), False, None
        try:
            with transaction.atomic():
                outcome, message = _entry_try(sheet, resent or keeper == phone, attempt)
                written = outcome == Outcome.SAVED and sheet.logged is not None
                answer = models.PhoneEntry.objects.create(
                    table=sheet.table,
                    key=key,
                    number=number,
                    code=code[:60],
                    phone=phone,
                    outcome=outcome,
                    message=message,
                    resent=resent and written,
                )
        except IntegrityError:
            kept = models.PhoneEntry.objects.filter(table_id=link.table_id, key=key)
            kept_pk = kept.values_list("pk", flat=True).first()
            if kept_pk is None:
                raise
            return models.PhoneEntry.objects.get(pk=kept_pk), False, None
    stored(answer)
    return (
        answer,
        True,
        _sheet_now(sheet, link, phone, before) if outcome == Outcome.SAVED else None,
    )


def _entry_try(sheet: LockedSheet, keeps: bool, attempt: Attempt) -> tuple[Outcome, str]:
    if not keeps:
        return Outcome.REFUSED, _(
            "Another phone keeps this sheet now: your game was not saved. "
            "Take over the sheet to enter games."
        )
    if any(seat.signed_at is not None for seat in sheet.seats):
        return Outcome.REFUSED, _(
            "The players have begun to confirm the sheet: a change now goes through the "
            "Turnierleitung."
        )
    return attempt(sheet)


def _last_line(link_id: int, phone: str, table_id: int):
    last = models.SheetEvent.objects.filter(table_id=table_id).order_by("-pk")
    return (
        models.TableLink.objects.filter(
            pk=link_id, revoked_at__isnull=True, keeper=phone, table__closed_at__isnull=True
        )
        .annotate(last=Subquery(last.values("pk")[:1]))
        .values_list("last", flat=True)
    )


#: The id of the table's last history line while `phone` keeps its link (valid, the sheet
#: open): nothing, else.
_LAST_LINE = Compiled(_last_line, link_id=int, phone=str, table_id=int)


def _sheet_now(sheet: LockedSheet, link: models.TableLink, phone: str, before: str) -> SheetNow:
    """The sheet as the phone's save left it, committed, with the revision it may carry:
    `before`, the one read before the sheet, unless the save's own (which replaced it on
    commit) is still the current one with nothing else changed since the sheet was read.

    Then the phone's next poll answers "unchanged"; else it loads the state anew. A change of
    what a phone shows writes the sheet's history under the table's lock (a game, a decision,
    a signature, the closing: committed after this save, so its line comes after this save's
    line) or changes the link (the keeper, revoked, deleted). The revision is read before that
    is checked: a change committed after the check replaces it."""
    points = {
        hand_id: {player_id: row[POINTS] for player_id, row in rows.items()}
        for hand_id, rows in sheet.scores.items()
    }
    current = revision_peek(TABLE, sheet.table.pk)
    revision = before
    if sheet.logged is not None and current is not None and current != before:
        unchanged = _LAST_LINE(link_id=link.pk, phone=phone, table_id=sheet.table.pk)
        if unchanged == [sheet.logged]:
            revision = current
    return SheetNow(revision, phone, sheet.table, sheet.seats, sheet.hands, points)
