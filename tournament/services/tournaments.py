"""Whole-tournament operations."""

from __future__ import annotations

from django.db import transaction

from tournament import models


def tournament_delete(tournament: models.Tournament) -> None:
    """Delete a tournament and everything in it.

    Deletes table by table, leaves first, each in one statement: Django's cascade collector
    would load every one of the hundred thousand rows of a large tournament into memory.
    """
    in_tournament = {
        models.HandScore: {"tournament": tournament},
        models.Sanction: {"hand__table__durchgang__tournament": tournament},
        models.Hand: {"table__durchgang__tournament": tournament},
        models.Seat: {"durchgang__tournament": tournament},
        models.Table: {"durchgang__tournament": tournament},
        models.Durchgang: {"tournament": tournament},
        models.Membership: {"tournament": tournament},
    }
    with transaction.atomic():
        for model, lookup in in_tournament.items():
            queryset = model.objects.filter(**lookup)
            queryset._raw_delete(queryset.db)
        tournament.players.update(replaces=None)
        players = models.Player.objects.filter(tournament=tournament)
        players._raw_delete(players.db)
        tournament.delete()
