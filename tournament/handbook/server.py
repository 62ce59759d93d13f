"""The app served for the pictures: `manage.py runserver --noreload` on a free local port, a
process of its own on the same database (it inherits the environment: DATABASE_URL), with the
development settings (DJANGO_DEBUG=1: the static files served, the local address allowed)."""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import IO

from django.conf import settings

from tournament.system.ports import free_port

START_SECONDS = 60
# The address the printouts' links and QR codes and the projector show (SITE_URL): a laptop in
# a hall's network, as in docs/deployment, not the random port the pictures are taken on.
SHOWN_SITE_URL = "http://192.168.1.23:8000"


def _answers(url: str) -> bool:
    try:
        with urllib.request.urlopen(url, timeout=2) as response:  # our own server
            return bool(response.status == 200)
    except (urllib.error.URLError, OSError):
        return False


@contextmanager
def app_served() -> Iterator[str]:
    """The running app's base URL (`http://127.0.0.1:PORT`); stopped when done."""
    port = free_port()
    manage = Path(settings.BASE_DIR) / "manage.py"
    command = [sys.executable, str(manage), "runserver", "--noreload", f"127.0.0.1:{port}"]
    environment = {**os.environ, "DJANGO_DEBUG": "1", "SITE_URL": SHOWN_SITE_URL}
    # Its request log into a file: a pipe nobody reads would fill and block the server.
    with tempfile.TemporaryFile() as log:
        server = subprocess.Popen(  # this interpreter, this project's manage.py
            command, env=environment, stdout=subprocess.DEVNULL, stderr=log
        )
        try:
            base = f"http://127.0.0.1:{port}"
            _started(server, base, log)
            yield base
        finally:
            server.terminate()
            try:
                server.wait(timeout=10)
            except subprocess.TimeoutExpired:
                server.kill()
                server.wait()


def _started(server: subprocess.Popen, base: str, log: IO[bytes]) -> None:
    deadline = time.monotonic() + START_SECONDS
    while not _answers(f"{base}/healthz"):
        if server.poll() is not None:
            log.seek(0)
            error = log.read().decode(errors="replace")
            raise RuntimeError(f"The server did not start:\n{error}")
        if time.monotonic() > deadline:
            raise RuntimeError(f"The server did not answer within {START_SECONDS} s.")
        time.sleep(0.3)
