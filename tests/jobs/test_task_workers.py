"""The task workers beside the server (`manage.py task_workers`, which `make run`,
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
from datetime import timedelta
from pathlib import Path

import pytest
from django.utils import timezone

from tests.processes import alive, ended
from tests.waiting import until
from tournament.models import Job

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]
STARTED = re.compile(r"Task worker 1 started \(pid (\d+)\)")
WAIT = 90.0  # seconds at most for a line (a busy machine starts Django slowly)


@pytest.fixture
def supervisor_of(server_database_url):
    """`manage.py task_workers --workers N` on the test's database, with its output's lines."""
    started: list[subprocess.Popen] = []

    def start(workers: int) -> tuple[subprocess.Popen, queue.Queue[str]]:
        environment = dict(
            os.environ,
            DATABASE_URL=server_database_url,
            TASK_BACKEND="django_tasks_db.DatabaseBackend",
            PYTHONUNBUFFERED="1",
        )
        process = subprocess.Popen(
            [sys.executable, "manage.py", "task_workers", "--workers", str(workers)],
            cwd=ROOT,
            env=environment,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            start_new_session=True,
        )
        started.append(process)
        lines: queue.Queue[str] = queue.Queue()
        threading.Thread(
            target=lambda: [lines.put(line) for line in process.stdout], daemon=True
        ).start()
        return process, lines

    yield start
    for process in started:
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


def test_a_killed_worker_is_started_again_and_the_workers_end_with_their_supervisor(supervisor_of):
    process, lines = supervisor_of(1)
    first = int(next_match(lines, STARTED).group(1))
    assert alive(first)

    os.kill(first, signal.SIGKILL)  # out of memory, say
    next_match(lines, re.compile(r"Task worker 1 exited \(code -9\); starting it again in \d+ s"))
    second = int(next_match(lines, STARTED).group(1))
    assert second != first and alive(second)

    os.kill(process.pid, signal.SIGKILL)  # the supervisor itself dies without a word
    assert ended([second]), "the worker outlived its supervisor"


def test_a_dead_workers_job_is_finished_without_anybody_looking_at_it(
    supervisor_of, example_tournament, supervisor
):
    """A worker died while rendering the Excel workbook: its job says running, its heartbeat
    stopped long ago. Nobody opens its page; the supervisor of the workers puts it back in line
    on its own, and a worker makes the file."""
    job = Job.objects.create(
        kind="workbook",
        slug=example_tournament.slug,
        language="de",
        requested_by=supervisor,
        state="running",
        attempts=1,
        started_at=timezone.now() - timedelta(minutes=10),
        heartbeat_at=timezone.now() - timedelta(minutes=10),
    )
    process, lines = supervisor_of(1)
    next_match(lines, STARTED)
    until(lambda: Job.objects.get(pk=job.pk).state == "ready", timeout=WAIT)
    job.refresh_from_db()
    assert (job.state, job.attempts) == ("ready", 2)
    assert job.result.endswith(".xlsx")
