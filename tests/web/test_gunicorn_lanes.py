"""The hall's gunicorn worker (config/gunicorn_lanes.py) answers reads in a lane of their own:
with every thread for writes busy and more writes waiting, a GET is answered at once. Run for
real: gunicorn with that worker class, one process, one thread for writes."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import threading
import urllib.request
from pathlib import Path

import pytest

from config.gunicorn_lanes import is_read
from tournament.system.ports import free_port

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize(
    ("sent", "read"),
    [
        (b"GET /tisch/x/stand/ HTTP/1.1\r\n", True),
        (b"HEAD / HTTP/1.1\r\n", True),
        (b"POST /tisch/x/eingabe/ HTTP/1.1\r\n", False),
        (b"", False),
    ],
)
def test_a_request_is_a_read_by_its_first_bytes_which_stay_for_the_worker(sent, read):
    server, client = socket.socketpair()
    with server, client:
        server.setblocking(True)
        if sent:
            client.sendall(sent)
        assert is_read(server) is read
        if sent:
            assert server.recv(len(sent)) == sent  # nothing taken


def test_a_get_is_answered_while_the_writes_wait(tmp_path):
    """Also a GET whose bytes come late: it waits for them on the poller, not in a pool."""
    port = free_port()
    release = tmp_path / "release"
    server = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "gunicorn",
            "tests.web.lanes_app",
            "-k",
            "config.gunicorn_lanes.LanesWorker",
            "-w",
            "1",
            "--threads",
            "1",
            "-b",
            f"127.0.0.1:{port}",
            "--no-control-socket",
        ],
        cwd=ROOT,
        env={**os.environ, "LANES_RELEASE": str(release), "GUNICORN_READ_THREADS": "1"},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    base = f"http://127.0.0.1:{port}/"
    try:
        for _ in range(300):
            try:
                urllib.request.urlopen(base, timeout=1).close()
                break
            except OSError:
                threading.Event().wait(0.1)
        writes = [
            threading.Thread(target=lambda: urllib.request.urlopen(base, b"x", timeout=60).read())
            for _ in range(2)
        ]
        for write in writes:
            write.start()
        threading.Event().wait(0.5)  # both POSTs accepted: one running, one waiting
        with urllib.request.urlopen(base, timeout=20) as answer:  # before the writes end
            assert answer.read() == b"GET"
        with socket.create_connection(("127.0.0.1", port), timeout=20) as late:
            threading.Event().wait(0.5)  # accepted before a byte came
            late.sendall(b"GET / HTTP/1.0\r\n\r\n")
            answer = b"".join(iter(lambda: late.recv(4096), b""))  # HTTP/1.0: until closed
            assert answer.startswith(b"HTTP/1.0 200") and answer.endswith(b"GET")
        assert all(write.is_alive() for write in writes)
        release.touch()
        for write in writes:
            write.join(timeout=30)
        assert not any(write.is_alive() for write in writes)
    finally:
        release.touch()
        server.terminate()
        server.wait(timeout=30)
