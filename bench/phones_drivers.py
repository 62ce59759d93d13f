"""The phones of `bench/phones.py`: a keeper and a viewer per table, each a thread with its own
cookie jar, and what they record (latencies, answers, errors) for the report.

`phase` starts them all, lets every phone type its PIN, then sends game 1 of every table at the
same moment and the later games `THINK` seconds apart; bench/phones.py describes the scenario.
"""

from __future__ import annotations

import json
import os
import random
import secrets
import threading
import time
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from typing import Any

from load import CODES, TOKEN, Browser
from report import QUICK, tree_cpu

TABLES = 50 if QUICK else 250
GAMES = 3
#: Seconds a keeper takes for the next game: 20 on average, ten times a real hall's pace.
THINK = (10.0, 30.0)
RESEND = 20  # every RESEND-th entry loses its answer and is sent again under its key
POLL = 12.0  # seconds between two polls of a viewer (settings.PHONE_VIEWER_POLL_MS)


@dataclass
class Run:
    first: list[float] = field(default_factory=list)  # game 1 of every table, sent at once
    latencies: list[float] = field(default_factory=list)  # the later games
    polls: list[tuple[float, int]] = field(default_factory=list)  # latency and status
    errors: list[str] = field(default_factory=list)
    acknowledged: dict[int, set[int]] = field(default_factory=dict)
    keys: dict[int, set[str]] = field(default_factory=dict)
    resent: list[int] = field(default_factory=list)  # per entry sent again: answers replayed
    opening: float = 0.0  # seconds until every phone had typed its PIN (all at once)
    seconds: float = 0.0
    load: tuple[float, float] = (0.0, 0.0)  # the machine's 1-minute load before and after
    cpu: tuple[float, float] = (0.0, 0.0)  # CPU seconds of gunicorn's workers, of the phones
    burst_cpu: float = 0.0  # CPU seconds of gunicorn until every table's game 1 was answered
    lost: int = 0
    doubled: int = 0

    @property
    def entries(self) -> int:
        return sum(map(len, self.acknowledged.values()))


class Phone(Browser):
    """A phone at a table: its session knows the PIN; the JSON requests of the phone's script."""

    def __init__(self, base: str, token: str) -> None:
        super().__init__(base)
        self.path = f"/tisch/{token}/"
        self.csrf = ""

    def unlock(self, pin: str) -> None:
        self.get(self.path)
        self.post(self.path, {"pin": pin})
        token = TOKEN.search(self.page)
        if b'name="code"' not in self.page or not token:
            raise RuntimeError("the PIN did not open the sheet")
        self.csrf = token.group(1).decode()

    def send(self, path: str, payload: dict | None = None) -> tuple[int, dict | None]:
        """GET (no payload) or POST JSON to the link's `path`: the status and the JSON answer."""
        data = None if payload is None else json.dumps(payload).encode()
        headers = {"Content-Type": "application/json", "X-CSRFToken": self.csrf}
        request = urllib.request.Request(self.base + self.path + path, data, headers)
        try:
            with self.opener.open(request, timeout=120) as response:
                status, body = response.status, response.read()
        except urllib.error.HTTPError as error:
            status, body = error.code, error.read()
        try:
            return status, json.loads(body) if body else None
        except ValueError:
            return status, None


def keeper(base: str, link: dict, run: Run, start: threading.Barrier) -> None:
    table = link["table"]
    phone = Phone(base, link["token"])
    try:
        phone.unlock(link["pin"])
        status, answer = phone.send("schreiber/", {"take": False})
        if status != 200 or answer is None or answer["state"]["keeper"] != "me":
            raise RuntimeError(f"{status} {answer}")
    except Exception as error:
        run.errors.append(f"keeper of table {table}: {error!r}")
        start.abort()
        return
    run.acknowledged[table], run.keys[table] = set(), set()
    start.wait()
    rng = random.Random(table)
    for number in range(1, GAMES + 1):
        if number > 1:
            time.sleep(rng.uniform(*THINK))
        entry: dict[str, Any] = {
            "key": secrets.token_urlsafe(12),
            "number": number,
            "code": CODES[number % len(CODES)],
            "version": 0,
        }
        run.keys[table].add(entry["key"])
        lost = (table * GAMES + number) % RESEND == 0
        try:
            revision = enter(phone, table, entry, run, lost=lost, together=table % 2 == 0)
            began = time.perf_counter()
            status, _ = phone.send(f"stand/?seit={revision}")
            run.polls.append((time.perf_counter() - began, status))
        except (urllib.error.URLError, OSError, KeyError, TypeError) as error:
            run.errors.append(f"table {table} game {number}: {error!r}")
            continue
        if status != 204:  # only this phone writes the table, so nothing changed since
            run.errors.append(f"table {table} game {number}: poll after the entry: {status}")


