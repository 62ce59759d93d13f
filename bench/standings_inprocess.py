"""Time the standings computation inside one process: `python bench/standings_inprocess.py SLUG`.

Prints `seconds queries` for the median of five runs of `standings_compute`, so that growth with
the number of players is measured without the process start-up.

`python bench/standings_inprocess.py --profile standings SLUG` (or `--profile import FILE`) runs
the command once in-process under cProfile and prints where its time goes: the phases (the SQL,
building rows, ranking, writing the output) and the functions with the most time of their own.
"""

from __future__ import annotations

import cProfile
import io
import os
import pstats
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

import django

django.setup()

from django.core.management import call_command  # noqa: E402
from django.db import connection  # noqa: E402
from django.test.utils import CaptureQueriesContext  # noqa: E402

from tournament.models import Tournament  # noqa: E402
from tournament.ranking.standings import standings_compute  # noqa: E402

PHASES = {
    "standings_compute": ("standings_compute",),
    "rank_players (pure ranking)": ("rank_players",),
    "output (json/text/csv)": ("standings_json", "standings_text", "standings_csv"),
    "tournament_import": ("tournament_import",),
    "reading the document": ("document_read", "read_document", "reader"),
}


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


def profile(what: str, argument: str) -> None:
    args: tuple[str, ...]
    if what == "standings":
        args = ("standings", argument, "--format", "json")
    else:
        args = ("import_tournament", argument, "--replace")
    profiler = cProfile.Profile()
    start = time.perf_counter()
    profiler.runcall(call_command, *args, stdout=io.StringIO())
    total = time.perf_counter() - start
    stats = pstats.Stats(profiler)
    print(f"{' '.join(args)}: {total:.2f} s in-process (under cProfile)")
    cumulative: dict[str, float] = {"SQL (database driver)": 0.0}
    own = []
    # Stats.stats is there at run time; typeshed leaves it out.
    for (filename, _, function), (_, _, tottime, cumtime, _) in stats.stats.items():  # type: ignore[attr-defined]
        for phase, names in PHASES.items():
            if function in names:
                cumulative[phase] = max(cumulative.get(phase, 0.0), cumtime)
        if filename == "~" and ("execute" in function or "fetch" in function):
            cumulative["SQL (database driver)"] += tottime
        where = filename.replace(str(Path(sys.prefix)), "venv").replace(os.getcwd() + "/", "")
        own.append((tottime, cumtime, f"{where.rsplit('site-packages/', 1)[-1]}:{function}"))
    for phase, seconds in sorted(cumulative.items(), key=lambda item: -item[1]):
        print(f"  {seconds:6.2f} s  {seconds / total:4.0%}  {phase}")
    print("  functions with the most time of their own (own s, cumulative s):")
    for tottime, cumtime, name in sorted(own, reverse=True)[:8]:
        print(f"  {tottime:6.2f} {cumtime:6.2f}  {name}")


if __name__ == "__main__":
    if sys.argv[1] == "--profile":
        profile(sys.argv[2], sys.argv[3])
    else:
        main(sys.argv[1])
