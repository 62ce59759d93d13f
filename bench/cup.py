"""A cup across clubs of 12 evenings of 200 players against one tournament's ranking page.

`python bench/cup.py DOCUMENT` (the seeded interchange file of 200 players x 3 Durchgänge that
`bench/season.py` takes; `bench/run.py` passes it) imports it 12 times under other slugs and
dates, each time with 200 of a pool of 240 persons (by name: the cup matches persons across
clubs by their folded name), and publishes the rankings live. A cup of three organisers (the
cup organiser and two members) counts them by placement points of the best 10: the odd evenings
are hosted here (the cup organiser's and the first member's tournaments), the even ones are
sent in as signed cup files by the second member (`upload_store`, as its page does). In-process,
with Django's test client, it times:

- the public ranking page of one tournament, uncached (median of 3);
- the public cup page `/pokal/CUP/` with 6 and then 12 evenings (half of them hosted), median
  of 3: time and the number of queries.

It prints one JSON object; `report` checks the targets: the cup page at most 3 x the ranking
page, its queries the same for 6 and 12 evenings.
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

EVENINGS = 12
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

    from tournament.cups.files import cup_file
    from tournament.cups.services import (
        cup_save,
        entry_hosted_add,
        member_add,
        member_key_register,
        upload_store,
    )
    from tournament.cups.signing import signing_key_make
    from tournament.exchange.interchange.importer import tournament_import
    from tournament.models import Cup, Organiser, Tournament
    from tournament.ranking.publication import ranking_publish

    document = json.loads(Path(source).read_text())
    players = len(document["players"])
    Cup.objects.filter(slug="bench-cup").delete()
    owner, home, sender = (
        Organiser.objects.get_or_create(slug=f"bench-cup-{role}", defaults={"name": role})[0]
        for role in ("pokal", "heim", "gast")
    )
    cup = cup_save(
        organiser=owner,
        name="Bench-Pokal",
        slug="bench-cup",
        season="2026",
        kind="placement",
        best=10,
        placement_text="-".join(str(p) for p in range(50, 0, -1)),
    )
    members = {o.pk: member_add(cup=cup, organiser=o) for o in (owner, home, sender)}
    sending = members[sender.pk]
    key = signing_key_make(sender)
    member_key_register(member=sending, text=key.public_key, by=None)
    lot = random.Random(2026)
    tournaments, added = [], []
    for number in range(1, EVENINGS + 1):
        copy = json.loads(json.dumps(document))
        copy["tournament"]["slug"] = f"bench-cup-{number}"
        copy["tournament"]["date"] = f"2026-{number:02d}-20"
        persons = lot.sample(range(POOL), players)
        for player, person in zip(copy["players"], persons, strict=True):
            player.pop("person", None)
            player["name"] = f"Person {person}"
        Tournament.objects.filter(slug=copy["tournament"]["slug"]).delete()
        tournament = tournament_import(copy)
        organiser = sender if number % 2 == 0 else (owner if number % 4 == 1 else home)
        tournament.organiser = organiser
        tournament.save(update_fields=["organiser"])
        ranking_publish(tournament=tournament, publication=Tournament.Publication.LIVE)
        tournaments.append(tournament)
        added.append((members[organiser.pk], tournament))
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
    figures: dict = {"players": players, "ranking": median(ranking_url)}
    for index, (member, tournament) in enumerate(added, start=1):
        if member == sending:
            upload_store(cup=cup, member=member, data=cup_file(tournament), by=None)
        else:
            entry_hosted_add(cup=cup, member=member, tournament=tournament, by=None)
        if index in (EVENINGS // 2, EVENINGS):
            figures[f"cup_{index}"] = median(f"/pokal/{cup.slug}/")
    return figures


def report(db: str, figures: dict) -> list[Result]:
    ranking_s, ranking_q = figures["ranking"]
    half = EVENINGS // 2
    print(f"cup of {EVENINGS} evenings of {figures['players']} players, half sent in:")
    print(f"      ranking page of one tournament: {ranking_s * 1000:8.1f} ms, {ranking_q} queries")
    for count in (half, EVENINGS):
        seconds, queries = figures[f"cup_{count}"]
        print(f"      cup page, {count:2} evenings: {seconds * 1000:8.1f} ms ({queries} queries)")
    cup_s, cup_q = figures[f"cup_{EVENINGS}"]
    ratio = cup_s / ranking_s
    return [
        check(
            db,
            f"cup page ({EVENINGS} x {figures['players']}) <= 3 x one ranking page",
            f"{cup_s * 1000:.0f} ms = {ratio:.2f} x",
            ratio <= 3,
        ),
        check(
            db,
            f"cup page queries the same for {half} and {EVENINGS} evenings",
            f"{figures[f'cup_{half}'][1]} / {cup_q} queries",
            figures[f"cup_{half}"][1] == cup_q,
        ),
    ]


def main() -> int:
    """This piece alone: `python bench/cup.py` (SQLite in a temporary directory, and PostgreSQL
    when one answers, as `bench/run.py` does)."""
    import tempfile

    from report import each_database, script, summary
    from scale import document

    base = {**os.environ, "DJANGO_DEBUG": "0", "DJANGO_SECRET_KEY": "benchmark-only"}
    base["DJANGO_STATIC_MANIFEST"] = "0"
    results: list[Result] = []
    with tempfile.TemporaryDirectory(prefix="schafkopf-bench-cup-") as tmp:
        work = Path(tmp)
        source = str(document(work, 200))
        for db, env in each_database("cup", work, base):
            results += report(db, json.loads(script(env, "bench/cup.py", source)))
    summary(results)
    return 0


if __name__ == "__main__":
    if len(sys.argv) > 1:
        print(json.dumps(measure(sys.argv[1])))
    else:
        sys.exit(main())