def enter(phone: Phone, table: int, entry: dict, run: Run, *, lost: bool, together: bool) -> str:
    """Send `entry`, twice when its answer is `lost` (after the first answer, or `together`
    with it), and check the answers; the table's revision after it."""
    again: list[tuple[int, dict | None]] = []
    twin = threading.Thread(target=lambda: again.append(phone.send("eingabe/", entry)))
    if lost and together:
        twin.start()
    began = time.perf_counter()
    status, answer = phone.send("eingabe/", entry)
    (run.latencies if entry["number"] > 1 else run.first).append(time.perf_counter() - began)
    if lost:
        if not together:
            twin.start()
        twin.join()
    answers = [(status, answer), *again]
    replayed = sum(bool(a and a.get("replayed")) for _, a in answers)
    if lost:
        run.resent.append(replayed)
    number = entry["number"]
    if any(
        s != 200 or a is None or a["outcome"] != "saved" or a["number"] != number
        for s, a in answers
    ):
        run.errors.append(f"table {table} game {number}: {answers}")
        return ""
    if replayed != len(answers) - 1:
        run.errors.append(f"table {table} game {number}: {replayed} of {len(answers)} replayed")
    run.acknowledged[table].add(number)
    # The revision of the answer that stored the game: it is read after the commit. An answer
    # replayed while the first was committing may carry the revision before it (its phone then
    # loads the state once more at its next poll: one poll more, nothing missed).
    fresh = next(a for _, a in answers if a is not None and not a.get("replayed"))
    return fresh["state"]["revision"]


def viewer(base: str, link: dict, run: Run, start: threading.Barrier, stop: threading.Event):
    phone = Phone(base, link["token"])
    try:
        phone.unlock(link["pin"])
    except Exception as error:
        run.errors.append(f"viewer of table {link['table']}: {error!r}")
        start.abort()
        return
    start.wait()
    revision, seen = "", 0
    rng = random.Random(link["table"])
    pause = rng.uniform(0, POLL)  # the phones were not switched on at the same second
    while True:
        last = stop.wait(pause)  # once stopped, one poll more: it must show every game
        began = time.perf_counter()
        try:
            status, state = phone.send(f"stand/?seit={revision}")
        except (urllib.error.URLError, OSError) as error:
            run.errors.append(f"viewer of table {link['table']}: {error!r}")
            status, state = 0, None
        run.polls.append((time.perf_counter() - began, status))
        if status == 200 and state:
            revision, seen = state["revision"], state["entered"]
        elif status != 204:
            run.errors.append(f"viewer of table {link['table']}: poll answered {status}")
        if last:
            break
        pause = POLL
    if seen != len(run.acknowledged.get(link["table"], ())):
        run.errors.append(f"viewer of table {link['table']} saw {seen} of the games at the end")


def phase(base: str, server: int, links: list[dict]) -> Run:
    run = Run()
    start = threading.Barrier(2 * len(links) + 1)
    stop = threading.Event()
    keepers = [threading.Thread(target=keeper, args=(base, k, run, start)) for k in links]
    viewers = [threading.Thread(target=viewer, args=(base, k, run, start, stop)) for k in links]
    began = time.perf_counter()
    for thread in keepers + viewers:
        thread.start()
    try:
        start.wait()  # every phone has typed its PIN
    except threading.BrokenBarrierError:
        stop.set()
        raise RuntimeError(f"a phone could not start: {run.errors[:3]}") from None
    run.opening = time.perf_counter() - began
    began, load = time.perf_counter(), os.getloadavg()[0]
    cpu = (tree_cpu(server), time.process_time())

    def burst_watch() -> None:  # the server's CPU for the burst of the first games
        while len(run.first) < len(links) and not stop.is_set():
            time.sleep(0.02)
        run.burst_cpu = tree_cpu(server) - cpu[0]

    watcher = threading.Thread(target=burst_watch)
    watcher.start()
    for thread in keepers:
        thread.join()
    run.seconds = time.perf_counter() - began
    run.load = (load, os.getloadavg()[0])
    run.cpu = (tree_cpu(server) - cpu[0], time.process_time() - cpu[1])
    stop.set()
    watcher.join()
    for thread in viewers:
        thread.join()
    return run
