"""The signed scoresheets of a whole Durchgang (rule 5.3) as a background job
(tournament/jobs/registry.py): clerks and supervisors start it; its pages keep the addresses
under the Durchgang that they had before printing became a job."""

from __future__ import annotations

import contextlib
from pathlib import Path

from django.core.files.base import ContentFile
from django.core.files.storage import default_storage
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournament import models
from tournament.jobs.registry import JobError, Made, Progress, register
from tournament.sheets import pdf
from tournament.sheets.services.printing import sheets_pdf_name
from tournament.web.access import CLERK


def sheets(job: models.Job, progress: Progress) -> Made:
    """One page per table of the Durchgang `job.durchgang`."""
    durchgang = (
        models.Durchgang.objects.select_related("tournament")
        .filter(tournament__slug=job.slug, number=job.durchgang)
        .first()
    )
    if durchgang is None:
        raise JobError(_("Durchgang %(n)s does not exist any more.") % {"n": job.durchgang})
    # Looked up now, on the module: tests put a counting renderer in its place.
    parts = StoredParts(job)
    content = pdf.durchgang_sheets_pdf(durchgang, progress=progress, parts=parts)
    parts.clear()
    return Made(sheets_pdf_name(durchgang), ContentFile(content))


class StoredParts:
    """The chunks of the job's PDF that are done, in the storage beside the job's file
    (`jobs/<id>/teile/`): another worker that takes the job up after this one died resumes
    after the last chunk finished."""

    def __init__(self, job: models.Job) -> None:
        self.folder = f"jobs/{job.pk}/teile"

    def get(self, key: str) -> bytes | None:
        name = f"{self.folder}/{key}.pdf"
        if not default_storage.exists(name):
            return None
        with default_storage.open(name) as kept:
            return kept.read()

    def put(self, key: str, content: bytes) -> None:
        name = f"{self.folder}/{key}.pdf"
        default_storage.delete(name)
        default_storage.save(name, ContentFile(content))

    def clear(self) -> None:
        """Remove the chunks, and their folder (a storage without folders has none)."""
        with contextlib.suppress(FileNotFoundError):
            for name in default_storage.listdir(self.folder)[1]:
                default_storage.delete(f"{self.folder}/{name}")
        with contextlib.suppress(NotImplementedError, OSError):
            Path(default_storage.path(self.folder)).rmdir()


def sheets_job_urls(job: models.Job) -> dict[str, str]:
    args = [job.slug, job.durchgang, job.pk]
    return {
        "page": reverse("manage:sheets_print_progress", args=args),
        "status": reverse("manage:sheets_print_status", args=args),
        "file": reverse("manage:sheets_pdf", args=args[:2]) + f"?job={job.pk}",
    }


register(
    models.Job.Kind.SHEETS,
    sheets,
    role=CLERK,
    urls=sheets_job_urls,
    running=gettext_lazy("Preparing the signed scoresheets: %(done)s of %(total)s tables done."),
    ready=gettext_lazy("The signed scoresheets are ready (%(total)s tables)."),
)
