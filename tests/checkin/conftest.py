"""A tournament before its first draw: ten players registered, Startgeld 12,50 €, check-in on;
its supervisor `leitung` and clerk `schreiber` (tests/conftest.py)."""

from __future__ import annotations

import pytest
from django.test import Client

from tests.checkin.helpers import FEE
from tournament.exchange.interchange.importer import tournament_import
from tournament.models import Membership, Tournament, organiser_default


@pytest.fixture
def door(supervisor, clerk) -> Tournament:
    tournament = tournament_import(
        {
            "format": "schafkopf-turnier",
            "version": 1,
            "tournament": {"slug": "kirta", "name": "Kirtaturnier", "date": "2026-11-28"},
            "players": [
                {"id": str(n), "name": name, "club": club}
                for n, (name, club) in enumerate(
                    [
                        ("Sepp Huber", "SK Ebersberg"),
                        ("Resi Maier", "SK Ebersberg"),
                        ("Xaver Bauer", "Grafing"),
                        ("Vroni Hofer", "Grafing"),
                        ("Wast Gruber", ""),
                        ("Girgl Moser", "Kirchseeon"),
                        ("Hans Wimmer", "Kirchseeon"),
                        ("Anni Brandl", ""),
                        ("Kathi Zehetmair", "Zorneding"),
                        ("Lenz Obermaier", "Zorneding"),
                    ],
                    start=1,
                )
            ],
        }
    )
    tournament.entry_fee, tournament.check_in = FEE, True
    tournament.save(update_fields=["entry_fee", "check_in"])
    Membership.objects.create(tournament=tournament, user=supervisor, role="supervisor")
    Membership.objects.create(tournament=tournament, user=clerk, role="clerk")
    return tournament


@pytest.fixture
def helper(clerk) -> Client:
    """A helper at the door: the tournament's clerk, logged in."""
    client = Client()
    client.force_login(clerk)
    return client


@pytest.fixture
def boss(supervisor) -> Client:
    """The supervisor, also the organiser's staff: he reads the register's pages too."""
    organiser_default().staff.add(supervisor)
    client = Client()
    client.force_login(supervisor)
    return client
