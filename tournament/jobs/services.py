"""Starting jobs, finding them, and the rule that no job stays "running" once its worker died.

A job is queued, running, ready or failed (`models.Job.State`). One job of a kind per Durchgang
(or tournament) waits or runs at a time: a partial unique index holds that across app servers,
and a second request joins the waiting job. A running job beats its heart
(`settings.JOB_HEARTBEAT_SECONDS`); after `settings.JOB_STALE_SECONDS` without a beat its worker
is dead (killed, machine gone), and whoever looks at the job next (a status poll, a worker
starting another job, a new request) puts it back in line, or fails it with a message after
`settings.JOB_ATTEMPTS` attempts (`tasks.jobs_revive`). Each of these steps is one conditional
UPDATE, so two app servers looking at once do it once.
"""

from __future__ import annotations

import logging
from datetime import timedelta

from django.conf import settings
from django.contrib.auth.models import AnonymousUser, User
from django.core.files.storage import default_storage
from django.db import IntegrityError, transaction
from django.utils import timezone

from tournament import models
from tournament.jobs.runner import FAILED, QUEUED, READY, RUNNING, job_files_remove
from tournament.jobs.tasks import job_enqueue, jobs_revive, stale_limit

logger = logging.getLogger(__name__)

Job = models.Job
WAITING = (QUEUED, RUNNING)


def job_start(
    kind: str,
    tournament: models.Tournament,
    *,
    language: str,
    user: User | AnonymousUser | None = None,
    durchgang: int = models.jobs.WHOLE_TOURNAMENT,
    total: int = 0,
    upload: str = "",
    upload_sha256: str = "",
    options: dict | None = None,
) -> tuple[Job, bool]:
    """The waiting job of this kind for the Durchgang (or tournament), else a new one, queued
    on the task backend. Returns the job and whether it is new."""
    return job_start_for(
        kind,
        tournament.slug,
        language=language,
        user=user,
        durchgang=durchgang,
        total=total,
        upload=upload,
        upload_sha256=upload_sha256,
        options=options,
    )


def job_start_for(
    kind: str,
    slug: str,
    *,
    language: str,
    user: User | AnonymousUser | None = None,
    durchgang: int = models.jobs.WHOLE_TOURNAMENT,
    total: int = 0,
    upload: str = "",
    upload_sha256: str = "",
    options: dict | None = None,
) -> tuple[Job, bool]:
    """`job_start` for a job that belongs to no tournament but to what `slug` names (an
    upload's token): the waiting job of this kind under `slug`, else a new one."""
    jobs_sweep()
    for _attempt in range(3):
        joined = _waiting(kind, slug, durchgang)
        if joined is not None:
            return joined, False
        try:
            with transaction.atomic():
                job = Job.objects.create(
                    kind=kind,
                    slug=slug,
                    durchgang=durchgang,
                    language=language,
                    requested_by=_requester(user),
                    total=total,
                    upload=upload,
                    upload_sha256=upload_sha256,
                    options=options or {},
                )
        except IntegrityError:
            continue  # another server started it a moment ago: join that one
        job_enqueue(job.pk)
        job.refresh_from_db()
        return job, True
    raise RuntimeError("no job could be started or joined")  # pragma: no cover


def _requester(user: User | AnonymousUser | None) -> User | None:
    """The logged-in user who asks (the project's user model is Django's `User`)."""
    return user if isinstance(user, User) else None


def _waiting(kind: str, slug: str, durchgang: int) -> Job | None:
    job = Job.objects.filter(kind=kind, slug=slug, durchgang=durchgang, state__in=WAITING).first()
    if job is None:
        return None
    job = job_checked(job)
    return job if job.waiting else None


def job_find(job_id: str, tournament: models.Tournament, kinds: tuple[str, ...]) -> Job | None:
    """The job `job_id` of the tournament if it is of one of `kinds`, checked for liveness."""
    job = Job.objects.filter(pk=job_id, slug=tournament.slug, kind__in=kinds).first()
    return job_checked(job) if job is not None else None


def job_checked(job: Job) -> Job:
    """`job` as it is, or, when it ran on a worker that died, back in line or failed."""
    if job.state != RUNNING:
        return job
    if job.heartbeat_at and job.heartbeat_at >= stale_limit():
        return job
    jobs_revive(Job.objects.filter(pk=job.pk))
    job.refresh_from_db()
    return job


def job_place(job: Job) -> int:
    """1 for the next job in line, 2 for the one after it ...; 0 unless queued."""
    if job.state != QUEUED:
        return 0
    return Job.objects.filter(state=QUEUED, created_at__lte=job.created_at).count()


def jobs_sweep() -> None:
    """Delete finished jobs older than `settings.JOB_KEEP_HOURS`, with their files."""
    limit = timezone.now() - timedelta(hours=settings.JOB_KEEP_HOURS)
    old = Job.objects.filter(state__in=(READY, FAILED), finished_at__lt=limit)
    for job in old:
        for name in (job.result, job.upload):
            if name:
                try:
                    default_storage.delete(name)
                except OSError:
                    logger.warning("job %s: its file %s could not be deleted", job.pk, name)
        job_files_remove(job)  # and its folder
        job.delete()
