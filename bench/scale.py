"""Scale: import and standings of 250, 1,000 and 10,000 players x 3 Durchgänge.

Each tournament is written once by `seed_demo --out` (the same document for every database),
imported with `import_tournament` and ranked with `standings`, both timed as whole processes
next to `manage.py check` (start-up). The standings are also computed in-process
(`bench/standings_inprocess.py`) for their growth and their number of queries.

Targets:
- import of 1,000 players <= 8 x start-up; of 10,000 players <= 80 x start-up (the same per
  player) and per player at most 2 x the time per player at 1,000 (linear growth);
- standings of 1,000 and of 10,000 players <= 2 x start-up each;
- standings computed in-process: per player at 1,000 at most 2 x that at 250, at 10,000 at most
  2 x that at 1,000 (linear growth), in the same number of queries at every size;
- the ranking page of 1,000 players (a whole process) <= 3 x the standings command.

A target of the 10,000-player tournament that is missed is followed by a profile of the command
(`bench/standings_inprocess.py --profile`) so that the report says where the time goes.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import tempfile
import time
from pathlib import Path

from report import PYTHON, QUICK, ROOT, Result, check, manage, script, timed

SMALL, MEDIUM, LARGE = (100, 250, 1000) if QUICK else (250, 1000, 10000)


def document(work: Path, players: int) -> Path:
    """The seeded interchange file of `players` x 3 Durchgänge, written once per run."""
    path = work / f"demo-{players}.json"
    if not path.exists():
        subprocess.run(
            [PYTHON, "manage.py", "seed_demo", "--players", str(players), "--durchgaenge", "3"]
            + ["--seed", "2026", "--slug", f"bench-{players}", "--out", str(path)],
            cwd=ROOT,
            check=True,
            capture_output=True,
        )
    return path


def bench_scale(
    db: str, env: dict[str, str], work: Path, startup: float
) -> tuple[list[Result], dict[int, float]]:
    """The targets, and the standings command's seconds for each number of players."""
    results: list[Result] = []
    imported: dict[int, float] = {}
    command: dict[int, float] = {}
    inner: dict[int, float] = {}
    queries: dict[int, int] = {}
    for players in (SMALL, MEDIUM, LARGE):
        path = document(work, players)
        games = players // 4 * 32 * 3
        slug = f"bench-{players}"
        imported[players] = timed(env, "import_tournament", str(path))
        command[players] = timed(env, "standings", slug, "--format", "json", repeat=3)
        seconds, count = script(env, "bench/standings_inprocess.py", slug).split()
        inner[players], queries[players] = float(seconds), int(count)
        print(f"{players:>6,} players x 3 Durchgänge (~{games:,} games):")
        print(f"      import    {imported[players]:7.3f} s = {imported[players] / startup:6.2f} x")
        print(f"      standings {command[players]:7.3f} s = {command[players] / startup:6.2f} x")
        print(f"      standings in-process {inner[players]:.3f} s, {queries[players]} queries")
    for players, factor in ((MEDIUM, 8), (LARGE, 8 * LARGE / 1000)):
        ratio = imported[players] / startup
        results.append(
            check(
                db,
                f"import {players:,} players <= {factor:g} x start-up",
                f"{imported[players]:.2f} s = {ratio:.2f} x",
                ratio <= factor,
            )
        )
    for players in (MEDIUM, LARGE):
        ratio = command[players] / startup
        results.append(
            check(
                db,
                f"standings {players:,} players <= 2 x start-up",
                f"{command[players]:.2f} s = {ratio:.2f} x",
                ratio <= 2,
            )
        )
    growth = (imported[LARGE] / LARGE) / (imported[MEDIUM] / MEDIUM)
    results.append(
        check(
            db,
            f"import per player {LARGE:,} vs {MEDIUM:,} <= 2 x (linear)",
            f"{growth:.2f} x",
            growth <= 2,
        )
    )
    for small, large in ((SMALL, MEDIUM), (MEDIUM, LARGE)):
        growth = (inner[large] / large) / (inner[small] / small)
        results.append(
            check(
                db,
                f"standings per player {large:,} vs {small:,} <= 2 x (linear)",
                f"{growth:.2f} x",
                growth <= 2,
            )
        )
    counts = sorted(set(queries.values()))
    results.append(
        check(
            db,
            "standings queries constant in the players",
            " / ".join(str(queries[p]) for p in (SMALL, MEDIUM, LARGE)) + " queries",
            len(counts) == 1,
        )
    )
    page = script_time(env, "bench/ranking_page.py", f"bench-{MEDIUM}")
    ratio = page / command[MEDIUM]
    results.append(
        check(
            db,
            f"ranking page process {MEDIUM:,} players <= 3 x standings",
            f"{page:.2f} s = {ratio:.2f} x",
            ratio <= 3,
        )
    )
    missed = [r for r in results if not r.met and f"{LARGE:,}" in r.target]
    if any("standings" in r.target for r in missed):
        profile(env, "standings", f"bench-{LARGE}")
    if any("import" in r.target for r in missed):
        profile(env, "import", str(document(work, LARGE)))
    return results, command


def script_time(env: dict[str, str], path: str, *args: str, repeat: int = 3) -> float:
    """Median wall time of the process `python path args`."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        script(env, path, *args)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def profile(env: dict[str, str], what: str, argument: str) -> None:
    """Print where a command's time goes (cProfile, in-process, after start-up)."""
    print(f"      profile of {what} {argument} (after start-up):")
    out = script(env, "bench/standings_inprocess.py", "--profile", what, argument)
    for line in out.splitlines():
        print(f"        {line}")


def main() -> None:
    """Run the scale benchmark alone on a temporary SQLite database."""
    with tempfile.TemporaryDirectory(prefix="schafkopf-scale-") as tmp:
        work = Path(tmp)
        env = {
            **os.environ,
            "DJANGO_DEBUG": "0",
            "DJANGO_SECRET_KEY": "benchmark-only",
            "DATABASE_URL": f"sqlite:///{work / 'scale.sqlite3'}",
        }
        manage(env, "migrate", "--noinput", "-v0")
        startup = timed(env, "check", repeat=5)
        bench_scale("SQLite", env, work, startup)


if __name__ == "__main__":
    main()
