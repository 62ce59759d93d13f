"""Fixtures of the registration tests."""

from __future__ import annotations

import pytest

from tournament.exchange.interchange.importer import tournament_import
from tournament.models import Membership


@pytest.fixture
def fresh(supervisor):
    """Eight players, Durchgang 1 drawn at two tables, no game recorded yet."""
    seats = [[str(n) for n in range(first, first + 4)] for first in (1, 5)]
    tournament = tournament_import(
        {
            "format": "schafkopf-turnier",
            "version": 1,
            "tournament": {"slug": "frisch", "name": "Frisch", "date": "2026-11-22"},
            "players": [{"id": str(n), "name": f"Spieler {n}"} for n in range(1, 9)],
            "durchgaenge": [
                {"number": 1, "tables": [{"number": t, "seats": seats[t - 1]} for t in (1, 2)]}
            ],
        }
    )
    Membership.objects.create(tournament=tournament, user=supervisor, role="supervisor")
    return tournament
