"""The one task of the background jobs, putting it in line, and the rule that puts a dead
worker's job back in line. The job's id is all the task carries (its state is in the database),
so a job queued again after its worker died is the same job.

`job_run` keeps its place here (`tournament.jobs.tasks.job_run`): the database queue stores a
task by that path. Reviving sits beside it because it queues the task again, and the task
revives before it runs: here, neither `runner` nor `services` has to import the other.
"""

from __future__ import annotations

import logging
from datetime import datetime, timedelta

from django.conf import settings
from django.db.models import QuerySet
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import override
from django_tasks import task

from tournament import models
from tournament.jobs.runner import FAILED, QUEUED, RUNNING, job_execute

logger = logging.getLogger(__name__)

Job = models.Job


@task()
def job_run(job_id: str) -> None:
    jobs_revive()  # a worker that died before this one: its jobs go back in line
    job_execute(job_id)


def job_enqueue(job_id: str) -> None:
    """Put the job's task in the task backend's queue (the immediate backend runs it now)."""
    job_run.using(backend=settings.JOBS_BACKEND).enqueue(job_id)


def jobs_revive(jobs: QuerySet[Job] | None = None) -> int:
    """Every running job of `jobs` (default: all) whose heartbeat is stale: queued again while
    it has attempts left, else failed with a message. Returns how many were found dead."""
    limit = stale_limit()
    dead = (jobs if jobs is not None else Job.objects.all()).filter(
        state=RUNNING, heartbeat_at__lt=limit
    )
    found = 0
    for job in dead:
        still_dead = Job.objects.filter(pk=job.pk, state=RUNNING, heartbeat_at__lt=limit)
        if job.attempts < settings.JOB_ATTEMPTS:
            if still_dead.update(state=QUEUED, heartbeat_at=None, done=0):
                logger.warning("job %s: its worker died; queued again", job.pk)
                job_enqueue(job.pk)
                found += 1
            continue
        with override(job.language):
            message = _(
                "The job stopped: the worker running it did not answer any more (tried %(n)s "
                "times). Please start it again."
            ) % {"n": job.attempts}
        if still_dead.update(state=FAILED, message=message, finished_at=timezone.now()):
            logger.error("job %s: its worker died at the last attempt; failed", job.pk)
            found += 1
    return found


def stale_limit() -> datetime:
    """A running job without a heartbeat since is taken for dead."""
    return timezone.now() - timedelta(seconds=settings.JOB_STALE_SECONDS)
