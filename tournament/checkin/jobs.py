"""The public registration's mails, sent by a task worker (django-tasks, docs/jobs.md) instead
of inside the visitor's request: a slow or distant mail server holds no web thread, and the
answer to a registration takes as long as a robot's that the hidden field caught and that
sends nothing.

Neither task carries a key: the link's key would then stand in the task queue's table. Each
makes its key when it runs, stores its hash (the pending registration's, the player's
withdrawal key) and mails the key. A confirmation mail that cannot be sent leaves nothing
behind (the pending registration is deleted; the visitor registers again); a player whose
confirmation mail cannot be sent stays registered, as before. Both are logged.

They are plain tasks, not kinds of `tournament/jobs/`: a mail has no page, no file and no
requester to follow it, and two visitors' mails must never join one job."""

from __future__ import annotations

import logging

from django.conf import settings
from django_tasks import task

from tournament import models
from tournament.checkin.confirmation import key_new
from tournament.checkin.mail import (
    MAIL_ERRORS,
    registration_mail_confirm,
    registration_mail_confirmed,
)
from tournament.checkin.services import waiting_position

logger = logging.getLogger(__name__)


@task()
def registration_confirm_mail(pending_id: int, base: str) -> None:
    """Mail the link that confirms the pending registration `pending_id` (links on `base`)."""
    pending = (
        models.PendingRegistration.objects.select_related("tournament")
        .filter(pk=pending_id)
        .first()
    )
    if pending is None:  # expired and deleted meanwhile
        return
    key, hashed = key_new()
    models.PendingRegistration.objects.filter(pk=pending.pk).update(key=hashed)
    try:
        registration_mail_confirm(pending=pending, key=key, base=base)
    except MAIL_ERRORS:
        logger.exception("registration waiting %s: its mail was not sent; deleted", pending.pk)
        models.PendingRegistration.objects.filter(pk=pending.pk).delete()


@task()
def registration_confirmed_mail(player_id: int, language: str, base: str) -> None:
    """Mail the confirmation with the withdrawal link to the player `player_id`."""
    player = (
        models.Player.objects.select_related("tournament")
        .filter(pk=player_id, withdrawn=False)
        .first()
    )
    if player is None or not player.email:
        return
    key, hashed = key_new()
    models.Player.objects.filter(pk=player.pk).update(withdraw_key=hashed)
    try:
        registration_mail_confirmed(
            player=player, waiting=waiting_position(player), key=key, base=base, language=language
        )
    except MAIL_ERRORS:
        logger.exception("registration %s: the confirmation mail was not sent", player.pk)


def confirm_mail_queue(*, pending: models.PendingRegistration, base: str) -> None:
    """Put the confirmation link's mail in line on the jobs' backend (tests: sent at once)."""
    registration_confirm_mail.using(backend=settings.JOBS_BACKEND).enqueue(pending.pk, base)


def confirmed_mail_queue(*, player: models.Player, language: str, base: str) -> None:
    """Put the confirmation's mail in line on the jobs' backend (tests: sent at once)."""
    task = registration_confirmed_mail.using(backend=settings.JOBS_BACKEND)
    task.enqueue(player.pk, language, base)
