"""The ranking page and the scoresheet page in-process: queries and render time.

`python bench/pages.py SLUG...` renders, with Django's test client inside one process, for
each tournament (`bench/run.py` passes those of 1,000 and 10,000 players):

- the public ranking page as an anonymous visitor, uncached (the cache of public pages is
  cleared before each request) and cached (the same request again);
- the scoresheet page of table 1 of Durchgang 1 (32 games) as a logged-in clerk.

It prints one JSON object: for each slug and page the median seconds of three requests (fewer
when they take over 3 s) and the number of queries of one. `bench/run.py` checks the targets:
at most 10 queries per page, the same number at both sizes, and render time growing at most
linearly (per player) for the ranking, not at all (at most 2 x) for the scoresheet.
"""

from __future__ import annotations

import json
import os
import statistics
import sys
import time
from pathlib import Path

from report import Result, check

REPEAT = 3
BUDGET = 3.0  # seconds: a page slower than this is measured fewer times


def measure(slugs: list[str]) -> dict:
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    os.environ.setdefault("DJANGO_STATIC_MANIFEST", "0")
    # Imports here: this runs in the child process that measures, which sets Django up first.
    import django

    django.setup()
    from django.contrib.auth import get_user_model
    from django.core.cache import cache
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    from tournament.models import Membership, Tournament

    def get(client: Client, url: str, *, uncached: bool) -> tuple[float, int, int]:
        if uncached:
            cache.clear()
        with CaptureQueriesContext(connection) as queries:
            start = time.perf_counter()
            response = client.get(url, HTTP_HOST="127.0.0.1")
            seconds = time.perf_counter() - start
        assert response.status_code == 200, (url, response.status_code)
        return seconds, len(queries), len(response.content)

    def median(client: Client, url: str, *, uncached: bool) -> dict:
        runs = [get(client, url, uncached=uncached)]
        while len(runs) < REPEAT and sum(r[0] for r in runs) < BUDGET:
            runs.append(get(client, url, uncached=uncached))
        return {
            "seconds": statistics.median(r[0] for r in runs),
            "queries": runs[-1][1],
            "bytes": runs[-1][2],
        }

    clerk, _ = get_user_model().objects.get_or_create(username="bench-pages-clerk")
    visitor, staff = Client(), Client()
    staff.force_login(clerk)
    figures = {}
    for slug in slugs:
        Tournament.objects.filter(slug=slug).update(ranking_publication="live")
        tournament = Tournament.objects.get(slug=slug)
        Membership.objects.get_or_create(tournament=tournament, user=clerk, role="clerk")
        ranking = f"/turnier/{slug}/"
        sheet = f"/turnier/{slug}/leitung/durchgang/1/tisch/1/"
        if slug == slugs[0]:  # warm templates and connection
            get(visitor, ranking, uncached=True)
            get(staff, sheet, uncached=False)
        figures[slug] = {
            "players": tournament.players.count(),
            "ranking": median(visitor, ranking, uncached=True),
            "ranking_cached": median(visitor, ranking, uncached=False),
            "sheet": median(staff, sheet, uncached=False),
        }
    return figures


def report(db: str, figures: dict, slugs: list[str]) -> list[Result]:
    """Print the pages' figures and check their targets (first slug: the smaller)."""
    small, large = (figures[s] for s in slugs)
    print("pages in-process (Django test client), median of up to 3 requests:")
    for name, label in (
        ("ranking", "ranking, uncached"),
        ("ranking_cached", "ranking, cached"),
        ("sheet", "scoresheet (clerk)"),
    ):
        for size in (small, large):
            page = size[name]
            print(
                f"      {label:<20} {size['players']:>6,} players:"
                f" {page['seconds'] * 1000:8.1f} ms,"
                f" {page['queries']:2} queries, {page['bytes'] / 1024:8.0f} KiB"
            )
    results = []
    for name, label in (("ranking", "ranking page"), ("sheet", "scoresheet page")):
        counts = (small[name]["queries"], large[name]["queries"])
        results.append(
            check(
                db,
                f"{label} queries constant and <= 10",
                f"{counts[0]} / {counts[1]} queries",
                counts[0] == counts[1] and max(counts) <= 10,
            )
        )
    per_player = [s["ranking"]["seconds"] / s["players"] for s in (small, large)]
    growth = per_player[1] / per_player[0]
    results.append(
        check(
            db,
            f"ranking page per player {large['players']:,} vs {small['players']:,} <= 2 x",
            f"{growth:.2f} x",
            growth <= 2,
        )
    )
    growth = large["sheet"]["seconds"] / small["sheet"]["seconds"]
    results.append(
        check(
            db,
            f"scoresheet page at {large['players']:,} vs {small['players']:,} players <= 2 x",
            f"{growth:.2f} x",
            growth <= 2,
        )
    )
    return results


if __name__ == "__main__":
    print(json.dumps(measure(sys.argv[1:])))
