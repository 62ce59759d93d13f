"""Two app servers, one database: what a federation's set-up (docs/deployment.md) relies on.

On a fresh PostgreSQL database (`schafkopf_bench_servers` on `BENCH_POSTGRES_URL`'s server,
dropped afterwards) the benchmark seeds a tournament of `PLAYERS` players (Durchgang 1 played,
Durchgang 2 drawn and empty, the ranking published live) and a supervisor, then starts two
gunicorn instances on two ports (A and B: DEBUG off, one secret key, the same `DATABASE_URL`,
the same `DJANGO_MEDIA_ROOT`, `CACHE_URL=redis://127.0.0.1:6379/<REDIS_DB>` when Redis answers)
and two task workers (`manage.py job_worker`, when the branch has the command). The supervisor
logs in once, on A; the session (in the database) serves him on B too. Then:

- **print job across servers**: the signed sheets of Durchgang 1 are started through A (POST to
  the print URL, which redirects to the job's progress page); the job's status JSON is followed
  through B until it is ready, and its PDF is downloaded through B: one page per table, page n
  naming the Durchgang's n-th table (read with pypdf);
- **ranking lag**: `ROUNDS` times, an anonymous visitor loads B's public ranking, the supervisor
  saves a game on A, and the visitor reloads B's ranking every 0.1 s until it changes: the lag
  from the save's answer to the first changed page, under the `PUBLIC_PAGE_GRACE` of the
  environment (default 5 s), which bounds it (target: at most the grace + 1 s);
- **a worker killed mid-job**: a print job of Durchgang 2 is started through A; once it runs,
  the worker busy with it (the one using CPU) is killed with SIGKILL, its whole process group;
  within `KILL_BOUND` seconds the job's status through B must say "ready" (the other worker
  took it over: its PDF is checked) or "failed" with a message, never still "running". Without
  `manage.py job_worker` this check is reported as skipped.

`python bench/servers.py` runs it alone and exits 1 when a target is not met; without a
PostgreSQL server it says so and exits 0. `bench/run.py` calls `bench_servers()`.
"""

from __future__ import annotations

import io
import json
import os
import re
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

from load import CODES, seed
from report import PYTHON, QUICK, ROOT, Result, check, manage, postgres_database, script, tree_cpu
from servers_client import Client, redis_answers

PLAYERS = 200 if QUICK else 400
SLUG = "bench-servers"
DATABASE = "schafkopf_bench_servers"
REDIS_DB = 9
ROUNDS = 3 if QUICK else 6
WORKERS = 2  # gunicorn workers per app server: two servers share the machine's cores
KILL_BOUND = float(os.environ.get("BENCH_KILL_BOUND", "180"))
PASSWORD = "bench-servers-password-1"
DB = "PostgreSQL, 2 servers"


@dataclass
class Stack:
    a: str
    b: str
    servers: list[subprocess.Popen]
    workers: list[subprocess.Popen]
    logs: list[Path]


def setup() -> None:
    """In a Django process: the supervisor, the ranking published live, the table numbers."""
    # Imports here: this runs in the child process that measures, which sets Django up first.
    import django

    django.setup()
    from django.contrib.auth import get_user_model

    from tournament.models import Membership, Table, Tournament

    tournament = Tournament.objects.get(slug=SLUG)
    Tournament.objects.filter(pk=tournament.pk).update(ranking_publication="live")
    user = get_user_model().objects.create_user("bench-supervisor", password=PASSWORD)
    Membership.objects.create(tournament=tournament, user=user, role="supervisor")
    tables = Table.objects.filter(durchgang__tournament=tournament).order_by("number")
    first = list(tables.filter(durchgang__number=1).values_list("number", flat=True))
    second = tables.filter(durchgang__number=2)
    print(json.dumps({"first": first, "second": list(second.values_list("number", flat=True))}))


