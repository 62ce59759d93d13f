"""Downloads of a tournament's data (supervisor only)."""

from __future__ import annotations

import tempfile

from django.http import FileResponse
from django.views import View

from tournament.access import SUPERVISOR, TournamentMixin
from tournament.exports.workbook import tournament_xlsx
from tournament.exports.xlsx import XLSX_CONTENT_TYPE


class WorkbookView(TournamentMixin, View):
    """The whole tournament as an Excel workbook, spooled through a temporary file."""

    required_role = SUPERVISOR

    def get(self, request, slug):
        out = tempfile.TemporaryFile()  # noqa: SIM115 (FileResponse closes it when sent)
        tournament_xlsx(self.tournament, out)
        out.seek(0)
        return FileResponse(
            out,
            as_attachment=True,
            filename=f"{self.tournament.slug}.xlsx",
            content_type=XLSX_CONTENT_TYPE,
        )
