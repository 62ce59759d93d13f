"""`manage.py job_worker`: one task worker (django-tasks-db's `db_worker`, same options) that
`manage.py task_workers` starts and watches (tournament/system/liveness.py):

- it beats to its supervisor while its main thread lives; a worker that stopped beating is
  ended by the supervisor and started anew;
- once it ends (an error, a stop) it ends within `EXIT_GRACE` seconds, whatever a thread of it
  waits for;
- when its supervisor is gone (killed with SIGKILL: Linux sends the worker SIGTERM, and it
  looks for it every second too) it does not finish its job as an orphan: it gives the job
  back (its heartbeat taken for stale, so the next look of any supervisor puts it back in line,
  resumed after its last chunk) and ends at once.

A SIGTERM from a living supervisor (its stop) keeps `db_worker`'s way: the job in hand is
finished, then the worker ends; the supervisor kills it after its own grace.
"""

from __future__ import annotations

import contextlib
import signal
from datetime import timedelta

from django.conf import settings
from django.db import DatabaseError, InterfaceError, connections
from django.utils import timezone
from django_tasks_db.management.commands import db_worker

from tournament.models import Job
from tournament.system.liveness import beats_start, end_now, exit_bounded, orphaned

#: Seconds a worker that ends may take to end before it is ended (`os._exit`).
EXIT_GRACE = 10.0


class Worker(db_worker.Worker):
    """`db_worker`'s worker that knows the job in hand and ends at once when orphaned."""

    job_id: str = ""
    parent: int = 0

    def run_task(self, db_task_result) -> None:  # type: ignore[no-untyped-def]
        with contextlib.suppress(Exception):  # a task that does not load fails in run_task
            self.job_id = str((db_task_result.args_kwargs.get("args") or [""])[0])
        try:
            super().run_task(db_task_result)
        finally:
            self.job_id = ""

    def shutdown(self, signum, frame) -> None:  # type: ignore[no-untyped-def]
        if self.parent and orphaned(self.parent):
            end_now(f"its supervisor (pid {self.parent}) is gone")
        super().shutdown(signum, frame)

    def job_give_back(self) -> None:
        """The job in hand counts as a dead worker's: the next look puts it back in line."""
        if not self.job_id:
            return
        stale = timezone.now() - timedelta(seconds=settings.JOB_STALE_SECONDS + 1)
        try:
            Job.objects.filter(pk=self.job_id, state=Job.State.RUNNING).update(heartbeat_at=stale)
        except (DatabaseError, InterfaceError):
            pass  # the database is away: the job is taken up once its beats are stale anyway
        finally:
            with contextlib.suppress(DatabaseError, InterfaceError):
                connections.close_all()


class Command(db_worker.Command):
    help = (
        "Run one task worker (as db_worker) that beats to its supervisor (task_workers), "
        "ends within a bound when it cannot go on, and ends when its supervisor is gone."
    )

    def handle(  # type: ignore[override]
        self,
        *,
        verbosity: int,
        queue_name: str,
        interval: float,
        batch: bool,
        backend_name: str,
        startup_delay: bool,
        max_tasks: int | None,
        worker_id: str,
        exclude_queues: str,
        **options: object,
    ) -> None:
        self.configure_logging(verbosity)
        worker = Worker(
            queue_names=queue_name.split(","),
            interval=interval,
            batch=batch,
            backend_name=backend_name,
            startup_delay=startup_delay,
            max_tasks=max_tasks,
            worker_id=worker_id,
            excluded_queue_names=exclude_queues.split(",") if exclude_queues else [],
        )
        worker.parent = beats_start(on_orphaned=worker.job_give_back)
        worker.configure_signals()
        try:
            worker.run()
        finally:
            # Whatever ends the worker (an error, a stop), it ends within the grace, even when
            # a thread of a render cut off waits on a pipe that nobody writes to any more.
            exit_bounded(EXIT_GRACE)
            signal.signal(signal.SIGTERM, signal.SIG_DFL)
