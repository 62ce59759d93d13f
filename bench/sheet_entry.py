"""Benchmark: a clerk enters a whole 32-game scoresheet by keyboard (under 3 minutes).

Serves the app with `manage.py runserver` (as `make run` does) on a fresh SQLite database and
drives Debian's headless Chromium with Playwright: log in, open the sheet, type 32 game codes,
each followed by Enter. The machine's share is measured (every save and page load); the
clerk's share is the keystrokes, priced at a steady 3 keystrokes per second (a slow typist
reading from paper). Prints both and whether the sum stays under 180 s.
"""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from report import PYTHON, ROOT, Result, check

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run"]
KEYS_PER_SECOND = 3.0
TARGET_SECONDS = 180.0
# A realistic sheet: Rufspiele mostly, some Solos and Wenz, a few Schneider.
CODES = ["r e 1 3 +", "r g 2 4 -", "s h 3 + sn", "r s 4 1 +", "w 1 -", "r e 2 3 + sn", "r g 3 1 -"]
CODES += ["s e 4 +"]


def manage(env: dict[str, str], *args: str, stdin: str | None = None) -> None:
    subprocess.run(
        [PYTHON, "manage.py", *args],
        cwd=ROOT,
        env=env,
        input=stdin,
        text=True,
        check=True,
        capture_output=True,
    )


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def prepare(env: dict[str, str], work: Path) -> None:
    document = {
        "format": "schafkopf-turnier",
        "version": 1,
        "tournament": {"slug": "bench-sheet", "name": "Bench", "date": "2026-11-22"},
        "players": [{"id": str(n), "name": f"Spieler {n}"} for n in range(1, 5)],
        "durchgaenge": [{"number": 1, "tables": [{"number": 1, "seats": ["1", "2", "3", "4"]}]}],
    }
    path = work / "sheet.json"
    path.write_text(json.dumps(document))
    tournament_with_clerk(env, path)


def tournament_with_clerk(env: dict[str, str], path: Path) -> None:
    """A fresh database with the tournament of the document at `path`, and its clerk."""
    manage(env, "migrate", "--noinput", "-v0")
    manage(env, "import_tournament", str(path))
    manage(
        env,
        "shell",
        "-c",
        "from django.contrib.auth import get_user_model as u;"
        "from tournament.models import Membership, Tournament as T;"
        "c = u().objects.create_user('clerk', password='bench-password-1');"
        "Membership.objects.create(tournament=T.objects.get(), user=c, role='clerk')",
    )


@contextmanager
def served(env: dict[str, str]) -> Iterator[str]:
    """`manage.py runserver` on a free port of 127.0.0.1 (as `make run` serves); its address."""
    port = free_port()
    server = subprocess.Popen(
        [PYTHON, "manage.py", "runserver", "--noreload", f"127.0.0.1:{port}"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        for _ in range(100):
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
                break
            except OSError:
                time.sleep(0.1)
        yield f"http://127.0.0.1:{port}"
    finally:
        server.terminate()
        server.wait()


def drive(base: str) -> tuple[float, int]:
    """Seconds the machine took for the 32 saves and page loads, and the keystrokes typed."""
    # Imported when driven: Playwright is needed only by this benchmark.
    from playwright.sync_api import sync_playwright

    keys = 0
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        page = browser.new_page()
        page.goto(base + "/accounts/login/")
        page.fill("#id_username", "clerk")
        page.fill("#id_password", "bench-password-1")
        with page.expect_navigation():
            page.keyboard.press("Enter")
        page.goto(base + "/turnier/bench-sheet/leitung/durchgang/1/tisch/1/")
        start = time.perf_counter()
        for number in range(1, 33):
            code = CODES[number % len(CODES)]
            page.keyboard.type(code)
            with page.expect_navigation():
                page.keyboard.press("Enter")
            keys += len(code) + 1
        machine = time.perf_counter() - start
        text = page.locator("#spielliste").inner_text()
        browser.close()
    assert "32" in text, "the sheet did not take the games"
    return machine, keys


def main() -> list[Result]:
    print("\n== keyboard entry of a 32-game scoresheet (SQLite, headless Chromium) ==")
    if not os.path.exists(CHROMIUM):
        print("chromium is missing (make chromium): skipped")
        return []
    with tempfile.TemporaryDirectory(prefix="schafkopf-sheet-") as tmp:
        work = Path(tmp)
        env = {
            **os.environ,
            "DJANGO_DEBUG": "1",
            "DATABASE_URL": f"sqlite:///{work / 'sheet.sqlite3'}",
        }
        prepare(env, work)
        with served(env) as base:
            machine, keys = drive(base)
    typing = keys / KEYS_PER_SECOND
    total = machine + typing
    ok = total <= TARGET_SECONDS
    print(f"      {keys} keystrokes ({keys / 32:.1f} per game), no mouse")
    print(f"      machine: {machine:6.2f} s for 32 saves ({machine / 32 * 1000:.0f} ms per game)")
    print(f"      typing at {KEYS_PER_SECOND:.0f} keys/s: {typing:6.1f} s")
    return [
        check(
            "SQLite",
            f"keyboard entry of a 32-game sheet <= {TARGET_SECONDS:.0f} s",
            f"{total:.1f} s ({machine:.1f} s machine, {typing:.1f} s typing)",
            ok,
        )
    ]


if __name__ == "__main__":
    main()
