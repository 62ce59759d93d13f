"""Downloads of a tournament's data (supervisor only): the Excel workbook, and a backup of the
tournament (the archive of `manage.py backup` holding this tournament only: interchange document,
history, manifest)."""

from __future__ import annotations

import tempfile

from django.http import FileResponse
from django.views import View

from tournament.exchange.backup.dump import backup_name, backup_write
from tournament.exchange.exports.workbook import tournament_xlsx
from tournament.exchange.exports.xlsx import XLSX_CONTENT_TYPE
from tournament.web.access import SUPERVISOR, TournamentMixin


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


class BackupView(TournamentMixin, View):
    """The zip archive, spooled through a temporary file (a large tournament is megabytes)."""

    required_role = SUPERVISOR

    def get(self, request, slug):
        out = tempfile.TemporaryFile()  # noqa: SIM115 (FileResponse closes it when sent)
        backup_write(out, [self.tournament])
        out.seek(0)
        response = FileResponse(
            out,
            as_attachment=True,
            filename=backup_name(slug=self.tournament.slug),
            content_type="application/zip",
        )
        response["Cache-Control"] = "no-store"
        return response
