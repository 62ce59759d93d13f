"""Hand entry under load: clerks posting real games to gunicorn, with and without
readers of the public ranking.

The app is served as in the hall: `gunicorn -c config/gunicorn.conf.py` on 127.0.0.1, DEBUG
off, on the database under test. The tournament has `PLAYERS` players, Durchgang 1 played
(seeded) and Durchgang 2 drawn and empty. Each clerk is a user of its own with a clerk's
membership and, in a thread of its own, does what a browser does: logs in through the login
form, opens its own table's scoresheet, and enters games 1 to `GAMES` with the one-line codes
(`r e 1 3 +`): POST of the entry form with the page's CSRF token, then the redirect back to the
sheet, which gives the next token. An entry's latency is that whole round trip (what the clerk
waits for). All clerks start together once logged in.

Figures for 1, 4 and 16 clerks: throughput (entries acknowledged per second of the phase),
p50/p95/p99 latency, errors (anything but the redirect back to the sheet, target 0) and lost
entries (acknowledged but not in the database afterwards, target 0). Then `READER_CLERKS`
clerks again while `READERS` anonymous readers load the public ranking page, each reloading
1 to 3 s after its last answer: reader p50/p95 and the clerks' p95 against the same number of
clerks without readers (target: at most `READERS_RATIO`, 1.5 x). Throughput at 16 clerks must
be at least that of one clerk (concurrency must not make entry slower overall).

`python bench/load.py` runs it alone on a temporary SQLite database.
"""

from __future__ import annotations

import http.cookiejar
import json
import os
import random
import re
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path

from report import GUNICORN, PYTHON, QUICK, ROOT, Result, check, manage, percentile, script

PLAYERS = 120 if QUICK else 400
GAMES = 8 if QUICK else 32
CLERKS = (1, 4) if QUICK else (1, 4, 16)
READER_CLERKS = 4
READERS = 10 if QUICK else 50
#: The clerks' p95 with the readers at most this many times the p95 without.
READERS_RATIO = 1.5
#: What was measured before the save was made lean (`make bench`, SQLite, with the target of
#: 2 x then).
READERS_BEFORE = "2.19 x on SQLite"
WORKERS = 4
SLUG = "bench-load"
PASSWORD = "bench-load-password-1"
TOKEN = re.compile(rb'name="csrfmiddlewaretoken" value="([^"]+)"')
# The codes of bench/sheet_entry.py: valid for every game at a table of four.
CODES = ["r e 1 3 +", "r g 2 4 -", "s h 3 + sn", "r s 4 1 +", "w 1 -", "r e 2 3 + sn", "r g 3 1 -"]
CODES += ["s e 4 +"]


@dataclass
class Phase:
    clerks: int
    readers: int
    games: int = GAMES
    latencies: list[float] = field(default_factory=list)
    reads: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    reader_errors: list[str] = field(default_factory=list)
    acknowledged: dict[int, set[int]] = field(default_factory=dict)
    seconds: float = 0.0
    lost: int = 0

    @property
    def throughput(self) -> float:
        return sum(map(len, self.acknowledged.values())) / self.seconds

    def percentile(self, p: int, values: list[float] | None = None) -> float:
        return percentile(self.latencies if values is None else values, p)


def prepare(env: dict[str, str], work: Path) -> list[int]:
    """The tournament, one clerk user per clerk, and the numbers of Durchgang 2's tables."""
    seed(env, work, slug=SLUG, players=PLAYERS)
    users = WORKERS + sum(CLERKS) + READER_CLERKS
    return json.loads(script(env, "bench/load.py", "--setup", str(users)))


def seed(env: dict[str, str], work: Path, *, slug: str, players: int) -> None:
    """A tournament of `players` with Durchgang 1 played and Durchgang 2 drawn and empty."""
    path = work / f"{slug}.json"
    seed_args = ["--players", str(players), "--durchgaenge", "1", "--slug", slug]
    manage(env, "seed_demo", *seed_args, "--out", str(path))
    document = json.loads(path.read_text())
    document["tournament"]["number_of_durchgaenge"] = 2
    path.write_text(json.dumps(document))
    manage(env, "import_tournament", str(path))
    manage(env, "draw", slug, "--durchgang", "2", "--seed", "load")


def setup(users: int) -> None:
    """In a Django process: the clerks (load-clerk-1..N), publication, the tables of four."""
    # Imports here: this runs in the child process that measures, which sets Django up first.
    import django

    django.setup()
    from django.contrib.auth import get_user_model
    from django.contrib.auth.hashers import make_password

    from tournament.models import Membership, Table, Tournament

    tournament = Tournament.objects.get(slug=SLUG)
    Tournament.objects.filter(pk=tournament.pk).update(ranking_publication="live")
    hashed = make_password(PASSWORD)
    for n in range(1, users + 1):
        user, _ = get_user_model().objects.update_or_create(
            username=f"load-clerk-{n}", defaults={"password": hashed}
        )
        Membership.objects.get_or_create(tournament=tournament, user=user, role="clerk")
    tables = Table.objects.filter(durchgang__tournament=tournament, durchgang__number=2)
    print(json.dumps(list(tables.filter(seat_count=4).values_list("number", flat=True))))


