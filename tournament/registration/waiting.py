"""The waiting list of a tournament with a limit of places: who waits, how many places are
taken, and the first waiting players moving up when places come free (a withdrawal, a limit
raised). The door (tournament/checkin/) and the registration build on it; it builds on
neither."""

from __future__ import annotations

from django.db import transaction
from django.db.models import QuerySet

from tournament import models
from tournament.scorekeeping.changes import public_pages_changed


def places_taken(tournament: models.Tournament) -> int:
    return tournament.players.filter(withdrawn=False, waiting_since__isnull=True).count()


def waiting_list(tournament: models.Tournament) -> QuerySet[models.Player]:
    return tournament.players.filter(waiting_since__isnull=False, withdrawn=False).order_by(
        "waiting_since", "pk"
    )


def waiting_move_up(tournament: models.Tournament) -> list[models.Player]:
    """Give the places free under the limit to the first players waiting, until the first
    draw (then the supervisor registers a player who moves up); returns them. The last
    `registration_reserved` places are the Turnierleitung's to give (at the door), so these
    stay free."""
    with transaction.atomic():
        locked = models.Tournament.objects.select_for_update().get(pk=tournament.pk)
        if locked.durchgaenge.exists():
            return []
        limit = locked.registration_limit
        waiting = list(waiting_list(locked))
        if limit is not None:
            free = limit - locked.registration_reserved - places_taken(locked)
            waiting = waiting[: max(0, free)]
        if waiting:
            models.Player.objects.filter(pk__in=[p.pk for p in waiting]).update(waiting_since=None)
            public_pages_changed(tournament.pk)
    return waiting
