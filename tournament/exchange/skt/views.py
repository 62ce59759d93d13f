"""The import of a SchafkopfTurnier database on a page of the person register: upload the file,
see what the import would make (the import itself, rolled back), confirm.

The upload waits between the steps in the storage, as a backup to restore does
(tournament/exchange/restore_view.py): under a random token that only this user's session
knows, with its SHA-256 (a file changed meanwhile is refused); an upload never confirmed is
swept after an hour. The import is synchronous: such a database holds a few hundred rows.
"""

# Declared boilerplate (duplicates): an upload's steps (limit, form, kept file, preview) are alike
# in shape to the restore's.

from __future__ import annotations

import tempfile

from django import forms
from django.contrib import messages
from django.core.files.storage import default_storage
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.http import urlencode
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views import View

from rules.presets import PRESETS
from tournament.exchange.skt.importer import DEFAULT_POINT_TABLE, SktReport, skt_import
from tournament.exchange.skt.problems import SktError
from tournament.exchange.skt.reader import skt_read
from tournament.exchange.skt.report import report_lines
from tournament.persons.access import OrganiserMixin
from tournament.web.confirm import Preview, confirm_page, is_confirmed
from tournament.web.uploads import (
    form_too_large,
    restore_upload_limit,
    upload_cut_off,
    upload_keep,
    upload_sha256,
    uploads_sweep,
)

SESSION_KEY = "skt_import"
#: The largest database taken (a SchafkopfTurnier database of a club's years is well below).
LIMIT = 20_000_000


def upload_limit() -> int:
    return min(LIMIT, restore_upload_limit())


def too_large_message() -> str:
    return _("The file is larger than %(limit)s MB, the limit for a database to import.") % {
        "limit": f"{upload_limit() / 1_000_000:.0f}"
    }


class SktUploadForm(forms.Form):
    database = forms.FileField(
        label=gettext_lazy("SchafkopfTurnier database (.sqlite3)"),
        widget=forms.ClearableFileInput(attrs={"accept": ".sqlite3,.sqlite,.db"}),
    )
    point_table = forms.ChoiceField(
        label=gettext_lazy("Point table of its points"),
        choices=[(key, table.title) for key, table in PRESETS.items()],
        initial=DEFAULT_POINT_TABLE,
    )

    def clean_database(self):
        database = self.cleaned_data["database"]
        if database.size > upload_limit():
            raise forms.ValidationError(too_large_message())
        return database


def skt_run(stored: str, **options) -> SktReport:
    """The import of the stored upload `stored` (SQLite reads files only: a copy in a
    temporary file)."""
    with tempfile.NamedTemporaryFile(suffix=".sqlite3") as copy:
        with default_storage.open(stored, "rb") as source:
            for chunk in iter(lambda: source.read(1 << 20), b""):
                copy.write(chunk)
        copy.flush()
        return skt_import(skt_read(copy.name), **options)


class SktImportView(OrganiserMixin, View):
    """GET: the upload form, or (`?token=`) what the import would make; POST with a file: keep
    it and show that; the confirmed POST imports."""

    template_name = "tournament/exchange/skt_import.html"

    def get(self, request, *args, **kwargs):
        if "token" not in request.GET:
            uploads_sweep()
            return self.upload_page(SktUploadForm())
        return self.checked(request.GET, self.preview_page)

    def post(self, request, *args, **kwargs):
        if "token" in request.POST:
            then = self.perform if is_confirmed(request) else self.preview_page
            return self.checked(request.POST, then)
        if upload_cut_off(request, upload_limit()):
            form = form_too_large(SktUploadForm, "database", too_large_message())
            return self.upload_page(form, status=413)
        form = SktUploadForm(request.POST, request.FILES)
        if not form.is_valid():
            return self.upload_page(form, status=400)
        stored, digest = upload_keep(form.cleaned_data["database"], "skt", suffix=".sqlite3")
        token = stored.rsplit("/", 1)[-1].removesuffix(".sqlite3")
        request.session[SESSION_KEY] = {
            "organiser": self.organiser.pk,
            "token": token,
            "stored": stored,
            "sha256": digest,
            "point_table": form.cleaned_data["point_table"],
        }
        return redirect(f"{request.path}?{urlencode({'token': token})}")

    def upload_page(self, form, status=200):
        context = {"organiser": self.organiser, "form": form, "limit": upload_limit()}
        return render(self.request, self.template_name, context, status=status)

    def checked(self, data, then):
        """`then()` when the token is this session's and its file unchanged, else back to the
        upload with a message."""
        kept = self.request.session.get(SESSION_KEY) or {}
        valid = (kept.get("organiser"), kept.get("token")) == (self.organiser.pk, data["token"])
        if not valid or upload_sha256(kept.get("stored", "")) != kept.get("sha256"):
            again = _("The preview is no longer valid: upload the file again.")
            messages.error(self.request, again)
            return redirect("manage:skt_import", organiser=self.organiser.slug)
        self.kept = kept
        return then()

    def import_options(self, *, dry_run: bool) -> dict:
        return {
            "organiser": self.organiser,
            "point_table": self.kept["point_table"],
            "dry_run": dry_run,
            "user": self.request.user,
        }

    def preview_page(self):
        heading = _("Import the SchafkopfTurnier database?")
        action = _("Import")
        try:
            report = skt_run(self.kept["stored"], **self.import_options(dry_run=True))
        except SktError as exc:
            lines = [str(p) for p in exc.problems]
            refused = _("The database cannot be imported; nothing was stored.")
            preview = Preview(heading, lines, action, refused=refused)
        else:
            preview = Preview(heading, report_lines(report)[1:], action, danger=False)
        return confirm_page(
            self.request,
            preview,
            cancel_url=reverse("manage:persons", args=[self.organiser.slug]),
            params={"token": self.kept["token"]},
            context={"organiser": self.organiser},
        )

    def perform(self):
        try:
            report = skt_run(self.kept["stored"], **self.import_options(dry_run=False))
        except SktError:  # the file passed the preview: only a change meanwhile gets here
            return self.preview_page()
        default_storage.delete(self.kept["stored"])
        self.request.session.pop(SESSION_KEY, None)
        for line in report_lines(report):
            messages.success(self.request, line)
        return redirect("manage:persons", organiser=self.organiser.slug)


def _content_length(request) -> int:
    try:
        return int(request.META.get("CONTENT_LENGTH") or 0)
    except ValueError:
        return 0
