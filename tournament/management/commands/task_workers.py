"""`manage.py task_workers`: keep N task workers (`manage.py job_worker`) running beside the
server, as `make run`, `make serve` and `make hall` do. A worker that exits (the database was
away for a moment, it was killed, it ran out of memory) is started again after a pause that
grows while it keeps failing (1 s, 2 s, 4 s … at most 30 s) and starts from 1 s again once a
worker has run for a minute.

A worker is judged by its beats (tournament/system/liveness.py), not by its process being
there: one that has not beaten for `SILENT_SECONDS` (hung, say, on a pipe to render processes
that died) is ended (SIGTERM, SIGKILL `END_GRACE` seconds later) and started again; until then
the sign of life counts it as hung, not as working.

Stopping this command (Ctrl-C, SIGTERM) stops its workers; so does its death, however it dies
(Linux: each worker gets SIGTERM when its parent is gone, and ends at once). A supervisor that
starts ends the workers a dead supervisor of this machine left (their pids are in its sign of
life). Every few seconds (`JOB_HEARTBEAT_SECONDS`) it also looks for jobs whose worker died (no
heartbeat for `JOB_STALE_SECONDS`) and puts them back in line, without waiting for somebody to
look at them (tournament/jobs/tasks.py)."""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
import time
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand
from django.db import DatabaseError, InterfaceError, connections
from django.utils import timezone

from tournament.jobs.tasks import jobs_revive
from tournament.jobs.workers import workers_left, workers_sign, workers_unsign
from tournament.system.liveness import BEAT_FD
from tournament.system.processes import die_with_parent, process_runs

#: The longest pause before a failing worker is started again, in seconds.
LONGEST_PAUSE = 30.0
#: A worker that ran this long counts as healthy: its next restart waits 1 s again.
HEALTHY_SECONDS = 60.0
#: A worker that has not beaten for this long (it beats every second) is taken for hung.
SILENT_SECONDS = 15.0
#: A worker just started has this long to beat for the first time (Django starting up).
START_SECONDS = 60.0
#: Seconds between the SIGTERM that ends a worker and the SIGKILL when it did not end.
END_GRACE = 10.0


@dataclass
class Slot:
    """One worker's place: its process, its beats, and its pause before the next start."""

    process: subprocess.Popen | None = None
    started: float = 0.0
    pause: float = 1.0
    due: float = 0.0
    beats: int | None = None  # the read end of the worker's beat pipe
    beat: float = 0.0  # when it last beat (monotonic)
    beat_at: datetime | None = None  # the same, by the clock
    ending: float = 0.0  # when it was sent SIGTERM for not beating
    silent_after: float = SILENT_SECONDS
    start_within: float = START_SECONDS

    def silent(self, now: float) -> bool:
        """Whether the worker runs but has not beaten for too long."""
        if self.process is None:
            return False
        return now > max(self.beat + self.silent_after, self.started + self.start_within)

    def listen(self, now: float) -> None:
        """Read the beats the worker wrote since the last look."""
        if self.beats is None:
            return
        heard = False
        with contextlib.suppress(BlockingIOError, OSError):
            while os.read(self.beats, 4096):
                heard = True
        if heard:
            self.beat, self.beat_at = now, timezone.now()

    def close(self) -> None:
        if self.beats is not None:
            os.close(self.beats)
            self.beats = None


