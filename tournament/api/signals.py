"""The API's versions (tournament/api/versions.py) follow every change they stand for: a change
of a tournament's public pages (`pages_changed`), and the saves and deletions of what the lists
show (organisers, tournaments, seasons and their tournaments, cups and their evenings and
persons, persons and players: a publication choice changes a name). Each bump is written when
the change commits.

Connected by `TournamentConfig.ready` (tournament/apps.py)."""

from __future__ import annotations

from typing import Any

from django.db.models.signals import m2m_changed, post_delete, post_save

from tournament import models
from tournament.api.versions import (
    ACTIVITY,
    STRUCTURE,
    slug_forget,
    tournament_scope,
    versions_bump,
)
from tournament.scorekeeping.changes import pages_changed


def _pages_changed(sender: object, tournament_id: int, **kwargs: Any) -> None:
    versions_bump(ACTIVITY, tournament_scope(tournament_id))


def _structure_changed(sender: object, **kwargs: Any) -> None:
    versions_bump(STRUCTURE)


def _tournament_changed(sender: object, instance: models.Tournament, **kwargs: Any) -> None:
    versions_bump(ACTIVITY, tournament_scope(instance.pk))
    slug_forget(instance.slug)


def _player_changed(sender: object, instance: models.Player, **kwargs: Any) -> None:
    versions_bump(ACTIVITY, tournament_scope(instance.tournament_id))


#: Saved or deleted, each changes what a list or a table of the API shows.
STRUCTURE_MODELS = (
    models.Organiser,
    models.Season,
    models.Cup,
    models.CupMember,
    models.CupEntry,
    models.CupAlias,
    models.Person,
)


def api_signals_connect() -> None:
    pages_changed.connect(_pages_changed, dispatch_uid="api_pages_changed")
    for model in STRUCTURE_MODELS:
        for signal in (post_save, post_delete):
            signal.connect(_structure_changed, sender=model, dispatch_uid=f"api_{model.__name__}")
    m2m_changed.connect(
        _structure_changed, sender=models.Season.tournaments.through, dispatch_uid="api_season"
    )
    for signal in (post_save, post_delete):
        signal.connect(_tournament_changed, sender=models.Tournament, dispatch_uid="api_t")
        signal.connect(_player_changed, sender=models.Player, dispatch_uid="api_player")
