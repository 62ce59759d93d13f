"""Task workers in tests. In the test's own process: a print job started by a clerk
(`print_start`) and the queue worked off (`work_off`). As real processes: `manage.py` on a
database of the test's own, the supervisor (`task_workers`) with its output's lines, and jobs
started and awaited from a shell of their own, as a server would start them."""

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
from collections.abc import Callable
from pathlib import Path

from django.core.management import call_command
from django.urls import reverse

ROOT = Path(__file__).resolve().parents[2]
PRINTED = "beispielturnier-2026"  # the worked example: its Durchgang 1 is printed
WAIT = 120.0  # seconds at most for a line or a job (a busy machine starts Django slowly)
STARTED = re.compile(r"Task worker 1 started \(pid (\d+)\)")

#: Start a job of `kind` for Durchgang `durchgang` of the tournament `slug`: prints its id.
START = """
from tournament.jobs.services import job_start
from tournament.models import Tournament
job, _ = job_start("{kind}", Tournament.objects.get(slug="{slug}"), language="de",
                   durchgang={durchgang})
print(job.pk)
"""
#: Wait until the job is in one of `states` (at most WAIT seconds): prints its state, how many
#: times it was tried, and its message.
AWAIT = """
from tests.waiting import until
from tournament.models import Job
job = Job.objects.get(pk="{job}")
until(lambda: job.refresh_from_db() or job.state in {states!r}, timeout={wait}, interval=0.3)
print(job.state, job.attempts, job.message)
"""


def environment(url: str, media: Path, **more: str) -> dict[str, str]:
    return dict(
        os.environ,
        DATABASE_URL=url,
        DJANGO_MEDIA_ROOT=str(media),
        TASK_BACKEND="django_tasks_db.DatabaseBackend",
        PYTHONUNBUFFERED="1",
        **more,
    )


def manage(env: dict[str, str], *arguments: str) -> str:
    done = subprocess.run(
        [sys.executable, "manage.py", *arguments],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=WAIT + 60,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout


def job_start(env: dict[str, str], kind: str, slug: str, durchgang: int = 0) -> str:
    code = START.format(kind=kind, slug=slug, durchgang=durchgang)
    return manage(env, "shell", "-c", code).split()[-1]


def job_await(env: dict[str, str], job: str, *states: str) -> tuple[str, int, str]:
    """The job's state, attempts and message once it is in one of `states` (or WAIT is up)."""
    code = AWAIT.format(wait=WAIT, job=job, states=states)
    state, attempts, *message = manage(env, "shell", "-c", code).strip().splitlines()[-1].split()
    return state, int(attempts), " ".join(message)


class Supervisor:
    """`manage.py task_workers --workers 1` and the lines it writes."""

    def __init__(
        self,
        env: dict[str, str],
        preexec: Callable[[], None] | None = None,
        judged: tuple[str, ...] = (),
    ) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "manage.py", "task_workers", "--workers", "1", "--interval", "0.5"]
            + list(judged),
            cwd=ROOT,
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            start_new_session=True,
            preexec_fn=preexec,
        )
        self.lines: queue.Queue[str] = queue.Queue()
        self.seen: list[str] = []
        threading.Thread(
            target=lambda: [self.lines.put(line) for line in self.process.stdout or ()],
            daemon=True,
        ).start()

    def next_match(self, pattern: re.Pattern[str]) -> re.Match[str]:
        deadline = time.monotonic() + WAIT
        while time.monotonic() < deadline:
            try:
                line = self.lines.get(timeout=1)
            except queue.Empty:
                continue
            self.seen.append(line)
            if match := pattern.search(line):
                return match
        raise AssertionError(f"no line like {pattern.pattern!r} in:\n{self.log}")

    def worker(self) -> int:
        """The pid of the next worker it starts."""
        return int(self.next_match(STARTED).group(1))

    @property
    def log(self) -> str:
        while not self.lines.empty():
            self.seen.append(self.lines.get())
        return "".join(self.seen)

    def kill(self) -> None:
        """SIGKILL to the supervisor alone (its workers are left to notice)."""
        self.process.kill()
        self.process.wait(timeout=30)

    def end(self) -> None:
        """SIGKILL to the supervisor and everything it started."""
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait(timeout=30)


def work_off() -> None:
    """A task worker runs every task in the queue, then stops."""
    call_command(
        "db_worker", "--batch", "--backend", "database", "--no-startup-delay", "--no-reload"
    )


def print_start(client) -> str:
    """The signed sheets of the worked example's Durchgang 1 asked for: their progress page."""
    response = client.post(reverse("manage:sheets_print", args=[PRINTED, 1]))
    assert response.status_code == 302
    return response["Location"]