class Command(BaseCommand):
    help = "Keep N task workers (manage.py job_worker) running; start a worker again that exits."

    def add_arguments(self, parser):
        parser.add_argument("--workers", type=int, default=1, help="how many workers (default 1)")
        parser.add_argument(
            "--interval", type=float, default=1.0, help="seconds between a worker's polls"
        )
        parser.add_argument(
            "--silent-after",
            type=float,
            default=SILENT_SECONDS,
            help=f"seconds without a beat after which a worker is taken for hung "
            f"(default {SILENT_SECONDS:g})",
        )
        parser.add_argument(
            "--start-within",
            type=float,
            default=START_SECONDS,
            help=f"seconds a new worker has for its first beat (default {START_SECONDS:g})",
        )

    def handle(
        self,
        *args,
        workers: int,
        interval: float,
        silent_after: float = SILENT_SECONDS,
        start_within: float = START_SECONDS,
        **options,
    ):
        self.stopping = False
        command = [sys.executable, str(Path(settings.BASE_DIR) / "manage.py"), "job_worker"]
        command += ["--interval", str(interval)]
        slots = [
            Slot(silent_after=silent_after, start_within=start_within)
            for _ in range(max(1, workers))
        ]
        signal.signal(signal.SIGTERM, self._stop)
        signal.signal(signal.SIGINT, self._stop)
        self._orphans_end()
        next_look = 0.0
        try:
            while not self.stopping:
                for number, slot in enumerate(slots, start=1):
                    self._tend(number, slot, command)
                if time.monotonic() >= next_look:
                    next_look = time.monotonic() + settings.JOB_HEARTBEAT_SECONDS
                    self._look(slots)
                time.sleep(0.2)
        finally:
            self._end(slots)
            with contextlib.suppress(DatabaseError, InterfaceError):
                workers_unsign(self.name)

    @property
    def name(self) -> str:
        return f"{socket.gethostname()}:{os.getpid()}"

    def _orphans_end(self) -> None:
        """End the workers that a supervisor of this machine left when it died (killed with
        SIGKILL, its workers may still finish a job as orphans): their pids are in its sign."""
        try:
            left = workers_left(socket.gethostname(), os.getpid(), supervisor_runs)
        except (DatabaseError, InterfaceError):
            return
        finally:
            with contextlib.suppress(DatabaseError, InterfaceError):
                connections.close_all()
        orphans = [pid for pid in left if process_runs(pid, b"job_worker")]
        for pid in orphans:
            self.stderr.write(f"Ending task worker pid {pid}, left by a supervisor that died.")
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGTERM)
        deadline = time.monotonic() + END_GRACE
        while any(process_runs(p, b"job_worker") for p in orphans) and time.monotonic() < deadline:
            time.sleep(0.2)
        for pid in orphans:
            if process_runs(pid, b"job_worker"):
                with contextlib.suppress(ProcessLookupError):
                    os.kill(pid, signal.SIGKILL)

    def _look(self, slots: list[Slot]) -> None:
        """Renew the workers' sign of life (those beating, those hung and since when, their
        pids), and put the jobs of dead workers back in line (or fail them after their last
        attempt)."""
        now = time.monotonic()
        running = [s for s in slots if s.process is not None]
        hung = [s for s in running if s.silent(now)]
        since = [s.beat_at or timezone.now() for s in hung]
        pids = [s.process.pid for s in running if s.process is not None]
        try:
            workers_sign(
                self.name, len(running) - len(hung), hung=len(hung), since=min(since, default=None),
                pids=pids,
            )  # fmt: skip
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
        slot.listen(now)
        if process is not None and process.poll() is None:
            if slot.ending and now - slot.ending >= END_GRACE:
                process.kill()
            elif not slot.ending and slot.silent(now):
                silent = now - max(slot.beat, slot.started)
                self.stderr.write(
                    f"Task worker {number} (pid {process.pid}) does not answer "
                    f"(no sign for {silent:.0f} s); ending it."
                )
                slot.ending = now
                process.terminate()
            return
        if process is not None:  # it exited: start it again after its pause
            ran = now - slot.started
            slot.pause = 1.0 if ran >= HEALTHY_SECONDS else min(slot.pause * 2, LONGEST_PAUSE)
            slot.due, slot.process, slot.ending = now + slot.pause, None, 0.0
            slot.close()
            self.stderr.write(
                f"Task worker {number} exited (code {process.returncode}); "
                f"starting it again in {slot.pause:.0f} s."
            )
            return
        if now >= slot.due:
            beats, beat_end = os.pipe()
            os.set_blocking(beats, False)
            environment = dict(os.environ, **{BEAT_FD: str(beat_end)})
            try:
                slot.process = subprocess.Popen(
                    command, preexec_fn=die_with_parent, pass_fds=(beat_end,), env=environment
                )
            finally:
                os.close(beat_end)
            slot.beats, slot.started, slot.beat, slot.beat_at = beats, now, now, None
            self.stdout.write(f"Task worker {number} started (pid {slot.process.pid}).")

    @staticmethod
    def _end(slots: list[Slot]) -> None:
        running = [s.process for s in slots if s.process is not None and s.process.poll() is None]
        for process in running:
            process.terminate()
        deadline = time.monotonic() + END_GRACE
        for process in running:
            try:
                process.wait(timeout=max(0.1, deadline - time.monotonic()))
            except subprocess.TimeoutExpired:
                process.kill()
        for slot in slots:
            slot.close()


def supervisor_runs(pid: int) -> bool:
    return process_runs(pid, b"task_workers")
