"""A job's state in words, with the addresses its progress page polls and downloads from. A kind
registered with its own addresses and words (tournament/jobs/registry.py) has those."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _

from tournament import models
from tournament.jobs.registry import job_kind
from tournament.jobs.services import FAILED, QUEUED, READY, RUNNING, job_place
from tournament.jobs.workers import SIGN_FRESH, WAITING_WARNS, workers_alive, workers_hung

Job = models.Job


def job_urls(job: Job) -> dict[str, str]:
    """The progress page, its status and the download of `job`."""
    spec = job_kind(job.kind)
    if spec.urls is not None:
        return spec.urls(job)
    args = [job.slug, job.pk]
    return {
        "page": reverse("manage:job", args=args),
        "status": reverse("manage:job_status", args=args),
        "file": reverse("manage:job_file", args=args),
    }


def no_worker_message() -> str:
    return _(
        "No task worker is running: the job waits until one starts. Tell the administrator "
        "(make serve and make hall start them, or manage.py task_workers)."
    )


def hung_message(since: datetime) -> str:
    return _(
        "The background service does not answer since %(time)s. It is being restarted; the "
        "job goes on then. If this message stays, tell the administrator."
    ) % {"time": f"{timezone.localtime(since):%H:%M:%S}"}


def _hung_since(job: Job) -> datetime | None:
    """Since when the worker `job` waits for (or runs on) does not answer, if it does not: a
    running job whose heartbeat stopped, a queued one while a worker hangs and none works."""
    if job.state == RUNNING and job.heartbeat_at is not None:
        if (timezone.now() - job.heartbeat_at).total_seconds() > SIGN_FRESH:
            return job.heartbeat_at
        return None
    if job.state == QUEUED:
        hung, since = workers_hung()
        if hung and since is not None and not workers_alive():
            return since
    return None


def _no_worker(job: Job) -> bool:
    """Whether `job` has waited a while without a sign of any task worker."""
    waited = (timezone.now() - job.created_at).total_seconds()
    return waited > WAITING_WARNS and not workers_alive()


def job_status(job: Job) -> dict[str, Any]:
    """What the progress page and its script show: state, place, progress, message, address."""
    spec = job_kind(job.kind)
    place = job_place(job)
    values = {"place": place, "done": job.done, "total": job.total, "kind": job.get_kind_display()}
    message: str
    hung_since = _hung_since(job) if job.state in (QUEUED, RUNNING) else None
    if hung_since is not None:
        message = hung_message(hung_since).replace("%", "%%")
    elif job.state == QUEUED and _no_worker(job):
        message = no_worker_message()
    elif job.state == QUEUED:
        message = _(
            "Waiting in line: place %(place)s. The job starts when the jobs before it are done."
        )
    elif job.state == RUNNING:
        message = str(spec.running) if spec.running else _("%(kind)s: in the works …")
    elif job.state == READY and job.message:
        message = job.message
    elif job.state == READY:
        message = str(spec.ready) if spec.ready else _("%(kind)s is ready.")
    else:
        message = job.message or _(
            "The job failed. Please try again; if it fails again, tell the administrator."
        )
    if job.state != FAILED and not job.message:
        message = message % values
    urls = job_urls(job)
    return {
        "state": job.state,
        "place": place,
        "done": job.done,
        "total": job.total,
        "message": message,
        "url": urls["file"] if job.state == READY and job.result else "",
        "status_url": urls["status"],
        "page_url": urls["page"],
        "downloadable": spec.downloadable,
        "link": str(spec.link) if spec.link else "",
    }
