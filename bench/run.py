"""The project's benchmark report: `make bench` (`BENCH_QUICK=1 make bench` for a smoke run).

Seeds tournaments with the real commands and times them as a user runs them (whole processes),
next to `manage.py check`, the framework's start-up, measured in the same run, on SQLite and on
PostgreSQL when one answers (`BENCH_POSTGRES_URL`, default the local server; the benchmark
creates and drops its own database `bench_<pid>`). Machines are shared and noisy, so the
targets are ratios, each printed next to its figure and whether it is met, and gathered in a
final summary table. docs/performance.md describes the measures and a run's figures.

- `bench/scale.py`: import and standings of 250, 1,000 and 10,000 players x 3 Durchgänge,
  and the ranking page's process against the standings command;
- a draw of 1,000 players with repeat avoidance <= 2 x start-up, for each Durchgang;
- `bench/pages.py`: the ranking and the scoresheet page in-process: queries and render time;
- `bench/exports.py`: the Excel export of 1,000 players, time and peak memory;
- `bench/skt_preview.py`: the preview of a SchafkopfTurnier import of 20,000 addresses <= 60 s;
- `bench/restore_preview.py`: the restore's preview of a large backup and of the largest upload
  its bounds let through, peak memory;
- `bench/season.py`: a season of 12 tournaments of 200 players against one ranking page;
- `bench/cup.py`: a cup of 12 evenings of 200 players (6 hosted, 6 sent in as signed files)
  against one ranking page (`python bench/cup.py` runs this piece alone, on SQLite);
- `bench/api.py`: 1,000 readers polling a 1,000-player ranking through the JSON API: the 95th
  percentile and the queries of an answer made anew, one given from the cache, and a 304;
- `bench/saves.py`: a game's save in statements, the whole request, per path (clerk line,
  phone, correction);
- `bench/load.py`: 1, 4 and 16 clerks entering games over HTTP into gunicorn, and 50 readers
  of the public ranking meanwhile;
- `bench/phones.py`: the phones of 250 tables entering games at once, a viewer polling at each
  table, entries sent twice under one key;
- `bench/replication.py`: the continuous copy (Litestream): its cost per save with SQLite's
  synchronous NORMAL and FULL, and the copy's lag under the phones' burst of 250 tables;
- `bench/sheet_entry.py`: a 32-game scoresheet typed in headless Chromium in under 3 minutes;
- `bench/totals_entry.py`: the totals of 50 tables (Summenliste) typed in headless Chromium by one
  clerk in under 10 minutes;
- `bench/printing.py`: the signed scoresheets of 250 tables as one PDF against WeasyPrint
  alone, the batch's peak memory, and the seconds per sheet of 100 tables;
- `bench/takeover.py`: a second laptop takes over an evening of 1,000 players from the
  continuous copy (`manage.py takeover`): from the command to the first phone answered <= 120 s;
- `bench/servers.py`: two app servers and two task workers on one PostgreSQL database: a print
  job started on one server and downloaded on the other, the ranking's lag between them, a task
  worker killed in the middle of a print job (skipped without PostgreSQL).
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
import time
from pathlib import Path

import api
import cup
import exports  # bench/ is on sys.path: run.py is run as a script
import load
import pages
import phones
import printing
import replication
import restore_preview
import saves
import season
import servers
import sheet_entry
import skt_preview
import takeover
import totals_entry
from report import QUICK, Result, check, manage, postgres_database, script, summary, timed
from scale import LARGE, MEDIUM, bench_scale, document


def bench_database(db: str, env: dict[str, str], work: Path) -> list[Result]:
    print(f"\n== {db} ==")
    manage(env, "migrate", "--noinput", "-v0")
    startup = timed(env, "check", repeat=5)
    print(f"start-up (manage.py check, median of 5): {startup:.3f} s")
    results, standings = bench_scale(db, env, work, startup)
    results += bench_draw(db, env, work, startup)
    slugs = [f"bench-{MEDIUM}", f"bench-{LARGE}"]
    results += pages.report(db, json.loads(script(env, "bench/pages.py", *slugs)), slugs)
    results += exports.bench_xlsx(db, env, work, f"bench-{MEDIUM}", standings[MEDIUM])
    results += skt_preview.bench_skt_preview(db, env, work)
    results += restore_preview.bench_restore_preview(db, env, work, document(work, MEDIUM))
    source = str(document(work, season.PLAYERS))
    results += season.report(db, json.loads(script(env, "bench/season.py", source)))
    results += cup.report(db, json.loads(script(env, "bench/cup.py", source)))
    medium = str(document(work, MEDIUM))
    results += api.report(db, json.loads(script(env, "bench/api.py", medium)))
    results += saves.report(db, json.loads(script(env, "bench/saves.py", source)))
    results += load.bench_load(db, env, work)
    results += phones.bench_phones(db, env, work)
    if db == "SQLite":  # the continuous copy and the take-over are SQLite's
        results += takeover.bench_takeover(db, env, work)
    return results


def bench_draw(db: str, env: dict[str, str], work: Path, startup: float) -> list[Result]:
    """`manage.py draw` of 1,000 players, Durchgang 1 to 3, each with repeat avoidance."""
    source = json.loads(document(work, MEDIUM).read_text())
    source["tournament"]["slug"] = "bench-draw"
    source["durchgaenge"] = []
    players = work / f"players-{MEDIUM}.json"
    players.write_text(json.dumps(source))
    manage(env, "import_tournament", str(players))
    results = []
    print(f"draw of {MEDIUM:,} players (repeat avoidance, planning the Durchgänge ahead):")
    for number in (1, 2, 3):
        seconds = timed(env, "draw", "bench-draw", "--durchgang", str(number), "--seed", "b")
        results.append(
            check(
                db,
                f"draw {MEDIUM:,} players, Durchgang {number} <= 2 x start-up",
                f"{seconds:.2f} s = {seconds / startup:.2f} x",
                seconds <= 2 * startup,
            )
        )
    return results


def main() -> int:
    began = time.perf_counter()
    base = {**os.environ, "DJANGO_DEBUG": "0", "DJANGO_SECRET_KEY": "benchmark-only"}
    base["DJANGO_STATIC_MANIFEST"] = "0"  # no collectstatic before a benchmark
    if QUICK:
        print("BENCH_QUICK=1: small sizes, a smoke run; the figures prove nothing")
    results: list[Result] = []
    with tempfile.TemporaryDirectory(prefix="schafkopf-bench-") as tmp:
        work = Path(tmp)
        sqlite_env = {**base, "DATABASE_URL": f"sqlite:///{work / 'bench.sqlite3'}"}
        results += bench_database("SQLite", sqlite_env, work)
        copy_work = work / "copy"
        copy_work.mkdir()
        results += replication.bench_replication(base, copy_work)
        with postgres_database(f"bench_{os.getpid()}") as url:
            if url:
                results += bench_database("PostgreSQL", {**base, "DATABASE_URL": url}, work)
            else:
                print("\nPostgreSQL: no server answers on 127.0.0.1:5432, skipped")
    results += sheet_entry.main()
    results += totals_entry.main()
    results += printing.main()
    results += servers.bench_servers()
    summary(results)
    print(f"whole benchmark: {(time.perf_counter() - began) / 60:.1f} minutes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
