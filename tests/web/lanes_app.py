"""A WSGI app for tests/web/test_gunicorn_lanes.py: a POST waits until the file named by
LANES_RELEASE exists (a save that takes long), a GET answers at once (a poll)."""

from __future__ import annotations

import os
import time
from pathlib import Path


def application(environ, start_response):
    if environ["REQUEST_METHOD"] == "POST":
        release = Path(os.environ["LANES_RELEASE"])
        deadline = time.monotonic() + 30
        while not release.exists() and time.monotonic() < deadline:
            time.sleep(0.02)
    start_response("200 OK", [("Content-Type", "text/plain")])
    return [environ["REQUEST_METHOD"].encode()]