def has_job_worker(env: dict[str, str]) -> bool:
    done = subprocess.run(
        [PYTHON, "manage.py", "help", "job_worker"], cwd=ROOT, env=env, capture_output=True
    )
    return done.returncode == 0


def cache_backend(env: dict[str, str]) -> str:
    shell = "from django.conf import settings; print(settings.CACHES['default']['BACKEND'])"
    return manage(env, "shell", "-v", "0", "-c", shell).stdout.strip()


def gunicorn(env: dict[str, str], log: Path) -> tuple[subprocess.Popen, str]:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    server = subprocess.Popen(
        [str(Path(PYTHON).parent / "gunicorn"), "config.wsgi", "-w", str(WORKERS)]
        + ["-b", f"127.0.0.1:{port}", "--timeout", "120"],
        cwd=ROOT,
        env=env,
        stdout=log.open("w"),
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    return server, f"http://127.0.0.1:{port}"


@contextmanager
def stack(env: dict[str, str], work: Path, workers: bool) -> Iterator[Stack]:
    """Two app servers and (with `workers`) two task workers, stopped afterwards."""
    logs = [work / f"servers-{name}.log" for name in ("a", "b", "worker-1", "worker-2")]
    started = [gunicorn(env, logs[0]), gunicorn(env, logs[1])]
    servers = [process for process, _ in started]
    tasks = []
    if workers:
        for log in logs[2:]:
            tasks.append(
                subprocess.Popen(
                    [PYTHON, "manage.py", "job_worker"],
                    cwd=ROOT,
                    env=env,
                    stdout=log.open("w"),
                    stderr=subprocess.STDOUT,
                    start_new_session=True,
                )
            )
    try:
        for (_, base), log in zip(started, logs, strict=False):
            Client(base).wait_up(log)
        yield Stack(started[0][1], started[1][1], servers, tasks, logs)
    finally:
        for process in servers + tasks:
            if process.poll() is None:
                os.killpg(process.pid, signal.SIGTERM)
        for process in servers + tasks:
            try:
                process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)


def pdf_tables(pdf: bytes) -> list[int]:
    """The table each page of the sheets' PDF names (0 where none), page by page."""
    # Imported here, like the benchmark's other imports of the app's dependencies.
    from pypdf import PdfReader

    numbers = []
    for page in PdfReader(io.BytesIO(pdf)).pages:
        found = re.search(r"(?:Tisch|Table)\s+(\d+)", page.extract_text() or "")
        numbers.append(int(found.group(1)) if found else 0)
    return numbers


def print_job(staff: Client, s: Stack, number: int) -> str:
    """Start Durchgang `number`'s print job through A: the job's path (progress page)."""
    lead = f"/turnier/{SLUG}/leitung/durchgang/{number}/"
    staff.get(s.a + lead + "spiellisten/")  # the page with the print button, as a user
    landed = staff.post(s.a + lead + "spiellisten-druck/", {})
    if "/spiellisten-druck/" not in landed:
        raise RuntimeError(f"the print job did not start: landed on {landed}")
    return urlsplit(landed).path


def follow(staff: Client, base: str, job: str, bound: float, seen: list[str]) -> dict:
    """Poll the job's status JSON on `base` until it is ready or failed, at most `bound` s."""
    deadline = time.perf_counter() + bound
    status: dict = {}
    while time.perf_counter() < deadline:
        status = json.loads(staff.get(f"{base}{job}stand/")[1])
        if not seen or seen[-1] != status["state"]:
            seen.append(status["state"])
        if status["state"] in ("ready", "failed"):
            return status
        time.sleep(0.2)
    return status


