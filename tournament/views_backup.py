"""The supervisor downloads a backup of his tournament: the archive of `manage.py backup`
holding this tournament only (interchange document, history, manifest)."""

from __future__ import annotations

import tempfile

from django.http import FileResponse
from django.views import View

from tournament.access import SUPERVISOR, TournamentMixin
from tournament.backup.dump import backup_name, backup_write


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
