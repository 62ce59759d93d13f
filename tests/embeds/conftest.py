"""Fixtures of the embed tests: the worked example published, a player who asked for his
initial only, and the organiser's evenings to come (one announced, one a draft)."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

import pytest
from django.utils import timezone

from tournament.models import Tournament
from tournament.ranking.publication import ranking_publish


@pytest.fixture
def published(example_tournament):
    """The example, its ranking published live; start number 8 is "Michl Hofbauer", who asked
    for his initial only."""
    example_tournament.players.filter(start_number=8).update(
        name="Michl Hofbauer", publish_full_name=False
    )
    ranking_publish(tournament=example_tournament, publication=Tournament.Publication.LIVE)
    example_tournament.refresh_from_db()
    return example_tournament


@pytest.fixture
def evenings(example_tournament):
    """Two evenings of the example's organiser to come: one announced with its registration
    open, one a draft."""
    organiser = example_tournament.organiser
    soon = timezone.localdate() + dt.timedelta(days=10)
    announced = Tournament.objects.create(
        slug="herbstturnier",
        name="Herbstturnier",
        organiser=organiser,
        date=soon,
        start_time=dt.time(19, 30),
        venue="Gasthaus Krone, Weiden",
        entry_fee=Decimal("12.50"),
        registration_open=True,
        registration_limit=40,
    )
    draft = Tournament.objects.create(
        slug="geheimturnier",
        name="Geheimturnier",
        organiser=organiser,
        date=soon + dt.timedelta(days=7),
        announced=False,
    )
    return announced, draft
