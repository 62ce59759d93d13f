"""Downloads of the signed scoresheets (rule 5.3): one table's sheet, or a whole Durchgang's.
Clerks and supervisors of the tournament.

A whole Durchgang takes a while (a 250-table Durchgang about a minute), so its button starts a
print job (tournament/sheets/print_jobs.py: one per Durchgang, a few at once, the others in
line) while a progress page polls the job's state (JSON; its words in
tournament/sheets/services/printing.py). Anything that goes wrong is logged, and the user reads a
short message.
"""

from __future__ import annotations

from django.http import FileResponse, Http404, HttpResponse, JsonResponse
from django.shortcuts import redirect
from django.utils import translation
from django.views import View
from django.views.generic import TemplateView

from tournament import models
from tournament.core.access import CLERK, DurchgangMixin
from tournament.sheets.pdf import durchgang_sheets_pdf, scoresheet_pdf
from tournament.sheets.print_jobs import READY, job_pdf, job_start, job_state, render_slot
from tournament.sheets.services.printing import (
    print_job_status,
    sheet_pdf_name,
    sheets_pdf_name,
)
from tournament.sheets.views.sheet import SheetMixin


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


class DurchgangPrintMixin(DurchgangMixin):
    required_role = CLERK

    def get_durchgang(self) -> models.Durchgang:
        durchgang = super().get_durchgang()
        if not durchgang.tables.exists():
            raise Http404
        return durchgang

    def get_job(self, durchgang: models.Durchgang) -> dict:
        state = job_state(self.kwargs.get("job") or self.request.GET.get("job", ""), durchgang)
        if state is None:
            raise Http404
        return state


class SheetsPdfView(DurchgangPrintMixin, View):
    """The signed sheets of the whole Durchgang: `?job=` the file a print job made, else made
    now (for scripts) if a render is free: else 503 (RenderLimitMiddleware) with a message."""

    def get(self, request, *args, **kwargs):
        durchgang = self.get_durchgang()
        if "job" not in request.GET:
            with render_slot():
                pdf = durchgang_sheets_pdf(durchgang)
            return _pdf_response(pdf, sheets_pdf_name(durchgang))
        state = self.get_job(durchgang)
        if state["state"] != READY:
            raise Http404
        return FileResponse(
            job_pdf(state["job"]).open("rb"),
            content_type="application/pdf",
            filename=sheets_pdf_name(durchgang),
        )


class SheetsPrintView(DurchgangPrintMixin, View):
    http_method_names = ["post"]

    def post(self, request, *args, **kwargs):
        durchgang = self.get_durchgang()
        # The function of this module, looked up now: tests put a counting renderer in its place.
        job = job_start(durchgang, translation.get_language(), render=durchgang_sheets_pdf)
        return redirect(
            "manage:sheets_print_progress",
            slug=self.tournament.slug,
            number=durchgang.number,
            job=job,
        )


class SheetsProgressView(DurchgangPrintMixin, TemplateView):
    template_name = "tournament/sheets/signed_progress.html"

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        durchgang = self.get_durchgang()
        state = self.get_job(durchgang)
        context.update(durchgang=durchgang, state=state, **print_job_status(state, durchgang))
        return context


class SheetsStatusView(DurchgangPrintMixin, View):
    def get(self, request, *args, **kwargs):
        durchgang = self.get_durchgang()
        state = self.get_job(durchgang)
        status = print_job_status(state, durchgang)
        return JsonResponse(
            {
                "state": state["state"],
                "place": state.get("place", 0),
                "done": state["done"],
                "total": state["total"],
                "message": status["message"],
                "url": status["pdf_url"] if state["state"] == READY else "",
            }
        )
