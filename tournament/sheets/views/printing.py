"""Downloads of the signed scoresheets (rule 5.3): one table's sheet, or a whole Durchgang's.
Clerks and supervisors of the tournament.

A whole Durchgang takes a while (a 250-table Durchgang about a minute), so its button starts a
background job (tournament/jobs/: one per Durchgang, run by a task worker) while a progress page
polls the job's state. These addresses under the Durchgang are the job's; the work and the
words are tournament/sheets/jobs.py's, the pages built on tournament/jobs/web.py.
"""

from __future__ import annotations

from django.http import Http404, HttpResponse
from django.shortcuts import redirect
from django.utils import translation
from django.views import View

from tournament import models
from tournament.jobs.services import READY, job_start
from tournament.jobs.status import job_urls
from tournament.jobs.web import JobMixin, JobProgressView, JobStatusView, job_file_response
from tournament.sheets.pdf import durchgang_sheets_pdf, scoresheet_pdf
from tournament.sheets.services.printing import sheet_pdf_name, sheets_pdf_name
from tournament.sheets.views.sheet import SheetMixin
from tournament.web.access import CLERK, DurchgangMixin

Job = models.Job


def _pdf_response(pdf: bytes, name: str) -> HttpResponse:
    response = HttpResponse(pdf, content_type="application/pdf")
    response["Content-Disposition"] = f'inline; filename="{name}"'
    return response


class SheetPdfView(SheetMixin, View):
    """The signed sheet of one table."""

    def get(self, request, *args, **kwargs):
        table = self.get_table()
        # Over a render limit, RenderLimitMiddleware answers.
        return _pdf_response(scoresheet_pdf(table), sheet_pdf_name(table))


class DurchgangPrintMixin(DurchgangMixin, JobMixin):
    required_role = CLERK

    def get_durchgang(self) -> models.Durchgang:
        durchgang = super().get_durchgang()
        if not durchgang.tables.exists():
            raise Http404
        return durchgang

    def get_job(self) -> Job:
        job = super().get_job()
        if job.kind != Job.Kind.SHEETS or job.durchgang != self.get_durchgang().number:
            raise Http404
        return job


class SheetsPdfView(DurchgangPrintMixin, View):
    """The signed sheets of the whole Durchgang: `?job=` the file a print job made, else made
    now, in the request (for scripts)."""

    def get(self, request, *args, **kwargs):
        durchgang = self.get_durchgang()
        if "job" not in request.GET:
            return _pdf_response(durchgang_sheets_pdf(durchgang), sheets_pdf_name(durchgang))
        job = self.get_job()
        if job.state != READY:
            raise Http404
        return job_file_response(job)


class SheetsPrintView(DurchgangPrintMixin, View):
    http_method_names = ["post"]

    def post(self, request, *args, **kwargs):
        durchgang = self.get_durchgang()
        job, _new = job_start(
            Job.Kind.SHEETS,
            self.tournament,
            language=translation.get_language(),
            user=request.user,
            durchgang=durchgang.number,
            total=durchgang.tables.count(),
        )
        return redirect(job_urls(job)["page"])


class SheetsProgressView(DurchgangPrintMixin, JobProgressView):
    pass


class SheetsStatusView(DurchgangPrintMixin, JobStatusView):
    pass
