"""The JSON API under a club websites' poll: 1,000 readers polling one tournament's ranking of
1,000 players (`/api/v1/turniere/SLUG/wertung/`).

`python bench/api.py DOCUMENT` (the seeded interchange file of 1,000 players x 3 Durchgänge that
`bench/run.py` passes) imports it, publishes the ranking live and, in-process with Django's test
client, times each request and counts its queries:

- the answer made anew (the stored body of its tag dropped first; 20 times);
- each reader's first request: a 200, the body kept under its tag given from the cache;
- three rounds of every reader polling with the tag it holds (`If-None-Match`): 304;
- after a change of the ranking (`public_pages_changed`, as a game saved raises it): every
  reader polls again (one of them makes the new answer, the others are given it), then once
  more (304).

It prints one JSON object; `report` prints the 95th percentile of each kind, its queries per
request, and checks the targets: a 304 costs no query, and its 95th percentile is at most a
twentieth of an answer made anew.
"""

from __future__ import annotations

import json
import os
import sys
import time
from pathlib import Path

from report import QUICK, Result, check, percentile

READERS = 50 if QUICK else 1000
ROUNDS = 3
MADE = 20


def measure(source: str) -> dict:
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    os.environ.setdefault("DJANGO_STATIC_MANIFEST", "0")
    import django

    django.setup()
    from django.core.cache import cache, caches
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    from tournament.exchange.interchange.importer import tournament_import
    from tournament.models import Tournament
    from tournament.ranking.publication import ranking_publish
    from tournament.scorekeeping.changes import public_pages_changed

    document = json.loads(Path(source).read_text())
    document["tournament"]["slug"] = "bench-api"
    Tournament.objects.filter(slug="bench-api").delete()
    tournament = tournament_import(document)
    ranking_publish(tournament=tournament, publication=Tournament.Publication.LIVE)
    url = f"/api/v1/turniere/{tournament.slug}/wertung/"
    client = Client()
    kinds: dict[str, list[tuple[float, int]]] = {"made": [], "stored": [], "unchanged": []}

    def get(tag: str = "") -> tuple[str, int]:
        headers = {"If-None-Match": tag} if tag else {}
        with CaptureQueriesContext(connection) as queries:
            start = time.perf_counter()
            response = client.get(url, headers={"Host": "127.0.0.1", **headers})
            seconds = time.perf_counter() - start
        kind = {200: "stored", 304: "unchanged"}[response.status_code]
        if response.status_code == 200 and len(queries):
            kind = "made"
        kinds[kind].append((seconds, len(queries)))
        return response["ETag"], len(response.content)

    cache.clear()
    caches["shared"].clear()
    get()  # warm the connection and the imports
    kinds["made"].clear()
    size = 0
    for _ in range(MADE):
        cache.clear()  # the stored body (the versions stay: the tag does not change)
        _tag, size = get()
    tags = [get()[0] for _reader in range(READERS)]
    for _round in range(ROUNDS):
        tags = [get(tag)[0] for tag in tags]
    public_pages_changed(tournament.pk)  # outside a transaction: committed at once
    tags = [get(tag)[0] for tag in tags]
    tags = [get(tag)[0] for tag in tags]
    return {"readers": READERS, "players": len(document["players"]), "bytes": size, **kinds}


def _line(name: str, runs: list) -> tuple[float, float]:
    seconds = [s for s, _q in runs]
    queries = sum(q for _s, q in runs) / max(len(runs), 1)
    p95 = percentile(seconds, 95) * 1000 if seconds else 0.0
    print(f"      {name:<34} {len(runs):6} requests  p95 {p95:8.2f} ms  {queries:5.2f} queries")
    return p95, queries


def report(db: str, figures: dict) -> list[Result]:
    print(
        f"JSON API: {figures['readers']} readers polling a ranking of {figures['players']} "
        f"players ({figures['bytes'] / 1024:.0f} KiB):"
    )
    made, _made_q = _line("200, made anew", figures["made"])
    _line("200, the body kept under its tag", figures["stored"])
    unchanged, unchanged_q = _line("304, unchanged", figures["unchanged"])
    return [
        check(
            db, "API poll unchanged (304): no query", f"{unchanged_q:.2f} queries", unchanged_q == 0
        ),
        check(
            db,
            "API poll unchanged (304), p95 <= 1/20 of an answer made anew",
            f"{unchanged:.2f} ms / {made:.1f} ms",
            unchanged * 20 <= made,
        ),
    ]


def main() -> int:
    """This piece alone: `python bench/api.py` (SQLite in a temporary directory, and PostgreSQL
    when one answers, as `bench/run.py` does)."""
    import tempfile

    from report import each_database, script, summary
    from scale import MEDIUM, document

    base = {**os.environ, "DJANGO_DEBUG": "0", "DJANGO_SECRET_KEY": "benchmark-only"}
    base["DJANGO_STATIC_MANIFEST"] = "0"
    results: list[Result] = []
    with tempfile.TemporaryDirectory(prefix="schafkopf-bench-api-") as tmp:
        work = Path(tmp)
        source = str(document(work, MEDIUM))
        base["DJANGO_CACHE_DIR"] = str(work / "cache")
        for db, env in each_database("api", work, base):
            results += report(db, json.loads(script(env, "bench/api.py", source)))
    summary(results)
    return 0


if __name__ == "__main__":
    if len(sys.argv) > 1:
        print(json.dumps(measure(sys.argv[1])))
    else:
        sys.exit(main())
