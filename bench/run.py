"""The project's benchmarks: `make bench`.

Seeds tournaments with the real commands and times them as a user runs them (whole processes),
next to `manage.py check`, the framework's start-up, measured in the same run. Machines are
shared and noisy, so the targets are ratios, each printed with its figure and whether it is met.

Targets (issue 2):
- import of 1,000 players x 3 Durchgänge (24,000 games) <= 8 x start-up;
- standings of that tournament <= 2 x start-up;
- a draw of 1,000 players with repeat avoidance <= 2 x start-up (issue 3), for each Durchgang;
- the ranking page of 1,000 players <= 3 x the standings command (issue 5);
- a clerk enters a 32-game scoresheet by keyboard in under 3 minutes (issue 4,
  `bench/sheet_entry.py`);
- standings grow linearly with the number of players (computation time per player, measured
  in-process, at 1,000 players at most 2 x that at 250 players), in a constant number of queries.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import printing  # bench/ is on sys.path: run.py is run as a script
import sheet_entry

ROOT = Path(__file__).resolve().parents[1]
PYTHON = sys.executable


def timed(env: dict[str, str], *args: str, repeat: int = 1) -> float:
    """Median wall time of `manage.py args` in seconds."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        subprocess.run(
            [PYTHON, "manage.py", *args], cwd=ROOT, env=env, check=True, capture_output=True
        )
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def timed_script(env: dict[str, str], script: str, *args: str, repeat: int = 3) -> float:
    """Median wall time of `python script args` in seconds."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        subprocess.run([PYTHON, script, *args], cwd=ROOT, env=env, check=True, capture_output=True)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def verdict(ok: bool) -> str:
    return "met" if ok else "NOT MET"


def bench_database(label: str, env: dict[str, str], work: Path) -> list[bool]:
    print(f"\n== {label} ==")
    subprocess.run(
        [PYTHON, "manage.py", "migrate", "--noinput", "-v0"], cwd=ROOT, env=env, check=True
    )
    startup = timed(env, "check", repeat=5)
    print(f"start-up (manage.py check, median of 5): {startup:.3f} s")
    results: list[bool] = []
    per_player: dict[int, float] = {}
    for players in (250, 1000):
        document = work / f"demo-{players}.json"
        if not document.exists():
            subprocess.run(
                [
                    PYTHON,
                    "manage.py",
                    "seed_demo",
                    "--players",
                    str(players),
                    "--durchgaenge",
                    "3",
                    "--seed",
                    "2026",
                    "--slug",
                    f"bench-{players}",
                    "--out",
                    str(document),
                ],
                cwd=ROOT,
                env=env,
                check=True,
                capture_output=True,
            )
        games = players // 4 * 32 * 3
        imported = timed(env, "import_tournament", str(document))
        standings = timed(env, "standings", f"bench-{players}", "--format", "json", repeat=3)
        inner, queries = subprocess.run(
            [PYTHON, "bench/standings_inprocess.py", f"bench-{players}"],
            cwd=ROOT,
            env=env,
            check=True,
            capture_output=True,
            text=True,
        ).stdout.split()
        per_player[players] = float(inner) / players
        print(f"{players:>5} players x 3 Durchgänge (~{games:,} games):")
        print(f"      import    {imported:7.3f} s  = {imported / startup:5.2f} x start-up")
        print(f"      standings {standings:7.3f} s  = {standings / startup:5.2f} x start-up")
        print(f"      standings computed in-process: {float(inner):.3f} s, {queries} queries")
        if players == 1000:
            page = timed_script(env, "bench/ranking_page.py", f"bench-{players}")
            ok_page = page <= 3 * standings
            print(f"      ranking page {page:7.3f} s  = {page / standings:5.2f} x standings")
            print(f"      target ranking page <= 3 x standings: {verdict(ok_page)}")
            results.append(ok_page)
            ok_import = imported <= 8 * startup
            ok_standings = standings <= 2 * startup
            print(f"      target import <= 8 x start-up: {verdict(ok_import)}")
            print(f"      target standings <= 2 x start-up: {verdict(ok_standings)}")
            results += [ok_import, ok_standings]
    results += bench_draw(env, work, startup)
    growth = per_player[1000] / per_player[250]
    ok_growth = growth <= 2
    print(
        f"standings computation per player, 1,000 vs 250 players: {growth:.2f} x"
        f" (target <= 2, linear growth): {verdict(ok_growth)}"
    )
    results.append(ok_growth)
    return results


def bench_draw(env: dict[str, str], work: Path, startup: float) -> list[bool]:
    """`manage.py draw` of 1,000 players, Durchgang 1 to 3, each with repeat avoidance."""
    document = json.loads((work / "demo-1000.json").read_text())
    document["tournament"]["slug"] = "bench-draw"
    document["durchgaenge"] = []
    players = work / "players-1000.json"
    players.write_text(json.dumps(document))
    subprocess.run(
        [PYTHON, "manage.py", "import_tournament", str(players)],
        cwd=ROOT,
        env=env,
        check=True,
        capture_output=True,
    )
    results = []
    print("draw of 1,000 players (repeat avoidance, planning the Durchgänge ahead):")
    for number in (1, 2, 3):
        seconds = timed(env, "draw", "bench-draw", "--durchgang", str(number), "--seed", "b")
        ok = seconds <= 2 * startup
        print(
            f"      Durchgang {number}: {seconds:6.3f} s = {seconds / startup:5.2f} x start-up"
            f" (target <= 2): {verdict(ok)}"
        )
        results.append(ok)
    return results


SERVER = os.environ.get("BENCH_POSTGRES_URL", "postgresql://postgres@127.0.0.1:5432/postgres")
BENCH_DB = f"schafkopf_bench_{os.getpid()}"


def postgres_admin(statement: str) -> bool:
    """Run `statement` on the PostgreSQL server; False when no server answers."""
    try:
        import psycopg

        with psycopg.connect(SERVER, connect_timeout=2, autocommit=True) as connection:
            connection.execute(statement)
        return True
    except Exception:
        return False


def main() -> int:
    base = {**os.environ, "DJANGO_DEBUG": "0", "DJANGO_SECRET_KEY": "benchmark-only"}
    results = []
    with tempfile.TemporaryDirectory(prefix="schafkopf-bench-") as tmp:
        work = Path(tmp)
        sqlite_env = {**base, "DATABASE_URL": f"sqlite:///{work / 'bench.sqlite3'}"}
        results += bench_database("SQLite", sqlite_env, work)
        if postgres_admin(f"CREATE DATABASE {BENCH_DB}"):
            url = SERVER.rsplit("/", 1)[0] + "/" + BENCH_DB
            try:
                results += bench_database("PostgreSQL", {**base, "DATABASE_URL": url}, work)
            finally:
                postgres_admin(f"DROP DATABASE IF EXISTS {BENCH_DB}")
        else:
            print("\nPostgreSQL: no server answers on 127.0.0.1:5432, skipped")
    results += sheet_entry.main()
    results += printing.main()
    print(f"\n{sum(results)} of {len(results)} targets met")
    return 0


if __name__ == "__main__":
    sys.exit(main())
