"""Totals per table (Summenliste), mixed with per-game tables: a tournament with some tables
recorded by their totals ranks exactly as the same tournament entered all by games.
Both are built from one generated tournament; the totals typed are the per-game tables' own."""

from __future__ import annotations

import copy

import pytest

from tests.totals.helpers import line_of, ranking
from tournament import models
from tournament.exchange.demo import demo_document
from tournament.exchange.interchange.importer import tournament_import
from tournament.totals.services import table_recording_set, totals_save

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(("players", "seed"), [(16, 3), (18, 7), (21, 11)])
def test_totals_tables_rank_exactly_as_the_same_tables_by_games(players, seed, leitung):
    document = demo_document(players=players, durchgaenge=2, seed=seed, slug="spiele")
    by_games = tournament_import(document)
    mixed_document = copy.deepcopy(document)
    mixed_document["tournament"]["slug"] = "gemischt"
    as_totals = set()
    for durchgang in mixed_document["durchgaenge"]:
        for table in durchgang["tables"]:
            if (table["number"] + durchgang["number"]) % 2:  # every other table by totals
                table["hands"] = []
                as_totals.add((durchgang["number"], table["number"]))
    mixed = tournament_import(mixed_document)
    assert as_totals
    for dg, number in sorted(as_totals):
        source = models.Table.objects.get(
            durchgang__tournament=by_games, durchgang__number=dg, number=number
        )
        target = models.Table.objects.get(
            durchgang__tournament=mixed, durchgang__number=dg, number=number
        )
        target = table_recording_set(table=target, recording="totals", user=leitung)
        totals_save(table=target, lines=line_of(source), version=0, user=leitung)
    assert ranking(mixed) == ranking(by_games)
    assert models.Hand.objects.filter(table__durchgang__tournament=mixed).count() < (
        models.Hand.objects.filter(table__durchgang__tournament=by_games).count()
    )
