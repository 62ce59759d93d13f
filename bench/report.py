"""What every benchmark module shares: running the project's commands as processes, measuring
their time and peak memory, and the report's lines (each target next to its figure).

`BENCH_QUICK=1` shrinks every size for a smoke run of a few minutes; its figures prove that the
benchmark runs, not that a target is met.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PYTHON = sys.executable
QUICK = os.environ.get("BENCH_QUICK", "") not in ("", "0")
PAGE_SIZE = os.sysconf("SC_PAGE_SIZE")
CLOCK_TICKS = os.sysconf("SC_CLK_TCK")
POSTGRES = os.environ.get("BENCH_POSTGRES_URL", "postgresql://postgres@127.0.0.1:5432/postgres")


@dataclass(frozen=True)
class Result:
    """One target of the report: what is promised, what was measured, and whether it holds."""

    database: str
    target: str
    figure: str
    met: bool


def check(database: str, target: str, figure: str, ok: bool) -> Result:
    """Print one target with its figure and verdict; the result goes to the summary."""
    print(f"      target {target}: {figure}: {verdict(ok)}")
    return Result(database, target, figure, ok)


def verdict(ok: bool) -> str:
    return "met" if ok else "NOT MET"


def summary(results: list[Result]) -> None:
    """The final table: target | figure | met."""
    rows = [("database", "target", "figure", "met")]
    rows += [(r.database, r.target, r.figure, "yes" if r.met else "NO") for r in results]
    widths = [max(len(row[i]) for row in rows) for i in range(4)]
    print("\n== summary ==")
    for n, row in enumerate(rows):
        print(" | ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=True)))
        if n == 0:
            print("-+-".join("-" * width for width in widths))
    print(f"\n{sum(r.met for r in results)} of {len(results)} targets met")


def percentile(values: list[float], p: int) -> float:
    """The `p`th percentile of `values` (nan when there are none)."""
    if len(values) < 2:
        return values[0] if values else float("nan")
    return statistics.quantiles(values, n=100, method="inclusive")[p - 1]


@contextmanager
def postgres_database(name: str) -> Iterator[str | None]:
    """A new database `name` on the PostgreSQL server of `BENCH_POSTGRES_URL` (default the
    local one), dropped afterwards (and before: one a stopped run left): its URL, or None when
    no server answers."""
    _postgres_admin(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
    if not _postgres_admin(f"CREATE DATABASE {name}"):
        yield None
        return
    try:
        yield POSTGRES.rsplit("/", 1)[0] + "/" + name
    finally:
        _postgres_admin(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")


def each_database(name: str, work: Path, base: dict[str, str]) -> Iterator[tuple[str, dict]]:
    """SQLite in `work`, then PostgreSQL in a database of its own when one answers: each
    migrated and announced by a heading, as (its name, the environment that points at it)."""
    databases = [("SQLite", f"sqlite:///{work / 'bench.sqlite3'}")]
    with postgres_database(f"bench_{name}_{os.getpid()}") as url:
        if url:
            databases.append(("PostgreSQL", url))
        for db, address in databases:
            env = {**base, "DATABASE_URL": address}
            manage(env, "migrate", "--noinput", "-v0")
            print(f"\n== {db} ==")
            yield db, env


def _postgres_admin(statement: str) -> bool:
    """Run `statement` on the PostgreSQL server; False when no server answers."""
    try:
        # Imported only when a PostgreSQL server is asked for.
        import psycopg

        with psycopg.connect(POSTGRES, connect_timeout=2, autocommit=True) as connection:
            connection.execute(statement)
        return True
    except Exception:
        return False


def manage(env: dict[str, str], *args: str) -> subprocess.CompletedProcess:
    """`manage.py args` as a user runs it; fails loudly."""
    return subprocess.run(
        [PYTHON, "manage.py", *args], cwd=ROOT, env=env, check=True, capture_output=True, text=True
    )


def timed(env: dict[str, str], *args: str, repeat: int = 1) -> float:
    """Median wall time of `manage.py args` in seconds."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        manage(env, *args)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def script(env: dict[str, str], path: str, *args: str) -> str:
    """Run `python bench/<path> args` (a Django process of its own) and return its stdout."""
    done = subprocess.run([PYTHON, path, *args], cwd=ROOT, env=env, capture_output=True, text=True)
    if done.returncode:
        print(done.stderr[-3000:], file=sys.stderr)
        done.check_returncode()
    return done.stdout


@dataclass(frozen=True)
class Footprint:
    seconds: float
    peak_process: int  # bytes: the largest single process (the command or one of its workers)
    peak_tree: int  # bytes: the largest sum over the process and its workers, sampled
    cpu: float = 0.0  # seconds, user and system, of the command and every process it waited for


def measured(env: dict[str, str], *args: str) -> Footprint:
    """Wall time, CPU time and peak memory of `manage.py args`.

    The peak of the largest process comes from the kernel (`wait4`'s ru_maxrss, which covers the
    command and the workers it waited for); the peak of the whole tree (a worker pool adds up) is
    sampled from /proc every 20 ms, so it can only under-estimate a short spike.
    """
    start = time.perf_counter()
    process = subprocess.Popen(
        [PYTHON, "manage.py", *args],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    peak = [0]
    done = threading.Event()

    def sample() -> None:
        while not done.wait(0.02):
            peak[0] = max(peak[0], _tree_rss(process.pid))

    sampler = threading.Thread(target=sample, daemon=True)
    sampler.start()
    stderr = process.stderr.read() if process.stderr else b""
    _, status, usage = os.wait4(process.pid, 0)
    process.returncode = os.waitstatus_to_exitcode(status)
    seconds = time.perf_counter() - start
    done.set()
    sampler.join()
    if process.returncode:
        raise subprocess.CalledProcessError(process.returncode, args, stderr=stderr)
    return Footprint(
        seconds,
        usage.ru_maxrss * 1024,
        max(peak[0], usage.ru_maxrss * 1024),
        usage.ru_utime + usage.ru_stime,
    )


def _tree_rss(pid: int) -> int:
    """Resident bytes of a process and all its descendants (0 once it is gone)."""
    return sum(int(statm.split()[1]) * PAGE_SIZE for statm in _tree_read(pid, "statm"))


def tree_cpu(pid: int) -> float:
    """CPU seconds (user and system) used so far by a process and its living descendants."""
    ticks = 0
    for stat in _tree_read(pid, "stat"):
        fields = stat.rsplit(")", 1)[1].split()
        ticks += int(fields[11]) + int(fields[12])  # utime and stime
    return ticks / CLOCK_TICKS


def _tree_read(pid: int, name: str) -> list[str]:
    """/proc/<pid>/<name> of a process and of all its descendants (those still there)."""
    texts = []
    pending = [pid]
    while pending:
        current = pending.pop()
        try:
            with open(f"/proc/{current}/{name}") as file:
                texts.append(file.read())
            for task in os.listdir(f"/proc/{current}/task"):
                with open(f"/proc/{current}/task/{task}/children") as children:
                    pending += [int(child) for child in children.read().split()]
        except (OSError, ValueError):
            continue
    return texts


def megabytes(size: int) -> str:
    return f"{size / 2**20:,.0f} MB"


#: The hall's gunicorn as config/gunicorn.conf.py makes it of the environment (bench/load.py
#: and bench/phones.py serve the app so).
GUNICORN = "-w {} --threads {} + {} for reads".format(
    os.environ.get("WEB_CONCURRENCY") or (os.cpu_count() or 1) + 1,
    os.environ.get("GUNICORN_THREADS") or 4,
    os.environ.get("GUNICORN_READ_THREADS") or 2,
)
