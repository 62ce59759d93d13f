"""The public registration confirmed by e-mail (when the installation sends mail, `EMAIL_URL`).

A registration sent from the form is first a `PendingRegistration`: no player, no place. The
mail to the address typed (sent by a task worker, tournament/checkin/jobs.py, which makes the
key) carries a link with a random key; following it (and confirming on the page it opens)
makes the player, under the lock on the tournament that decides place or waiting list
(`checkin.services.registration_add`, which also holds the limit of players per mailbox), and
the second mail carries the key of the withdrawal link. Without a confirmation the
registration is deleted after `REGISTRATION_CONFIRM_HOURS` (by the next registration, and
by `manage.py retention`).

Keys: 32 random bytes from `secrets` (43 characters in the link); only their SHA-256 is
stored, so the database never holds a usable link, and a key is found by its hash (an
attacker timing the lookup learns about the hash, not about the key). Each key works once:
the confirmation deletes the pending registration in its transaction (of two clicks at once,
one finds it gone), a withdrawal empties the player's key.
"""

# Declared boilerplate (duplicates): a model's fields passed by keyword are alike in shape to other
# creates.

from __future__ import annotations

import hashlib
import secrets
from datetime import datetime, timedelta

from django.conf import settings
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from tournament import models
from tournament.checkin.services import CheckInError, Registration, registration_add
from tournament.registration.services import player_withdraw


def key_new() -> tuple[str, str]:
    """(the key for a link, its hash to store)."""
    key = secrets.token_urlsafe(32)
    return key, key_hash(key)


def key_hash(key: str) -> str:
    return hashlib.sha256(key.encode()).hexdigest()


def _expired_before() -> datetime:
    return timezone.now() - timedelta(hours=settings.REGISTRATION_CONFIRM_HOURS)


def registrations_expired_delete() -> int:
    """Delete the registrations not confirmed in time; returns how many."""
    expired = models.PendingRegistration.objects.filter(created_at__lt=_expired_before())
    return expired.delete()[0]


def registrations_pending_count(tournament: models.Tournament) -> int:
    """The tournament's registrations waiting for their confirmation, not expired."""
    return tournament.pending_registrations.filter(created_at__gte=_expired_before()).count()


def registration_pending_add(
    *,
    tournament: models.Tournament,
    name: str,
    club: str,
    email: str,
    full_name_public: bool,
    language: str,
) -> models.PendingRegistration:
    """Keep a registration until its e-mail is confirmed. The expired ones go first. Its key
    is a hash of a key nobody knows until the mail's task makes the one it mails."""
    registrations_expired_delete()
    if not tournament.registration_open or tournament.durchgaenge.exists():
        raise CheckInError(_("The registration for this tournament is closed."))
    _key, hashed = key_new()
    pending = models.PendingRegistration.objects.create(
        tournament=tournament,
        name=name,
        club=club.strip(),
        email=email.strip(),
        publish_full_name=full_name_public,
        language=language,
        key=hashed,
    )
    return pending


def registration_pending_find(
    *, tournament: models.Tournament, key: str
) -> models.PendingRegistration | None:
    """The registration of this tournament waiting under `key`, unless it expired."""
    return tournament.pending_registrations.filter(
        key=key_hash(key), created_at__gte=_expired_before()
    ).first()


def registration_confirm(*, pending: models.PendingRegistration) -> Registration:
    """The registration confirmed: the player made (a place or the waiting list; at most
    `REGISTRATION_LIMIT_PER_MAILBOX` players of the tournament per mailbox) and the pending
    registration gone. The withdrawal key is made by the confirmation mail's task."""
    with transaction.atomic():
        deleted, _rows = models.PendingRegistration.objects.filter(pk=pending.pk).delete()
        if not deleted:
            raise CheckInError(_("This registration is confirmed already."))
        registration = registration_add(
            tournament=pending.tournament,
            name=pending.name,
            club=pending.club,
            email=pending.email,
            full_name_public=pending.publish_full_name,
            per_mailbox=settings.REGISTRATION_LIMIT_PER_MAILBOX,
        )
    return registration


def player_by_withdraw_key(*, tournament: models.Tournament, key: str) -> models.Player | None:
    """The player of this tournament whose withdrawal link carries `key` (unused)."""
    if not key:
        return None
    return tournament.players.filter(withdraw_key=key_hash(key), withdrawn=False).first()


def registration_withdraw(*, player: models.Player) -> None:
    """The player withdraws through the mailed link, until the first draw; the link is used
    up, and the place goes to the first player waiting."""
    if player.tournament.durchgaenge.exists():
        raise CheckInError(
            _("The tournament has been drawn: please tell the Turnierleitung that you withdraw.")
        )
    with transaction.atomic():
        models.Player.objects.filter(pk=player.pk).update(withdraw_key="")
        player_withdraw(player=player)
