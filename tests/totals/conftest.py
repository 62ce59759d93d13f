"""Fixtures of the totals tests: a drawn tournament without games, and a tournament mixing
tables by games and by totals."""

from __future__ import annotations

import copy

import pytest

from tests.totals.helpers import SLUG, line_of
from tournament import models
from tournament.exchange.demo import demo_document
from tournament.exchange.interchange.importer import tournament_import
from tournament.totals.services import table_recording_set, totals_save


@pytest.fixture
def drawn(django_user_model):
    """17 players drawn (tables 1–3 of four, table 4 of five), no games; `leitung` supervises,
    `schreiber` clerks."""
    document = demo_document(players=17, durchgaenge=1, seed=5, slug=SLUG)
    for table in document["durchgaenge"][0]["tables"]:
        table["hands"] = []
    tournament = tournament_import(document)
    leitung = django_user_model.objects.create_user("leitung", password="geheim-12345")
    schreiber = django_user_model.objects.create_user("schreiber", password="geheim-12345")
    models.Membership.objects.create(tournament=tournament, user=leitung, role="supervisor")
    models.Membership.objects.create(tournament=tournament, user=schreiber, role="clerk")
    return tournament, leitung, schreiber


@pytest.fixture
def mixed(leitung):
    """A tournament of 18 players in two Durchgänge: table 1 of each Durchgang by totals (the
    totals of the same table played by games), table 2 of Durchgang 2 by totals, not entered."""
    document = demo_document(players=18, durchgaenge=2, seed=9, slug="quelle")
    by_games = tournament_import(document)
    mixed_document = copy.deepcopy(document)
    mixed_document["tournament"]["slug"] = "gemischt"
    for durchgang in mixed_document["durchgaenge"]:
        durchgang["tables"][0]["hands"] = []
    mixed_document["durchgaenge"][1]["tables"][1]["hands"] = []
    tournament = tournament_import(mixed_document)
    for dg in (1, 2):
        source = models.Table.objects.get(
            durchgang__tournament=by_games, durchgang__number=dg, number=1
        )
        target = models.Table.objects.get(
            durchgang__tournament=tournament, durchgang__number=dg, number=1
        )
        target = table_recording_set(table=target, recording="totals")
        totals_save(table=target, lines=line_of(source), version=0)
    empty = models.Table.objects.get(
        durchgang__tournament=tournament, durchgang__number=2, number=2
    )
    table_recording_set(table=empty, recording="totals")
    return tournament
