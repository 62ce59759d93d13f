"""Whole-tournament operations."""

from __future__ import annotations

from django.db import transaction

from tournament import models


def tournament_delete(tournament: models.Tournament) -> None:
    """Delete a tournament and everything in it, its history included.

    The games, their scores and the seats go first, each in one statement: Django's cascade
    collector would load every one of the hundred thousand rows of a large tournament into
    memory. The few rows left (tables, Durchgänge, players) are deleted by the collector,
    which takes everything that hangs on them along (the sheets' history, corrections, phone
    links, swaps), also what a later model adds.
    """
    in_tournament = {
        models.HandScore: {"tournament": tournament},
        models.Sanction: {"hand__table__durchgang__tournament": tournament},
        models.Hand: {"table__durchgang__tournament": tournament},
        models.Seat: {"durchgang__tournament": tournament},
    }
    with transaction.atomic():
        for model, lookup in in_tournament.items():
            queryset = model._default_manager.filter(**lookup)
            queryset._raw_delete(queryset.db)
        models.Table.objects.filter(durchgang__tournament=tournament).delete()
        models.Durchgang.objects.filter(tournament=tournament).delete()
        tournament.players.update(replaces=None)
        models.Player.objects.filter(tournament=tournament).delete()
        tournament.delete()
