"""Benchmark: one clerk types the totals of 50 tables (Summenliste) by keyboard, in under 10
minutes.

Serves the app with `manage.py runserver` on a fresh SQLite database holding 200 players drawn
at 50 tables recorded by their totals (tie-break: points, then solos, as clubs with paper totals
keep them), and drives Debian's headless Chromium with Playwright: log in, open the Durchgang's
totals page, and for every table type each seat's points and solos with Tab between the fields
and Enter at the end (the page comes back with the focus on the next table). The machine's share
is measured (every save and page load); the clerk's share is the keystrokes, priced at a steady
3 keystrokes per second. Prints both and whether the sum stays under 600 s.
"""

from __future__ import annotations

import json
import os
import subprocess
import tempfile
import time
from pathlib import Path

from report import PYTHON, QUICK, ROOT, Result, check
from sheet_entry import CHROMIUM, FLAGS, KEYS_PER_SECOND, served, tournament_with_clerk

TABLES = 5 if QUICK else 50
TARGET_SECONDS = 600.0
FOCUSED = "document.activeElement && document.activeElement.name === 't%s-seat-1-points'"
# Each table's line as read from paper: (points, solos) per seat, summing to 0.
LINES = [
    [("12", "2"), ("-6", ""), ("0", "1"), ("-6", "")],
    [("-14", ""), ("22", "3"), ("-4", ""), ("-4", "")],
    [("3", ""), ("3", "1"), ("-3", ""), ("-3", "")],
]


def prepare(env: dict[str, str], work: Path) -> None:
    players = [str(n) for n in range(1, TABLES * 4 + 1)]
    document = {
        "format": "schafkopf-turnier",
        "version": 1,
        "tournament": {
            "slug": "bench-summen",
            "name": "Bench",
            "date": "2026-11-26",
            "tiebreak": "solos",
        },
        "players": [{"id": p, "name": f"Spieler {p}"} for p in players],
        "durchgaenge": [
            {
                "number": 1,
                "tables": [
                    {"number": t + 1, "seats": players[4 * t : 4 * t + 4], "totals": {}}
                    for t in range(TABLES)
                ],
            }
        ],
    }
    path = work / "summen.json"
    path.write_text(json.dumps(document))
    tournament_with_clerk(env, path)


def drive(base: str) -> tuple[float, int, str]:
    """Seconds the machine took for the saves and page loads, the keystrokes, the last page."""
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
        page.goto(base + "/turnier/bench-summen/leitung/durchgang/1/summen/")
        start = time.perf_counter()
        for table in range(TABLES):
            # The clerk types once the page has put the cursor into the table's first field.
            page.wait_for_function(FOCUSED % (table + 1))
            line = LINES[table % len(LINES)]
            for seat, (points, solos) in enumerate(line):
                page.keyboard.type(points)
                page.keyboard.press("Tab")
                page.keyboard.type(solos)
                keys += len(points) + 1 + len(solos)
                if seat < len(line) - 1:
                    page.keyboard.press("Tab")
                    keys += 1
            with page.expect_navigation():
                page.keyboard.press("Enter")
            keys += 1
        machine = time.perf_counter() - start
        text = page.inner_text("body")
        browser.close()
    return machine, keys, text


def main() -> list[Result]:
    print(f"\n== keyboard entry of the totals of {TABLES} tables (SQLite, headless Chromium) ==")
    if not os.path.exists(CHROMIUM):
        print("chromium is missing (make chromium): skipped")
        return []
    with tempfile.TemporaryDirectory(prefix="schafkopf-summen-") as tmp:
        work = Path(tmp)
        env = {
            **os.environ,
            "DJANGO_DEBUG": "1",
            "DATABASE_URL": f"sqlite:///{work / 'summen.sqlite3'}",
        }
        prepare(env, work)
        with served(env) as base:
            machine, keys, text = drive(base)
        entered = subprocess.run(
            [
                PYTHON,
                "manage.py",
                "shell",
                "-c",
                "from tournament.models import Table;"
                "print(Table.objects.filter(totals_at__isnull=False).count())",
            ],
            cwd=ROOT,
            env=env,
            capture_output=True,
            text=True,
            check=True,
        ).stdout.split()[-1]
    typing = keys / KEYS_PER_SECOND
    total = machine + typing
    ok = total <= TARGET_SECONDS and entered == str(TABLES)
    per_table = f"{keys / TABLES:.1f} per table"
    print(f"      {entered} of {TABLES} tables stored; {keys} keystrokes ({per_table})")
    per_save = f"{machine / TABLES * 1000:.0f} ms per table"
    print(f"      machine: {machine:6.2f} s for {TABLES} saves ({per_save})")
    print(f"      typing at {KEYS_PER_SECOND:.0f} keys/s: {typing:6.1f} s")
    if "gespeichert" not in text:
        print("      the last page did not confirm the save")
    return [
        check(
            "SQLite",
            f"totals of {TABLES} tables typed <= {TARGET_SECONDS:.0f} s",
            f"{total:.1f} s ({machine:.1f} s machine, {typing:.1f} s typing)",
            ok,
        )
    ]


if __name__ == "__main__":
    main()