def check_print(staff: Client, s: Stack, tables: list[int]) -> list[Result]:
    began = time.perf_counter()
    job = print_job(staff, s, 1)
    seen: list[str] = []
    status = follow(staff, s.b, job, 600, seen)
    seconds = time.perf_counter() - began
    progress_page = staff.get(s.b + job)[0]
    pages: list[int] = []
    size = 0
    if status.get("state") == "ready":
        kind, pdf = staff.download(s.b + status["url"])
        size = len(pdf)
        pages = pdf_tables(pdf) if kind == "application/pdf" else []
    print(
        f"print job of Durchgang 1 ({len(tables)} tables) started through A, followed through B"
        f" ({' -> '.join(seen)}): {status.get('state')} after {seconds:.1f} s;"
        f" progress page on B: {progress_page}; PDF through B: {size / 1024:,.0f} kB,"
        f" {len(pages)} pages"
    )
    return [
        check(
            DB,
            "print job started on A is followed and downloaded on B, one page per table",
            f"{status.get('state')}, {len(pages)} pages of {len(tables)} tables,"
            f" {sum(p == t for p, t in zip(pages, tables, strict=False))} naming their table",
            status.get("state") == "ready" and progress_page == 200 and pages == tables,
        )
    ]


def check_ranking(staff: Client, s: Stack, tables: list[int], grace: int) -> list[Result]:
    visitor = Client(s.b)
    ranking = f"{s.b}/turnier/{SLUG}/"
    # every page of the ranking (RANKING_ROWS = 100 players a page): a game among the last
    # players need not change the first page
    pages = [f"{ranking}?page={n}" for n in range(1, -(-PLAYERS // 100) + 1)]

    def whole() -> list[bytes]:
        return [visitor.page(url) for url in pages]

    lags = []
    unstable = 0
    for game in range(1, ROUNDS + 1):
        table = tables[game % len(tables)]
        # each server process may serve its copy of the page for up to the grace after a
        # change: only then does the page hold still everywhere
        time.sleep(grace + 0.5)
        before = whole()
        if whole() != before:  # the page must hold still while nothing changes
            unstable += 1
        sheet = f"/turnier/{SLUG}/leitung/durchgang/2/tisch/{table}/"
        staff.get(s.a + sheet)
        fields: dict[str, str | int] = {"number": 1, "code": CODES[game % len(CODES)]}
        fields["version"] = 0
        landed = staff.post(s.a + sheet + "spiel/", fields)
        if not landed.endswith(sheet):
            raise RuntimeError(f"the game was not saved on A: landed on {landed}")
        saved = time.perf_counter()
        while whole() == before and time.perf_counter() - saved < grace + 30:
            time.sleep(0.1)
        lags.append(time.perf_counter() - saved)
    print(
        f"ranking on B after a game saved on A ({ROUNDS} games, PUBLIC_PAGE_GRACE={grace} s):"
        f" lag {' / '.join(f'{lag:.1f}' for lag in lags)} s; pages that changed without a"
        f" save: {unstable}"
    )
    return [
        check(
            DB,
            f"ranking on B shows a game saved on A within the grace ({grace} s) + 1 s",
            f"max {max(lags):.1f} s, median {sorted(lags)[len(lags) // 2]:.1f} s",
            max(lags) <= grace + 1 and not unstable,
        )
    ]


def check_kill(staff: Client, s: Stack, tables: list[int]) -> list[Result]:
    job = print_job(staff, s, 2)
    seen: list[str] = []
    deadline = time.perf_counter() + 300
    status: dict = {}
    while time.perf_counter() < deadline:  # until the job runs and has made some progress
        status = json.loads(staff.get(f"{s.b}{job}stand/")[1])
        seen.append(status["state"])
        if status["state"] != "queued" and (status["done"] or status["state"] != "running"):
            break
        time.sleep(0.1)
    if status.get("state") != "running":
        print(f"worker kill: the job was {status.get('state')} before it could be killed")
        return [check(DB, "a worker killed mid-job", "not running when killed", False)]
    before = [tree_cpu(w.pid) for w in s.workers]
    time.sleep(0.5)
    busy = max(range(len(s.workers)), key=lambda i: tree_cpu(s.workers[i].pid) - before[i])
    os.killpg(s.workers[busy].pid, signal.SIGKILL)
    killed = time.perf_counter()
    print(f"      worker {busy + 1} killed (SIGKILL) at {status['done']} of {status['total']}")
    seen = [status["state"]]
    status = follow(staff, s.b, job, KILL_BOUND, seen)
    seconds = time.perf_counter() - killed
    pages: list[int] = []
    if status.get("state") == "ready":
        kind, pdf = staff.download(s.b + status["url"])
        pages = pdf_tables(pdf) if kind == "application/pdf" else []
    print(
        f"print job of Durchgang 2 ({len(tables)} tables) after its worker was killed"
        f" ({' -> '.join(seen)}): {status.get('state')} {seconds:.1f} s after the kill,"
        f" message: {status.get('message', '')!r}"
    )
    ended = (status.get("state") == "ready" and pages == tables) or (
        status.get("state") == "failed" and bool(status.get("message"))
    )
    return [
        check(
            DB,
            f"a worker killed mid-job: job ready or failed with a message <= {KILL_BOUND:.0f} s",
            f"{status.get('state')} after {seconds:.1f} s",
            ended,
        )
    ]


def bench_servers() -> list[Result]:
    print("\n== two app servers, one database ==")
    with postgres_database(DATABASE) as url:
        if not url:
            print("PostgreSQL: no server answers (BENCH_POSTGRES_URL), two servers skipped")
            return []
        with tempfile.TemporaryDirectory(prefix="schafkopf-servers-") as tmp:
            return _bench(url, Path(tmp))


def _bench(url: str, work: Path) -> list[Result]:
    media = work / "media"
    media.mkdir()
    env = {
        **os.environ,
        "DJANGO_DEBUG": "0",
        "DJANGO_SECRET_KEY": "benchmark-only-two-servers",
        "DJANGO_ALLOWED_HOSTS": "127.0.0.1",
        "DJANGO_STATIC_MANIFEST": "0",
        "DATABASE_URL": url,
        "DJANGO_MEDIA_ROOT": str(media),
    }
    env.pop("CACHE_URL", None)
    env.pop("REDIS_URL", None)
    redis = redis_answers()
    if redis:
        env["CACHE_URL"] = f"redis://127.0.0.1:6379/{REDIS_DB}"
    grace = int(env.get("PUBLIC_PAGE_GRACE", "5"))
    manage(env, "migrate", "--noinput", "-v0")
    seed(env, work, slug=SLUG, players=PLAYERS)
    tables = json.loads(script(env, "bench/servers.py", "--setup"))
    workers = has_job_worker(env)
    backend = cache_backend(env)
    print(
        f"{PLAYERS} players; servers A and B: gunicorn -w {WORKERS} each, one PostgreSQL;"
        f" CACHE_URL={env.get('CACHE_URL', 'none (no Redis answers on 127.0.0.1:6379)')}"
        f" -> cache {backend}; task workers: {'2 x manage.py job_worker' if workers else 'none'};"
        f" load average {os.getloadavg()[0]:.1f}"
    )
    with stack(env, work, workers) as s:
        staff = Client(s.a)
        staff.login("bench-supervisor", PASSWORD, f"/turnier/{SLUG}/leitung/")
        results = check_print(staff, s, tables["first"])
        results += check_ranking(staff, s, tables["second"], grace)
        if workers:
            results += check_kill(staff, s, tables["second"])
        else:
            print("worker kill: skipped: manage.py job_worker is not on this branch")
    crashes = sum(log.read_text().count("Traceback") for log in s.logs[:2] if log.exists())
    print(f"      tracebacks in the app servers' logs: {crashes}")
    return results


def main() -> int:
    results = bench_servers()
    return 0 if all(r.met for r in results) else 1


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    if sys.argv[1:2] == ["--setup"]:
        setup()
    else:
        sys.exit(main())
