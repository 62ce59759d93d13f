"""The task workers ride out a database outage. `manage.py task_workers` runs against a
PostgreSQL of the test's own; a job is done; the server is stopped for a few seconds and started
again; the next job is done too, by the same supervisor, which did not drown its log in
tracebacks meanwhile."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from tests.processes import alive

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]
SLUG = "ausfall-turnier"
OUTAGE = 4.0  # seconds without the database
FINISHED_WITHIN = 60.0  # seconds a job may take after the database is back
#: Enqueue the Excel workbook of the tournament and wait until a worker finished it: prints
#: the job's last state.
JOB = f"""
from tests.waiting import until
from tournament.jobs.services import job_start
from tournament.models import Tournament
job, _ = job_start("workbook", Tournament.objects.get(slug="{SLUG}"), language="de")
finished = lambda: job.refresh_from_db() or job.state in ("ready", "failed")
until(finished, timeout={FINISHED_WITHIN}, interval=0.3)
print(job.state)
"""
#: Wait until the supervisor renewed its sign of life after the given moment, counting its
#: worker (`/healthz` counts it again; a sign written while the worker waited for its restart
#: counts none): prints how many workers the fresh signs count.
SIGN = """
from datetime import UTC, datetime
from tests.waiting import until
from tournament.jobs.workers import workers_alive
from tournament.models import WorkerSign
signs = WorkerSign.objects.filter(seen_at__gt=datetime.fromtimestamp({since}, UTC), workers=1)
until(signs.exists, timeout=30, interval=0.3)
print(workers_alive())
"""


def environment(url: str) -> dict[str, str]:
    return dict(
        os.environ,
        DATABASE_URL=url,
        DJANGO_DEBUG="1",
        TASK_BACKEND="django_tasks_db.DatabaseBackend",
        PYTHONUNBUFFERED="1",
    )


def manage(url: str, *arguments: str) -> str:
    done = subprocess.run(
        [sys.executable, "manage.py", *arguments],
        cwd=ROOT,
        env=environment(url),
        capture_output=True,
        text=True,
        timeout=FINISHED_WITHIN + 60,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout


def job_done(url: str) -> float:
    """Seconds until a new job was finished by a worker."""
    began = time.monotonic()
    assert manage(url, "shell", "-c", JOB).split()[-1] == "ready"
    return time.monotonic() - began


def test_the_workers_ride_out_a_database_outage(own_postgres):
    url = own_postgres.url
    manage(url, "migrate", "--no-input")
    manage(url, "seed_demo", "--players", "8", "--durchgaenge", "1", "--slug", SLUG)
    supervisor = subprocess.Popen(
        [sys.executable, "manage.py", "task_workers", "--workers", "1", "--interval", "1"],
        cwd=ROOT,
        env=environment(url),
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=True,
    )
    output: list[str] = []
    reader = threading.Thread(target=lambda: output.extend(supervisor.stdout or ()), daemon=True)
    reader.start()
    try:
        job_done(url)

        own_postgres.stop()
        time.sleep(OUTAGE)
        assert supervisor.poll() is None, "task_workers died with the database:\n" + "".join(output)
        own_postgres.start()
        back = time.time()

        took = job_done(url)
        log = "".join(output)
        assert took < FINISHED_WITHIN, log
        assert manage(url, "shell", "-c", SIGN.format(since=back)).split()[-1] == "1", log
        assert supervisor.poll() is None and alive(supervisor.pid), log
        # A worker that lost its database exits (its traceback: two, chained) and is started
        # again after a pause that grows (here 2, 4, 8 s): a few exits, not one per poll.
        assert log.count("Task worker 1 exited") <= 3, log
        assert log.count("Traceback") <= 8, log
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(supervisor.pid, signal.SIGKILL)
        supervisor.wait(timeout=30)
        reader.join(timeout=5)
