"""Downloads of the signed scoresheets (rule 5.3): one table's sheet, or a whole Durchgang's.
Clerks and supervisors of the tournament.

A whole Durchgang takes a while (a 250-table Durchgang about a minute), so its button starts a
print job: a thread of this server process renders the PDF into a temporary file while a
progress page polls the job's state (JSON). The state is a small file beside the PDF, so any
server process can answer the poll; a job is bound to its tournament and Durchgang, and its id
is a random token. Anything that goes wrong is logged, and the user reads a short message.
"""

from __future__ import annotations

import json
import logging
import os
import re
import secrets
import tempfile
import threading
import time
from pathlib import Path

from django.db import connections
from django.http import FileResponse, Http404, HttpResponse, JsonResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext as _
from django.views import View
from django.views.generic import TemplateView

from tournament import models
from tournament.access import CLERK
from tournament.printouts import RenderLimitError
from tournament.scoresheet_pdf import durchgang_sheets_pdf, scoresheet_pdf
from tournament.views_draw import DurchgangMixin
from tournament.views_sheet import SheetMixin

logger = logging.getLogger(__name__)

JOBS = Path(tempfile.gettempdir()) / f"schafkopf-spiellisten-{os.getuid()}"
KEEP = 3600  # seconds a job's files are kept
STALE = 600  # seconds without progress after which a running job has failed (server stopped)
JOB_ID = re.compile(r"[0-9a-f]{32}")
RUNNING, READY, FAILED = "running", "ready", "failed"


def _pdf_response(pdf: bytes, name: str) -> HttpResponse:
    response = HttpResponse(pdf, content_type="application/pdf")
    response["Content-Disposition"] = f'inline; filename="{name}"'
    return response


def _file_name(durchgang: models.Durchgang) -> str:
    return f"{durchgang.tournament.slug}-durchgang-{durchgang.number}-spiellisten.pdf"


class SheetPdfView(SheetMixin, View):
    """The signed sheet of one table."""

    def get(self, request, *args, **kwargs):
        table = self.get_table()
        name = f"{self.tournament.slug}-durchgang-{table.durchgang.number}-tisch-{table.number}.pdf"
        return _pdf_response(scoresheet_pdf(table), name)  # over a limit: RenderLimitMiddleware


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
    now (for scripts and browsers without JavaScript)."""

    def get(self, request, *args, **kwargs):
        durchgang = self.get_durchgang()
        if "job" not in request.GET:
            return _pdf_response(durchgang_sheets_pdf(durchgang), _file_name(durchgang))
        state = self.get_job(durchgang)
        if state["state"] != READY:
            raise Http404
        return FileResponse(
            (JOBS / f"{state['job']}.pdf").open("rb"),
            content_type="application/pdf",
            filename=_file_name(durchgang),
        )


class SheetsPrintView(DurchgangPrintMixin, View):
    http_method_names = ["post"]

    def post(self, request, *args, **kwargs):
        durchgang = self.get_durchgang()
        job = job_start(durchgang, translation.get_language())
        return redirect(
            "manage:sheets_print_progress",
            slug=self.tournament.slug,
            number=durchgang.number,
            job=job,
        )


class SheetsProgressView(DurchgangPrintMixin, TemplateView):
    template_name = "tournament/print/signed_progress.html"

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        durchgang = self.get_durchgang()
        state = self.get_job(durchgang)
        context.update(durchgang=durchgang, state=state, **_status(state, durchgang))
        return context


class SheetsStatusView(DurchgangPrintMixin, View):
    def get(self, request, *args, **kwargs):
        durchgang = self.get_durchgang()
        state = self.get_job(durchgang)
        status = _status(state, durchgang)
        return JsonResponse(
            {
                "state": state["state"],
                "done": state["done"],
                "total": state["total"],
                "message": status["message"],
                "url": status["pdf_url"] if state["state"] == READY else "",
            }
        )


def _status(state: dict, durchgang: models.Durchgang) -> dict:
    args = [durchgang.tournament.slug, durchgang.number]
    message = {
        RUNNING: _("Preparing the signed scoresheets: %(done)s of %(total)s tables done."),
        READY: _("The signed scoresheets are ready (%(total)s tables)."),
        FAILED: _(
            "The PDF could not be made. Please try again; if it fails again, tell the "
            "administrator."
        ),
    }[state["state"]] % {"done": state["done"], "total": state["total"]}
    if state["state"] == FAILED and state.get("error"):
        message = state["error"]  # a render over its bounds says which and what to do
    return {
        "message": message,
        "pdf_url": reverse("manage:sheets_pdf", args=args) + f"?job={state['job']}",
        "status_url": reverse("manage:sheets_print_status", args=[*args, state["job"]]),
    }


def _state_write(job: str, state: dict) -> None:
    temporary = JOBS / f"{job}.json.tmp"
    temporary.write_text(json.dumps({**state, "updated": time.time()}))
    os.replace(temporary, JOBS / f"{job}.json")


def job_state(job: str, durchgang: models.Durchgang) -> dict | None:
    """The job's state if it is a job of this Durchgang, else None."""
    if not JOB_ID.fullmatch(job):
        return None
    try:
        state = json.loads((JOBS / f"{job}.json").read_text())
    except (OSError, ValueError):
        return None
    if (state.get("slug"), state.get("durchgang")) != (durchgang.tournament.slug, durchgang.number):
        return None
    if state["state"] == RUNNING and time.time() - state["updated"] > STALE:
        state["state"] = FAILED
    return state


def _sweep() -> None:
    """Delete the files of jobs older than `KEEP`."""
    limit = time.time() - KEEP
    for path in JOBS.iterdir():
        try:
            if path.stat().st_mtime < limit:
                path.unlink()
        except OSError:
            pass


def job_start(durchgang: models.Durchgang, language: str) -> str:
    """Start printing the Durchgang's signed sheets in a thread; returns the job's id."""
    JOBS.mkdir(mode=0o700, exist_ok=True)
    _sweep()
    job = secrets.token_hex(16)
    state = {
        "job": job,
        "slug": durchgang.tournament.slug,
        "durchgang": durchgang.number,
        "state": RUNNING,
        "done": 0,
        "total": durchgang.tables.count(),
    }
    _state_write(job, state)
    threading.Thread(
        target=_job_run, args=(state, durchgang.pk, language), daemon=True, name=f"print-{job}"
    ).start()
    return job


def _job_run(state: dict, durchgang_pk: int, language: str) -> None:
    job = state["job"]

    def progress(done: int, total: int) -> None:
        if done != state["done"] or total != state["total"]:
            state.update(done=done, total=total)
            _state_write(job, state)

    try:
        with translation.override(language):
            durchgang = models.Durchgang.objects.select_related("tournament").get(pk=durchgang_pk)
            pdf = durchgang_sheets_pdf(durchgang, progress=progress)
        temporary = JOBS / f"{job}.pdf.tmp"
        temporary.write_bytes(pdf)
        os.replace(temporary, JOBS / f"{job}.pdf")
        state["state"] = READY
    except RenderLimitError as error:
        logger.warning("printing the signed scoresheets stopped (job %s): %s", job, error)
        state.update(state=FAILED, error=str(error))
    except Exception:
        logger.exception("printing the signed scoresheets failed (job %s)", job)
        state["state"] = FAILED
    finally:
        _state_write(job, state)
        connections.close_all()
