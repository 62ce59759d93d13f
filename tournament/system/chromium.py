"""Debian's chromium as the project drives it headless through Playwright (never a downloaded
browser): for the browser tests (tests/browser.py) and the handbook's pictures
(tournament/handbook/shots.py)."""

from __future__ import annotations

import shutil

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
