"""Time the standings computation inside one process: `python bench/standings_inprocess.py SLUG`.

Prints `seconds queries` for the median of five runs of `standings_compute`, so that growth with
the number of players is measured without the process start-up.
"""

from __future__ import annotations

import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

import django  # noqa: E402

django.setup()

from django.db import connection  # noqa: E402
from django.test.utils import CaptureQueriesContext  # noqa: E402

from tournament.models import Tournament  # noqa: E402
from tournament.services.standings import standings_compute  # noqa: E402


def main(slug: str) -> None:
    tournament = Tournament.objects.get(slug=slug)
    standings_compute(tournament)  # warm caches and connection
    times = []
    for _ in range(5):
        with CaptureQueriesContext(connection) as queries:
            start = time.perf_counter()
            standings_compute(tournament)
            times.append(time.perf_counter() - start)
    print(f"{statistics.median(times):.6f} {len(queries)}")


if __name__ == "__main__":
    main(sys.argv[1])
