"""The names of the signed scoresheets' files (rule 5.3): one table's, a whole Durchgang's."""

from __future__ import annotations

from tournament import models


def sheet_pdf_name(table: models.Table) -> str:
    durchgang = table.durchgang
    return f"{durchgang.tournament.slug}-durchgang-{durchgang.number}-tisch-{table.number}.pdf"


def sheets_pdf_name(durchgang: models.Durchgang) -> str:
    return f"{durchgang.tournament.slug}-durchgang-{durchgang.number}-spiellisten.pdf"