def stored(tables: list[int]) -> None:
    """In a Django process: the game numbers stored at each of Durchgang 2's `tables`."""
    # Imports here: this runs in the child process that measures, which sets Django up first.
    import django

    django.setup()
    from tournament.models import Hand

    games: dict[int, list[int]] = {t: [] for t in tables}
    hands = Hand.objects.filter(
        table__durchgang__tournament__slug=SLUG,
        table__durchgang__number=2,
        table__number__in=tables,
    )
    for table, number in hands.values_list("table__number", "number"):
        games[table].append(number)
    print(json.dumps(games))


class Browser:
    """A cookie jar and the last page: what a clerk's browser keeps between requests."""

    def __init__(self, base: str) -> None:
        self.base = base
        self.opener = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar())
        )
        self.page = b""

    def get(self, path: str) -> str:
        with self.opener.open(self.base + path, timeout=120) as response:
            self.page = response.read()
            return response.geturl()

    def post(self, path: str, fields: dict[str, str | int]) -> str:
        token = TOKEN.search(self.page)
        data = {"csrfmiddlewaretoken": token.group(1).decode() if token else "", **fields}
        body = urllib.parse.urlencode(data).encode()
        with self.opener.open(self.base + path, body, timeout=120) as response:
            self.page = response.read()
            return response.geturl()


def clerk(base: str, n: int, table: int, phase: Phase, start: threading.Barrier) -> None:
    sheet = f"/turnier/{SLUG}/leitung/durchgang/2/tisch/{table}/"
    browser = Browser(base)
    try:
        browser.get("/accounts/login/")
        landed = browser.post(
            "/accounts/login/", {"username": f"load-clerk-{n}", "password": PASSWORD, "next": sheet}
        )
        if not landed.endswith(sheet):
            raise RuntimeError(f"clerk {n} is not logged in: {landed}")
    except Exception as error:
        phase.errors.append(f"login of clerk {n}: {error}")
        start.abort()
        return
    phase.acknowledged[table] = set()
    start.wait()
    for number in range(1, phase.games + 1):
        began = time.perf_counter()
        try:
            landed = browser.post(
                sheet + "spiel/",
                {"number": number, "code": CODES[number % len(CODES)], "version": 0},
            )
        except (urllib.error.URLError, OSError) as error:
            phase.errors.append(f"table {table} game {number}: {error}")
            browser.get(sheet)
            continue
        phase.latencies.append(time.perf_counter() - began)
        if landed.endswith(sheet):
            phase.acknowledged[table].add(number)
        else:
            phase.errors.append(f"table {table} game {number}: landed on {landed}")


def reader(base: str, phase: Phase, stop: threading.Event, seed: int) -> None:
    rng = random.Random(seed)
    browser = Browser(base)
    while not stop.wait(rng.uniform(1, 3)):
        began = time.perf_counter()
        try:
            browser.get(f"/turnier/{SLUG}/")
        except (urllib.error.URLError, OSError) as error:
            phase.reader_errors.append(str(error))
            continue
        phase.reads.append(time.perf_counter() - began)


def run_phase(base: str, phase: Phase, tables: list[int], first_user: int) -> None:
    start = threading.Barrier(phase.clerks + 1)
    clerks = [
        threading.Thread(target=clerk, args=(base, first_user + i, table, phase, start))
        for i, table in enumerate(tables)
    ]
    for thread in clerks:
        thread.start()
    try:
        start.wait()  # every clerk is logged in and on its sheet
    except threading.BrokenBarrierError:
        raise RuntimeError(f"a clerk could not start: {phase.errors}") from None
    stop = threading.Event()
    readers = [
        threading.Thread(target=reader, args=(base, phase, stop, n)) for n in range(phase.readers)
    ]
    for thread in readers:
        thread.start()
    began = time.perf_counter()
    for thread in clerks:
        thread.join()
    phase.seconds = time.perf_counter() - began
    stop.set()
    for thread in readers:
        thread.join()


