"""Who holds a role in a tournament (tournament/web/access.py): the supervisor who created
it, and the clerks the supervisor adds or removes.

A clerk is an account the organiser knows (its staff, or a role in one of its tournaments),
chosen from a list, or a new account. Neither tells the supervisor which user names exist
elsewhere on the server: the list holds the organiser's own, and in an installation of several
organisers a new account's name carries the organiser's short name (`anna@kartlerverein`), so
that a name found taken is one of the organiser's own names."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.db import transaction
from django.db.models import Q, QuerySet

from tournament import models
from tournament.persons.services import organiser_of

Role = models.Membership.Role


def supervisor_appoint(*, tournament: models.Tournament, user) -> models.Membership:
    return models.Membership.objects.create(tournament=tournament, user=user, role=Role.SUPERVISOR)


def clerk_candidates(tournament: models.Tournament) -> QuerySet:
    """The active accounts the organiser of `tournament` knows, by user name: its staff and
    whoever holds a role in one of its tournaments; without those of this tournament."""
    organiser = organiser_of(tournament)
    known = Q(organisers=organiser) | Q(memberships__tournament__organiser=organiser)
    present = tournament.memberships.values("user")
    users = get_user_model().objects.filter(known, is_active=True).exclude(pk__in=present)
    return users.distinct().order_by("username")


def clerk_namespace(tournament: models.Tournament) -> str | None:
    """What a new account's name ends in (`@kartlerverein`) in an installation of several
    organisers; None with a single organiser."""
    if models.Organiser.objects.count() <= 1:
        return None
    return "@" + organiser_of(tournament).slug


def clerk_username(*, tournament: models.Tournament, typed: str) -> str:
    """A new account's user name: as typed, with the organiser's short name when the
    installation has several (`anna@kartlerverein`)."""
    return typed + (clerk_namespace(tournament) or "")


def clerk_add(*, tournament: models.Tournament, user, username: str, password: str):
    """Make `user` a clerk of the tournament; without a user, a new account `username` with
    `password`. Returns the user and whether he is a clerk now: False when he had a role in
    the tournament already (it stays as it was)."""
    with transaction.atomic():
        if user is None:
            user = get_user_model().objects.create_user(username, password=password)
        _membership, created = models.Membership.objects.get_or_create(
            tournament=tournament, user=user, defaults={"role": Role.CLERK}
        )
    return user, created


def clerk_remove(*, membership: models.Membership) -> None:
    membership.delete()
