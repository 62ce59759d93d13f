"""A WSGI app for tests/web/test_gunicorn_lanes.py: a POST waits until the file named by
LANES_RELEASE exists (a save that takes long), a GET answers at once (a poll)."""

from __future__ import annotations

import os
from pathlib import Path

from tests.waiting import until


def application(environ, start_response):
    if environ["REQUEST_METHOD"] == "POST":
        release = Path(os.environ["LANES_RELEASE"])
        until(release.exists, timeout=30, interval=0.02)
    start_response("200 OK", [("Content-Type", "text/plain")])
    return [environ["REQUEST_METHOD"].encode()]
