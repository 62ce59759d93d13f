"""`manage.py task_workers`: keep N task workers (`manage.py db_worker`) running beside the
server, as `make run`, `make serve` and `make hall` do. A worker that exits (the database was
away for a moment, it was killed, it ran out of memory) is started again after a pause that
grows while it keeps failing (1 s, 2 s, 4 s … at most 30 s) and starts from 1 s again once a
worker has run for a minute. Stopping this command (Ctrl-C, SIGTERM) stops its workers; so does
its death, however it dies (Linux: each worker gets SIGTERM when its parent is gone). Every
few seconds (`JOB_HEARTBEAT_SECONDS`) it also looks for jobs whose worker died (no heartbeat
for `JOB_STALE_SECONDS`) and puts them back in line, without waiting for somebody to look at
them (tournament/jobs/tasks.py)."""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand
from django.db import DatabaseError, InterfaceError, connections

from config.processes import die_with_parent
from tournament.jobs.tasks import jobs_revive
from tournament.jobs.workers import workers_sign, workers_unsign

#: The longest pause before a failing worker is started again, in seconds.
LONGEST_PAUSE = 30.0
#: A worker that ran this long counts as healthy: its next restart waits 1 s again.
HEALTHY_SECONDS = 60.0


@dataclass
class Slot:
    """One worker's place: its process, when it started, and its pause before the next start."""

    process: subprocess.Popen | None = None
    started: float = 0.0
    pause: float = 1.0
    due: float = field(default=0.0)


class Command(BaseCommand):
    help = "Keep N task workers (manage.py db_worker) running; start a worker again that exits."

    def add_arguments(self, parser):
        parser.add_argument("--workers", type=int, default=1, help="how many workers (default 1)")
        parser.add_argument(
            "--interval", type=float, default=1.0, help="seconds between a worker's polls"
        )

    def handle(self, *args, workers: int, interval: float, **options):
        self.stopping = False
        command = [sys.executable, str(Path(settings.BASE_DIR) / "manage.py"), "db_worker"]
        command += ["--no-reload", "--interval", str(interval)]
        slots = [Slot() for _ in range(max(1, workers))]
        signal.signal(signal.SIGTERM, self._stop)
        signal.signal(signal.SIGINT, self._stop)
        next_look = 0.0
        try:
            while not self.stopping:
                for number, slot in enumerate(slots, start=1):
                    self._tend(number, slot, command)
                if time.monotonic() >= next_look:
                    next_look = time.monotonic() + settings.JOB_HEARTBEAT_SECONDS
                    self._look(sum(s.process is not None for s in slots))
                time.sleep(0.2)
        finally:
            self._end(slots)
            with contextlib.suppress(DatabaseError, InterfaceError):
                workers_unsign(self.name)

    @property
    def name(self) -> str:
        return f"{socket.gethostname()}:{os.getpid()}"

    def _look(self, running: int) -> None:
        """Renew the workers' sign of life, and put the jobs of dead workers back in line (or
        fail them after their last attempt)."""
        try:
            workers_sign(self.name, running)
            found = jobs_revive()
        except (DatabaseError, InterfaceError):  # the database is away: the next look tries again
            return
        finally:  # each look on a new connection: one the outage broke is not used again
            with contextlib.suppress(DatabaseError, InterfaceError):
                connections.close_all()
        if found:
            self.stdout.write(f"{found} job(s) of a dead worker put back in line or failed.")

    def _stop(self, signum, frame) -> None:
        self.stopping = True

    def _tend(self, number: int, slot: Slot, command: list[str]) -> None:
        now = time.monotonic()
        process = slot.process
        if process is not None and process.poll() is None:
            return
        if process is not None:  # it exited: start it again after its pause
            ran = now - slot.started
            slot.pause = 1.0 if ran >= HEALTHY_SECONDS else min(slot.pause * 2, LONGEST_PAUSE)
            slot.due, slot.process = now + slot.pause, None
            self.stderr.write(
                f"Task worker {number} exited (code {process.returncode}); "
                f"starting it again in {slot.pause:.0f} s."
            )
            return
        if now >= slot.due:
            slot.process = subprocess.Popen(command, preexec_fn=die_with_parent)
            slot.started = now
            self.stdout.write(f"Task worker {number} started (pid {slot.process.pid}).")

    @staticmethod
    def _end(slots: list[Slot]) -> None:
        running = [s.process for s in slots if s.process is not None and s.process.poll() is None]
        for process in running:
            process.terminate()
        deadline = time.monotonic() + 10
        for process in running:
            try:
                process.wait(timeout=max(0.1, deadline - time.monotonic()))
            except subprocess.TimeoutExpired:
                process.kill()
