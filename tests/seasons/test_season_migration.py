"""Migration 0029: each tournament's one season of before becomes its first of many, and back
(a tournament in several seasons then keeps one)."""

from __future__ import annotations

import datetime as dt

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

BEFORE = [("tournament", "0028_scoring_freie_punkte")]
AFTER = [("tournament", "0029_season_tournaments_many")]


def migrate(target):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(target)
    return executor.loader.project_state(target).apps


def migrate_to_latest() -> None:
    """Back to the newest migration of every app, whichever it is, as the other tests expect."""
    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())


@pytest.mark.slow
@pytest.mark.django_db(transaction=True)
def test_the_season_of_each_tournament_is_kept_both_ways():
    apps = migrate(BEFORE)
    try:
        organiser = apps.get_model("tournament", "Organiser").objects.create(
            name="Verein", slug="verein"
        )
        Season = apps.get_model("tournament", "Season")
        Tournament = apps.get_model("tournament", "Tournament")
        year, cup = (
            Season.objects.create(organiser=organiser, name=name, slug=name)
            for name in ("jahr", "cup")
        )
        day = dt.date(2026, 11, 21)
        for slug in ("eins", "zwei", "drei"):
            Tournament.objects.create(slug=slug, name=slug, date=day, organiser=organiser)
        Tournament.objects.filter(slug__in=["eins", "zwei"]).update(season=year)

        apps = migrate(AFTER)
        Season = apps.get_model("tournament", "Season")
        Tournament = apps.get_model("tournament", "Tournament")
        year, cup = Season.objects.get(slug="jahr"), Season.objects.get(slug="cup")
        assert set(year.tournaments.values_list("slug", flat=True)) == {"eins", "zwei"}
        assert not cup.tournaments.exists()
        assert not Tournament.objects.get(slug="drei").seasons.exists()
        cup.tournaments.add(*Tournament.objects.filter(slug__in=["zwei", "drei"]))

        apps = migrate(BEFORE)
        Tournament = apps.get_model("tournament", "Tournament")
        seasons = dict(Tournament.objects.values_list("slug", "season__slug"))
        assert seasons == {"eins": "jahr", "zwei": "jahr", "drei": "cup"}
    finally:
        migrate_to_latest()
