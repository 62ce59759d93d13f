"""What the printing pages say about the signed scoresheets (rule 5.3): the files' names, and a
print job's state (tournament/sheets/print_jobs.py) in words, with the addresses its progress
page polls and downloads from."""

from __future__ import annotations

from django.urls import reverse
from django.utils.translation import gettext as _

from tournament import models
from tournament.sheets.print_jobs import FAILED, QUEUED, READY, RUNNING


def sheet_pdf_name(table: models.Table) -> str:
    durchgang = table.durchgang
    return f"{durchgang.tournament.slug}-durchgang-{durchgang.number}-tisch-{table.number}.pdf"


def sheets_pdf_name(durchgang: models.Durchgang) -> str:
    return f"{durchgang.tournament.slug}-durchgang-{durchgang.number}-spiellisten.pdf"


def print_job_status(state: dict, durchgang: models.Durchgang) -> dict:
    """The job's state as the user reads it (`message`), the address of its PDF once it is
    ready (`pdf_url`) and the address the progress page polls (`status_url`)."""
    args = [durchgang.tournament.slug, durchgang.number]
    message = {
        QUEUED: _(
            "Waiting in line: place %(place)s. Printing starts when the print jobs before it "
            "are done."
        ),
        RUNNING: _("Preparing the signed scoresheets: %(done)s of %(total)s tables done."),
        READY: _("The signed scoresheets are ready (%(total)s tables)."),
        FAILED: _(
            "The PDF could not be made. Please try again; if it fails again, tell the "
            "administrator."
        ),
    }[state["state"]] % {
        "place": state.get("place", 0),
        "done": state["done"],
        "total": state["total"],
    }
    if state["state"] == FAILED and state.get("error"):
        message = state["error"]  # a render over its bounds says which and what to do
    return {
        "message": message,
        "pdf_url": reverse("manage:sheets_pdf", args=args) + f"?job={state['job']}",
        "status_url": reverse("manage:sheets_print_status", args=[*args, state["job"]]),
    }
