"""The door: who plays (checked in, not waiting), the check-in with the Startgeld, the waiting
list of the public registration and the door's settings.

A check-in is one conditional UPDATE (``checked_in_at IS NULL``): of two helpers tapping the
same player at once, one checks the player in and the other is told by whom and when. Each
player's Startgeld is stored as paid at the check-in (`paid_amount`), so the cash stays right
when the tournament's Startgeld changes later.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from django.contrib.auth.models import AnonymousUser, User
from django.db import transaction
from django.db.models import QuerySet
from django.utils import timezone
from django.utils.formats import time_format
from django.utils.translation import gettext as _

from tournament import models
from tournament.checkin.mailbox import mailbox_of
from tournament.registration.services import player_create
from tournament.registration.waiting import places_taken, waiting_list, waiting_move_up
from tournament.scorekeeping.changes import public_pages_changed

Payment = models.Payment


class CheckInError(Exception):
    """Refused with a German message for the helper at the door."""


def players_playing(tournament: models.Tournament) -> QuerySet[models.Player]:
    """The players the next draw seats: not withdrawn, not waiting, and checked in when the
    tournament checks in at the door."""
    players = tournament.players.filter(withdrawn=False, waiting_since__isnull=True)
    if tournament.check_in:
        players = players.filter(checked_in_at__isnull=False)
    return players


def _amount(tournament: models.Tournament, payment: str) -> Decimal:
    return tournament.entry_fee if payment == Payment.CASH else Decimal(0)


def _who_and_when(player: models.Player) -> str:
    when = time_format(timezone.localtime(player.checked_in_at), "H:i")
    who = player.checked_in_by.get_username() if player.checked_in_by else "?"
    return _("%(name)s was checked in already, by %(who)s at %(when)s.") % {
        "name": player.name,
        "who": who,
        "when": when,
    }


def player_check_in(
    *, player: models.Player, payment: str, user: User | AnonymousUser
) -> models.Player:
    """Check `player` in with the Startgeld `payment` (open, cash or free)."""
    if payment not in Payment.values:
        raise CheckInError(_("Choose how the Startgeld is paid."))
    if player.withdrawn:
        raise CheckInError(_("%(name)s has withdrawn.") % {"name": player.name})
    tournament = player.tournament
    with transaction.atomic():
        if player.waiting_since is not None and not _place_free(tournament):
            raise CheckInError(_("%(name)s is on the waiting list.") % {"name": player.name})
        done = models.Player.objects.filter(pk=player.pk, checked_in_at__isnull=True).update(
            waiting_since=None,
            checked_in_at=timezone.now(),
            checked_in_by=user,
            payment=payment,
            paid_amount=_amount(tournament, payment),
        )
        player.refresh_from_db()
        if not done:
            raise CheckInError(_who_and_when(player))
    return player


def _place_free(tournament: models.Tournament) -> bool:
    """A place under the limit is free (the tournament locked until the transaction ends): the
    door gives it to a player on the waiting list who is checked in, the places only the
    Turnierleitung gives (`registration_reserved`) among them."""
    locked = models.Tournament.objects.select_for_update().get(pk=tournament.pk)
    limit = locked.registration_limit
    return limit is None or places_taken(locked) < limit


def late_arrival_check_in(
    *,
    tournament: models.Tournament,
    name: str,
    club: str,
    payment: str,
    user: User | AnonymousUser,
) -> models.Player:
    """A player not registered before, added and checked in at once: both or neither
    (PlayerError for the name or the start number, CheckInError for the check-in)."""
    with transaction.atomic():
        player = player_create(tournament=tournament, name=name, club=club)
        return player_check_in(player=player, payment=payment, user=user)


def player_pay(*, player: models.Player, payment: str) -> models.Player:
    """Change how a checked-in player's Startgeld is paid (paid later, or marked free)."""
    if payment not in Payment.values:
        raise CheckInError(_("Choose how the Startgeld is paid."))
    if player.checked_in_at is None:
        raise CheckInError(_("%(name)s is not checked in.") % {"name": player.name})
    models.Player.objects.filter(pk=player.pk).update(
        payment=payment, paid_amount=_amount(player.tournament, payment)
    )
    player.refresh_from_db()
    return player


