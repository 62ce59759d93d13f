"""The jobs' own pages: the buttons that start them (POST), the progress page, the status its
script polls (JSON), and the download of the result from the storage. Any app server answers
for any job: the state is in the database, the file in the storage. Which kind a button starts,
and who sees it, is registered by its feature (tournament/jobs/registry.py)."""

from __future__ import annotations

from typing import Any

from django.http import FileResponse, Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.utils import translation
from django.views import View

from tournament.jobs.registry import button_kind, job_kind
from tournament.jobs.services import READY, job_start
from tournament.jobs.status import job_urls
from tournament.jobs.web import JobMixin, JobProgressView, JobStatusView, job_file_response
from tournament.web.access import TournamentMixin

__all__ = ["JobFileView", "JobProgressView", "JobStartView", "JobStatusView"]


class JobStartView(TournamentMixin, View):
    """POST: start (or join) the job of the kind named in the address; to its progress page."""

    http_method_names = ["post"]

    def post(self, request: HttpRequest, slug: str, kind: str) -> HttpResponse:
        spec = button_kind(kind)
        if spec is None:
            raise Http404
        job, _new = job_start(
            spec.kind,
            self.tournament,
            language=translation.get_language(),
            user=request.user,
            durchgang=spec.durchgang(self.tournament) if spec.durchgang else 0,
        )
        return redirect(job_urls(job)["page"])


class JobFileView(JobMixin, View):
    """The file a ready job made, read from the storage."""

    def get(self, request: HttpRequest, *args: Any, **kwargs: Any) -> FileResponse:
        job = self.get_job()
        if job.state != READY or not job.result or not job_kind(job.kind).downloadable:
            raise Http404
        return job_file_response(job)
