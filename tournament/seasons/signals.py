"""The seasons' stored parts (`SeasonResult`) kept up to date without a page writing them.

- A tournament that joins a season (the season's form, a restore keeping its seasons, any
  `add`/`set` of the relation) has its part written at once.
- A tournament hosted in a cup (tournament/cups/) has its part written when it is added to the
  cup; the cup table reads it as a season does.
- A change of a tournament's public pages (`scorekeeping.changes.pages_changed`, sent by
  `public_pages_changed`) queues `season_results_task` once the change is committed: a task
  worker writes the part anew if the tournament is in a season or a cup. While changes come
  faster than the worker, one task per tournament waits (a mark in the shared cache), not one
  per change.

Until the task ran, the season page computes that tournament's part without storing it
(services._season_results): the page is never behind, and never writes.

Connected by `TournamentConfig.ready` (tournament/apps.py)."""

from __future__ import annotations

from typing import Any

from django.core.cache import caches
from django.db import transaction
from django.db.models.signals import m2m_changed
from django.dispatch import receiver
from django_tasks import task

from tournament import models
from tournament.scorekeeping.changes import pages_changed
from tournament.seasons.services import season_results_write

#: How long the mark of a waiting task keeps a second one from being queued (a worker that
#: never comes lets the next change queue it again after this).
WAITING_SECONDS = 300

Membership = models.Season.tournaments.through


def _waiting_key(tournament_id: int) -> str:
    return f"season-results-waiting:{tournament_id}"


@task()
def season_results_task(tournament_id: int) -> None:
    caches["shared"].delete(_waiting_key(tournament_id))  # a change from now on queues again
    in_cup = models.CupEntry.objects.filter(tournament_id=tournament_id)
    if Membership.objects.filter(tournament_id=tournament_id).exists() or in_cup.exists():
        season_results_write(tournament_id)


@receiver(pages_changed, dispatch_uid="season_results_queue")
def season_results_queue(sender: object, tournament_id: int, **kwargs: Any) -> None:
    def enqueue() -> None:
        if caches["shared"].add(_waiting_key(tournament_id), True, WAITING_SECONDS):
            season_results_task.enqueue(tournament_id)

    transaction.on_commit(enqueue)


@receiver(m2m_changed, sender=Membership, dispatch_uid="season_results_joined")
def season_results_joined(
    sender: object,
    instance: models.Season | models.Tournament,
    action: str,
    reverse: bool,
    pk_set: set[int] | None,
    **kwargs: Any,
) -> None:
    if action != "post_add" or not pk_set:
        return
    for tournament_id in [instance.pk] if reverse else sorted(pk_set):
        season_results_write(tournament_id)
