"""The pieces of the jobs' pages that a feature's own job pages are made of (the signed sheets
of a Durchgang keep their addresses under the Durchgang: tournament/sheets/views/printing.py):
the job of the address, its progress page and status, the download of its file. Features build
on these; nothing here knows a feature."""

from __future__ import annotations

import mimetypes
from typing import Any

from django.core.files.storage import default_storage
from django.http import FileResponse, Http404, HttpRequest, JsonResponse
from django.views import View
from django.views.generic import TemplateView

from tournament import models
from tournament.jobs.registry import job_kinds
from tournament.jobs.services import job_find
from tournament.jobs.status import job_status
from tournament.web.access import CLERK, TournamentMixin, role_allows

Job = models.Job


def kinds_for(role: str | None) -> tuple[str, ...]:
    """The kinds of job the role sees: a Durchgang's signed sheets are printed by clerks and
    supervisors; every other kind is the supervisor's."""
    return tuple(spec.kind for spec in job_kinds() if role_allows(role, spec.role))


class JobMixin(TournamentMixin):
    """The job of the URL (`job`), if it is of this tournament and of a kind this user's role
    may see; else 404."""

    required_role = CLERK

    def get_job(self) -> Job:
        job_id = self.kwargs.get("job") or self.request.GET.get("job", "")
        job = job_find(str(job_id), self.tournament, kinds_for(self.role))
        if job is None:
            raise Http404
        return job


class JobProgressView(JobMixin, TemplateView):
    template_name = "tournament/jobs/progress.html"

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        context = super().get_context_data(**kwargs)
        job = self.get_job()
        context.update(job=job, status=job_status(job))
        return context


class JobStatusView(JobMixin, View):
    def get(self, request: HttpRequest, *args: Any, **kwargs: Any) -> JsonResponse:
        status = job_status(self.get_job())
        keys = ("state", "place", "done", "total", "message", "url")
        return JsonResponse({key: status[key] for key in keys})


def job_file_response(job: Job) -> FileResponse:
    """The file the job made, read from the storage (404 when it is gone)."""
    try:
        source = default_storage.open(job.result, "rb")
    except OSError:
        raise Http404 from None  # swept, or the storage lost it
    content_type = mimetypes.guess_type(job.filename)[0] or "application/octet-stream"
    inline = content_type == "application/pdf"
    response = FileResponse(
        source, as_attachment=not inline, filename=job.filename, content_type=content_type
    )
    response["Cache-Control"] = "no-store"
    return response
