"""The phones at a table (issue 9): which phone keeps the sheet, wrong PINs counted against
guessing, every entry stored exactly once under the phone's key for it, and the revision a
phone polls to see that something changed."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import timedelta

from django.db import transaction
from django.db.models import F, Max
from django.utils import timezone
from django.utils.translation import gettext as _

from tournament import models
from tournament.services.hands import table_lock
from tournament.services.table_links import pin_matches

#: Wrong PINs allowed per link before it refuses every PIN for `PIN_LOCK`.
PIN_TRIES = 5
PIN_LOCK = timedelta(minutes=5)

Outcome = models.PhoneEntry.Outcome


@dataclass(frozen=True)
class PinAnswer:
    opened: bool
    message: str = ""


def pin_try(link: models.TableLink, pin: str) -> PinAnswer:
    """Check a PIN typed on a phone. After `PIN_TRIES` wrong PINs in a row the link takes no
    PIN, not even the right one, until `PIN_LOCK` has passed since the last wrong one: six
    digits then take years to guess, and the table's players only wait a few minutes."""
    now = timezone.now()
    link.refresh_from_db(fields=["pin_failures", "pin_failed_at"])
    recent = link.pin_failed_at is not None and now - link.pin_failed_at < PIN_LOCK
    if recent and link.pin_failures >= PIN_TRIES:
        return PinAnswer(False, _pin_locked_message(link.pin_failed_at + PIN_LOCK - now))
    links = models.TableLink.objects.filter(pk=link.pk)
    if pin_matches(link, pin):
        if link.pin_failures:
            links.update(pin_failures=0, pin_failed_at=None)
        return PinAnswer(True)
    failures = F("pin_failures") + 1 if recent else 1
    links.update(pin_failures=failures, pin_failed_at=now)
    link.refresh_from_db(fields=["pin_failures", "pin_failed_at"])
    if link.pin_failures >= PIN_TRIES:
        return PinAnswer(False, _pin_locked_message(PIN_LOCK))
    left = PIN_TRIES - link.pin_failures
    return PinAnswer(False, _("Wrong PIN. %(left)s more tries, then a pause.") % {"left": left})


def _pin_locked_message(wait: timedelta) -> str:
    minutes = max(1, -(-int(wait.total_seconds()) // 60))
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
        link.keeper = phone
    else:
        link.refresh_from_db(fields=["keeper", "keeper_since"])
    return link.keeper == phone


def keeper_release(link: models.TableLink, phone: str) -> None:
    """The scorekeeper's phone hands the sheet on: no phone keeps it until one takes it."""
    models.TableLink.objects.filter(pk=link.pk, keeper=phone).update(keeper="", keeper_since=None)
    link.refresh_from_db(fields=["keeper", "keeper_since"])


def table_revision(link: models.TableLink) -> str:
    """Changes whenever anything a phone shows of the table changes: a game, a decision, a
    signature or the closing (each writes the sheet's history), or the scorekeeper."""
    last = models.SheetEvent.objects.filter(table_id=link.table_id).aggregate(last=Max("pk"))
    since = link.keeper_since.timestamp() if link.keeper_since else 0
    return f"{last['last'] or 0}-{link.keeper[:6]}-{since:.3f}"


#: What a phone's entry attempt gives: the outcome and the message the phone shows.
Attempt = Callable[[models.Table], tuple[str, str]]


def entry_once(
    *, link: models.TableLink, phone: str, key: str, number: int, code: str, attempt: Attempt
) -> tuple[models.PhoneEntry, bool]:
    """Run `attempt` for a phone's entry once: its answer is kept under the phone's `key`, and
    the same key sent again (the answer was lost with the connection) gets the kept answer
    without a second try. Only the scorekeeper's phone enters games, and only until the
    players begin to confirm the sheet. Returns the answer and whether it is new."""
    with transaction.atomic():
        table = table_lock(link.table)
        kept = models.PhoneEntry.objects.filter(table=table, key=key).first()
        if kept is not None:
            return kept, False
        keeper = (
            models.TableLink.objects.filter(pk=link.pk, revoked_at__isnull=True)
            .values_list("keeper", flat=True)
            .first()
        )
        if keeper != phone:
            outcome, message = (
                Outcome.REFUSED,
                _(
                    "Another phone keeps this sheet now: your game was not saved. "
                    "Take over the sheet to enter games."
                ),
            )
        elif table.seats.filter(signed_at__isnull=False).exists():
            outcome, message = (
                Outcome.REFUSED,
                _(
                    "The players have begun to confirm the sheet: a change now goes through the "
                    "Turnierleitung."
                ),
            )
        else:
            outcome, message = attempt(table)
        answer = models.PhoneEntry.objects.create(
            table=table,
            key=key,
            number=number,
            code=code[:60],
            phone=phone,
            outcome=outcome,
            message=message,
        )
    return answer, True
