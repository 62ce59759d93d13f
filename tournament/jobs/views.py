"""The pages of the background jobs: the buttons that start them (POST), the progress page, the
status its script polls (JSON), and the download of the result from the storage. Any app server
answers for any job: the state is in the database, the file in the storage.

A Durchgang's signed sheets are printed by clerks and supervisors; every other kind is the
supervisor's."""

from __future__ import annotations

import mimetypes

from django.core.files.storage import default_storage
from django.http import FileResponse, Http404, JsonResponse
from django.shortcuts import redirect
from django.utils import translation
from django.views import View
from django.views.generic import TemplateView

from tournament import models
from tournament.core.access import CLERK, SUPERVISOR, TournamentMixin, role_allows
from tournament.jobs.services import READY, job_find, job_start
from tournament.jobs.status import job_status, job_urls
from tournament.ranking.standings import standings_played

Job = models.Job

#: The kinds a supervisor starts with a button, by the word in their address.
STARTED_BY_BUTTON = {
    "excel": Job.Kind.WORKBOOK,
    "sicherung": Job.Kind.BACKUP,
    "rangliste": Job.Kind.RANKING_PDF,
}


def kinds_for(role: str | None) -> tuple[str, ...]:
    if role_allows(role, SUPERVISOR):
        return tuple(Job.Kind.values)
    return (Job.Kind.SHEETS,)


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


class JobStartView(TournamentMixin, View):
    """POST: start (or join) the job of the kind named in the address; to its progress page."""

    http_method_names = ["post"]

    def post(self, request, slug, kind):
        if kind not in STARTED_BY_BUTTON:
            raise Http404
        kind = STARTED_BY_BUTTON[kind]
        durchgang = standings_played(self.tournament) if kind == Job.Kind.RANKING_PDF else 0
        job, _new = job_start(
            kind,
            self.tournament,
            language=translation.get_language(),
            user=request.user,
            durchgang=durchgang,
        )
        return redirect(job_urls(job)["page"])


class JobProgressView(JobMixin, TemplateView):
    template_name = "tournament/jobs/progress.html"

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        job = self.get_job()
        context.update(job=job, status=job_status(job))
        return context


class JobStatusView(JobMixin, View):
    def get(self, request, *args, **kwargs):
        status = job_status(self.get_job())
        keys = ("state", "place", "done", "total", "message", "url")
        return JsonResponse({key: status[key] for key in keys})


class JobFileView(JobMixin, View):
    """The file a ready job made, read from the storage."""

    def get(self, request, *args, **kwargs):
        job = self.get_job()
        if job.state != READY or not job.result or job.kind == Job.Kind.RESTORE:
            raise Http404
        return job_file_response(job)


def job_file_response(job: Job) -> FileResponse:
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