def serve(
    env: dict[str, str], log: Path, options: list[str] | None = None
) -> tuple[subprocess.Popen, str]:
    """gunicorn on a free port: `-w WORKERS`, or `options` (the hall's config file, say)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    server = subprocess.Popen(
        [str(Path(PYTHON).parent / "gunicorn"), "config.wsgi"]
        + (options if options is not None else ["-w", str(WORKERS)])
        + ["-b", f"127.0.0.1:{port}"],
        cwd=ROOT,
        env={
            **env,
            "DJANGO_DEBUG": "0",
            "DJANGO_ALLOWED_HOSTS": "127.0.0.1",
            "DJANGO_STATIC_MANIFEST": "0",
        },
        stdout=log.open("w"),
        stderr=subprocess.STDOUT,
    )
    base = f"http://127.0.0.1:{port}"
    for _ in range(300):
        try:
            urllib.request.urlopen(base + "/accounts/login/", timeout=5).close()
            return server, base
        except (urllib.error.URLError, OSError):
            time.sleep(0.1)
    server.terminate()
    raise RuntimeError(f"gunicorn did not answer; see {log}:\n{log.read_text()[-2000:]}")


def bench_load(db: str, env: dict[str, str], work: Path) -> list[Result]:
    tables = prepare(env, work)
    # First every worker loads its code and templates (a phase of its own, not reported).
    plan = [Phase(WORKERS, 0, games=2)]
    plan += [Phase(c, 0) for c in CLERKS] + [Phase(READER_CLERKS, READERS)]
    if len(tables) < sum(p.clerks for p in plan):
        raise RuntimeError(f"{len(tables)} tables of four are too few for {plan}")
    # The hall's configuration (config/gunicorn.conf.py), as bench/phones.py serves it, with
    # caches of the run's own.
    env = {**env, "DJANGO_CACHE_DIR": str(work / f"cache-{db}")}
    server, base = serve(env, work / f"gunicorn-{db}.log", ["-c", "config/gunicorn.conf.py"])
    used = 0
    try:
        for phase in plan:
            run_phase(base, phase, tables[used : used + phase.clerks], first_user=used + 1)
            used += phase.clerks
    finally:
        server.terminate()
        server.wait(timeout=30)
    games = json.loads(script(env, "bench/load.py", "--stored", *map(str, tables[:used])))
    for phase in plan:
        phase.lost = sum(
            len(numbers - set(games[str(table)])) for table, numbers in phase.acknowledged.items()
        )
    return report(db, plan[1:])


def report(db: str, plan: list[Phase]) -> list[Result]:
    print(
        f"hand entry over HTTP (gunicorn as in the hall: {GUNICORN}, {PLAYERS} players,"
        f" {GAMES} games per clerk;"
        " latency = POST of the entry + the redirect back to the sheet):"
    )
    for phase in plan:
        readers = f" + {phase.readers} readers" if phase.readers else ""
        print(
            f"      {phase.clerks:>2} clerks{readers}: {phase.throughput:6.1f} entries/s,"
            f" p50 {phase.percentile(50) * 1000:6.0f} ms, p95 {phase.percentile(95) * 1000:6.0f}"
            f" ms, p99 {phase.percentile(99) * 1000:6.0f} ms, {len(phase.errors)} errors,"
            f" {phase.lost} lost"
        )
        for error in phase.errors[:3]:
            print(f"        {error}")
        if phase.readers:
            print(
                f"      {phase.readers} readers of the ranking: {len(phase.reads)} pages,"
                f" p50 {phase.percentile(50, phase.reads) * 1000:6.0f} ms,"
                f" p95 {phase.percentile(95, phase.reads) * 1000:6.0f} ms,"
                f" {len(phase.reader_errors)} errors"
            )
    results = [
        check(
            db,
            "entries under load: errors and lost entries = 0",
            ", ".join(
                f"{p.clerks}{'+R' if p.readers else ''}: {len(p.errors)}/{p.lost}" for p in plan
            ),
            all(not p.errors and not p.lost for p in plan),
        )
    ]
    single, most = plan[0], plan[len(CLERKS) - 1]
    ratio = most.throughput / single.throughput
    results.append(
        check(
            db,
            f"entries/s at {most.clerks} clerks >= 1 x at 1 clerk",
            f"{most.throughput:.1f} vs {single.throughput:.1f} = {ratio:.2f} x",
            ratio >= 1,
        )
    )
    alone = next(p for p in plan if p.clerks == READER_CLERKS and not p.readers)
    busy = plan[-1]
    ratio = busy.percentile(95) / alone.percentile(95)
    results.append(
        check(
            db,
            f"clerk p95 with {busy.readers} readers <= {READERS_RATIO} x without",
            f"{busy.percentile(95) * 1000:.0f} vs {alone.percentile(95) * 1000:.0f} ms"
            f" = {ratio:.2f} x (before: {READERS_BEFORE})",
            ratio <= READERS_RATIO,
        )
    )
    results.append(
        check(
            db, "ranking readers: errors = 0", f"{len(busy.reader_errors)}", not busy.reader_errors
        )
    )
    return results


def main() -> None:
    with tempfile.TemporaryDirectory(prefix="schafkopf-load-") as tmp:
        work = Path(tmp)
        env = {
            **os.environ,
            "DJANGO_DEBUG": "0",
            "DJANGO_SECRET_KEY": "benchmark-only",
            "DATABASE_URL": f"sqlite:///{work / 'load.sqlite3'}",
        }
        manage(env, "migrate", "--noinput", "-v0")
        bench_load("SQLite", env, work)


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    if sys.argv[1:2] == ["--setup"]:
        setup(int(sys.argv[2]))
    elif sys.argv[1:2] == ["--stored"]:
        stored([int(t) for t in sys.argv[2:]])
    else:
        main()
