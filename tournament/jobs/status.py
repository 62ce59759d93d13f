"""A job's state in words, with the addresses its progress page polls and downloads from."""

from __future__ import annotations

from django.urls import reverse
from django.utils.translation import gettext as _

from tournament import models
from tournament.jobs.services import FAILED, QUEUED, READY, RUNNING, job_place

Job = models.Job


def job_urls(job: Job) -> dict[str, str]:
    """The progress page, its status and the download of `job`. A Durchgang's signed sheets
    keep the addresses under the Durchgang that they had before they became jobs."""
    if job.kind == Job.Kind.SHEETS:
        args = [job.slug, job.durchgang, job.pk]
        return {
            "page": reverse("manage:sheets_print_progress", args=args),
            "status": reverse("manage:sheets_print_status", args=args),
            "file": reverse("manage:sheets_pdf", args=args[:2]) + f"?job={job.pk}",
        }
    args = [job.slug, job.pk]
    return {
        "page": reverse("manage:job", args=args),
        "status": reverse("manage:job_status", args=args),
        "file": reverse("manage:job_file", args=args),
    }


def job_status(job: Job) -> dict:
    """What the progress page and its script show: state, place, progress, message, address."""
    place = job_place(job)
    values = {"place": place, "done": job.done, "total": job.total, "kind": job.get_kind_display()}
    if job.state == QUEUED:
        message = _(
            "Waiting in line: place %(place)s. The job starts when the jobs before it are done."
        )
    elif job.state == RUNNING and job.kind == Job.Kind.SHEETS:
        message = _("Preparing the signed scoresheets: %(done)s of %(total)s tables done.")
    elif job.state == RUNNING:
        message = _("%(kind)s: in the works …")
    elif job.state == READY and job.message:
        message = job.message
    elif job.state == READY and job.kind == Job.Kind.SHEETS:
        message = _("The signed scoresheets are ready (%(total)s tables).")
    elif job.state == READY:
        message = _("%(kind)s is ready.")
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
        "downloadable": job.kind != Job.Kind.RESTORE,
    }
