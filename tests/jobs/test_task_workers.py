"""Issue 31: the task workers beside the server (`manage.py task_workers`, which `make run`,
`make serve` and `make hall` start) come back when one dies, and end with their supervisor
however it dies: real processes, killed with SIGKILL."""

from __future__ import annotations

import contextlib
import os
import queue
import re
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]
STARTED = re.compile(r"Task worker 1 started \(pid (\d+)\)")
WAIT = 90.0  # seconds at most for a line (a busy machine starts Django slowly)


def alive(pid: int) -> bool:
    """Whether process `pid` runs (a zombie, dead but not yet reaped, does not)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (FileNotFoundError, IndexError):
        return False
    return state != "Z"


@pytest.fixture
def supervisor(server_database_url):
    environment = dict(
        os.environ,
        DATABASE_URL=server_database_url,
        TASK_BACKEND="django_tasks_db.DatabaseBackend",
        PYTHONUNBUFFERED="1",
    )
    process = subprocess.Popen(
        [sys.executable, "manage.py", "task_workers", "--workers", "1"],
        cwd=ROOT,
        env=environment,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=True,
    )
    lines: queue.Queue[str] = queue.Queue()
    threading.Thread(
        target=lambda: [lines.put(line) for line in process.stdout], daemon=True
    ).start()
    try:
        yield process, lines
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)
        process.wait(timeout=30)


def next_match(lines: queue.Queue[str], pattern: re.Pattern[str]) -> re.Match[str]:
    deadline = time.monotonic() + WAIT
    seen = []
    while time.monotonic() < deadline:
        try:
            line = lines.get(timeout=1)
        except queue.Empty:
            continue
        seen.append(line)
        if match := pattern.search(line):
            return match
    raise AssertionError(f"no line like {pattern.pattern!r} in:\n{''.join(seen)}")


def test_a_killed_worker_is_started_again_and_the_workers_end_with_their_supervisor(supervisor):
    process, lines = supervisor
    first = int(next_match(lines, STARTED).group(1))
    assert alive(first)

    os.kill(first, signal.SIGKILL)  # out of memory, say
    next_match(lines, re.compile(r"Task worker 1 exited \(code -9\); starting it again in \d+ s"))
    second = int(next_match(lines, STARTED).group(1))
    assert second != first and alive(second)

    os.kill(process.pid, signal.SIGKILL)  # the supervisor itself dies without a word
    deadline = time.monotonic() + 30
    while alive(second) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert not alive(second), "the worker outlived its supervisor"
