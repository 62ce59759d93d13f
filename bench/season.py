"""A season (Jahreswertung) of 12 tournaments of 200 players against one tournament's ranking.

`python bench/season.py DOCUMENT` (a seeded interchange file of 200 players x 3 Durchgänge,
`bench/run.py` passes it) imports it 12 times under other slugs and dates, each time with 200 of
a pool of 240 persons (the `person` key), so persons play 8 to 12 tournaments; publishes the
rankings live and puts the tournaments into a season scored by the best 10 (placement points).
In-process, with Django's test client, it times:

- the public ranking page of one tournament, uncached (median of 3);
- the season page, first (it writes each tournament's part) and then as usual (median of 3),
  with 6 and then 12 tournaments in the season: the number of queries.

It prints one JSON object; `report` checks the targets: the season page at most 3 x the
ranking page, its queries the same for 6 and 12 tournaments.
"""

from __future__ import annotations

import json
import os
import random
import statistics
import sys
import time
from pathlib import Path

from report import Result, check

TOURNAMENTS = 12
PLAYERS = 200
POOL = 240


def measure(source: str) -> dict:
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    os.environ.setdefault("DJANGO_STATIC_MANIFEST", "0")
    # Imports here: this runs in the child process that measures, which sets Django up first.
    import django

    django.setup()
    from django.core.cache import cache
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    from tournament.exchange.interchange.importer import tournament_import
    from tournament.models import Season, Tournament
    from tournament.persons.services import organiser_of
    from tournament.ranking.publication import ranking_publish
    from tournament.seasons.services import season_save

    document = json.loads(Path(source).read_text())
    players = len(document["players"])
    lot = random.Random(2026)
    tournaments = []
    for number in range(1, TOURNAMENTS + 1):
        copy = json.loads(json.dumps(document))
        copy["tournament"]["slug"] = f"bench-season-{number}"
        copy["tournament"]["date"] = f"2026-{number:02d}-15"
        persons = lot.sample(range(POOL), players)
        for player, person in zip(copy["players"], persons, strict=True):
            player["person"] = f"bench-person-{person}"
            player["name"] = f"Person {person}"
        tournament = tournament_import(copy)
        ranking_publish(tournament=tournament, publication=Tournament.Publication.LIVE)
        tournaments.append(tournament)
    organiser = organiser_of(tournaments[0])
    Season.objects.filter(slug="bench-season").delete()
    placement = "-".join(str(p) for p in range(50, 0, -1))
    visitor = Client()

    def get(url: str) -> tuple[float, int]:
        cache.clear()
        with CaptureQueriesContext(connection) as queries:
            start = time.perf_counter()
            response = visitor.get(url, HTTP_HOST="127.0.0.1")
            seconds = time.perf_counter() - start
        assert response.status_code == 200, (url, response.status_code)
        return seconds, len(queries)

    def median(url: str) -> tuple[float, int]:
        runs = [get(url) for _ in range(3)]
        return statistics.median(r[0] for r in runs), runs[-1][1]

    ranking_url = f"/turnier/{tournaments[-1].slug}/"
    get(ranking_url)  # warm templates and connection
    ranking = median(ranking_url)
    figures: dict = {"players": players, "ranking": ranking}
    for count in (6, TOURNAMENTS):
        season = season_save(
            organiser=organiser,
            season=Season.objects.filter(slug="bench-season").first(),
            name="Bench-Jahreswertung",
            slug="bench-season",
            placement_text=placement,
            tournaments=tournaments[:count],
            kind="placement",
            best=10,
            minimum=0,
        )
        url = f"/saison/{season.slug}/"
        figures[f"first_{count}"] = get(url)
        figures[f"season_{count}"] = median(url)
    return figures


def report(db: str, figures: dict) -> list[Result]:
    ranking_s, ranking_q = figures["ranking"]
    print(f"season of {TOURNAMENTS} tournaments of {figures['players']} players (in-process):")
    print(f"      ranking page of one tournament: {ranking_s * 1000:8.1f} ms, {ranking_q} queries")
    for count in (6, TOURNAMENTS):
        first, usual = figures[f"first_{count}"], figures[f"season_{count}"]
        print(
            f"      season page, {count:2} tournaments: first {first[0] * 1000:8.1f} ms"
            f" ({first[1]} queries), then {usual[0] * 1000:8.1f} ms ({usual[1]} queries)"
        )
    season_s, season_q = figures[f"season_{TOURNAMENTS}"]
    ratio = season_s / ranking_s
    return [
        check(
            db,
            f"season page ({TOURNAMENTS} x {figures['players']}) <= 3 x one ranking page",
            f"{season_s * 1000:.0f} ms = {ratio:.2f} x",
            ratio <= 3,
        ),
        check(
            db,
            "season page queries the same for 6 and 12 tournaments",
            f"{figures['season_6'][1]} / {season_q} queries",
            figures["season_6"][1] == season_q,
        ),
    ]


if __name__ == "__main__":
    print(json.dumps(measure(sys.argv[1])))
