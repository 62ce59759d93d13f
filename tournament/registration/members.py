"""Who holds a role in a tournament (tournament/web/access.py): the supervisor who created
it, and the clerks the supervisor adds or removes."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.db import transaction

from tournament import models

Role = models.Membership.Role


def supervisor_appoint(*, tournament: models.Tournament, user) -> models.Membership:
    return models.Membership.objects.create(tournament=tournament, user=user, role=Role.SUPERVISOR)


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