def player_check_in_undo(*, player: models.Player) -> models.Player:
    """Take a check-in back (tapped by mistake): the player and the Startgeld are open again."""
    if player.tournament.durchgaenge.filter(tables__seats__player=player).exists():
        raise CheckInError(
            _("%(name)s is drawn already: withdraw the player instead.") % {"name": player.name}
        )
    models.Player.objects.filter(pk=player.pk).update(
        checked_in_at=None, checked_in_by=None, payment=Payment.OPEN, paid_amount=Decimal(0)
    )
    player.refresh_from_db()
    return player


@dataclass(frozen=True)
class Registration:
    player: models.Player
    waiting: int | None  # the place on the waiting list, or None: registered


def registration_add(
    *,
    tournament: models.Tournament,
    name: str,
    club: str = "",
    email: str = "",
    full_name_public: bool = False,
    withdraw_key: str = "",
    per_mailbox: int = 0,
) -> Registration:
    """A player's own registration on the public form: a place, or the waiting list once the
    places are taken (decided under a lock on the tournament, so that two registrations at
    once never both take the last place). The player keeps what was typed (name, club, e-mail,
    the publication choice for this tournament) and belongs to no person of the register until
    the organiser confirms one (`persons.services.person_candidates`): a stranger typing a
    known name neither joins that person's results nor changes what the register holds.
    `withdraw_key`: the hash of the key of the withdrawal link mailed to the player.
    `per_mailbox`: at most this many players of the tournament (not withdrawn) with the
    e-mail's mailbox (`mailbox_of`; 0: no limit), for a registration whose e-mail is proven.
    The last `registration_reserved` places are not the form's: past the others, a
    registration goes onto the waiting list, and the Turnierleitung gives those places."""
    with transaction.atomic():
        locked = models.Tournament.objects.select_for_update().get(pk=tournament.pk)
        if not locked.registration_open or locked.durchgaenge.exists():
            raise CheckInError(_("The registration for this tournament is closed."))
        if per_mailbox and email:
            _mailbox_check(locked, email, per_mailbox)
        limit = locked.registration_limit
        full = limit is not None and places_taken(locked) >= limit - locked.registration_reserved
        player = player_create(tournament=locked, name=name, club=club, register=False)
        now = timezone.now()
        player.registered_online_at, player.email = now, email.strip()
        player.publish_full_name, player.initial_only = full_name_public, not full_name_public
        player.withdraw_key, player.waiting_since = withdraw_key, now if full else None
        player.save(
            update_fields=[
                "registered_online_at",
                "email",
                "publish_full_name",
                "initial_only",
                "withdraw_key",
                "waiting_since",
            ]
        )
        player.refresh_from_db()
    return Registration(player=player, waiting=waiting_position(player))


def _mailbox_check(tournament: models.Tournament, email: str, limit: int) -> None:
    mailbox = mailbox_of(email)
    emails = tournament.players.filter(withdrawn=False).exclude(email="")
    count = sum(mailbox_of(other) == mailbox for other in emails.values_list("email", flat=True))
    if count >= limit:
        raise CheckInError(
            _(
                "As many players as one e-mail address may register (%(limit)s) are registered "
                "for this tournament with this address already. Please register with an address "
                "of your own, or ask the Turnierleitung."
            )
            % {"limit": limit}
        )


def waiting_position(player: models.Player) -> int | None:
    if player.waiting_since is None:
        return None
    return 1 + (
        waiting_list(player.tournament)
        .filter(waiting_since__lt=player.waiting_since)
        .exclude(pk=player.pk)
        .count()
    )


def door_settings_save(
    *,
    tournament: models.Tournament,
    entry_fee: Decimal,
    check_in: bool,
    registration_open: bool,
    registration_limit: int | None,
    registration_reserved: int = 0,
) -> list[models.Player]:
    """Store the door's settings; a limit raised (or dropped) moves waiting players up."""
    tournament.entry_fee, tournament.check_in = entry_fee, check_in
    tournament.registration_open = registration_open
    tournament.registration_limit = registration_limit
    tournament.registration_reserved = registration_reserved
    fields = ["entry_fee", "check_in", "registration_open", "registration_limit"]
    fields.append("registration_reserved")
    with transaction.atomic():
        tournament.save(update_fields=fields)
        public_pages_changed(tournament.pk)
    return waiting_move_up(tournament)
