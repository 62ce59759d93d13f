"""The import of a SchafkopfTurnier database on a page of the person register: upload the file,
see what the import would make (the import itself, rolled back, as a background job:
tournament/exchange/skt/jobs.py), confirm.

The upload waits between the steps in the storage, as a backup to restore does
(tournament/exchange/restore_view.py): under a random token that only this user's session
knows, with its SHA-256 (a file changed meanwhile is refused); an upload never confirmed is
swept after an hour. While the preview's job waits or runs, the page shows its progress (and
answers its script's polls, `?stand=1`); once it is ready, the preview. The confirmed import
runs in the request: by then the file is known to import.
"""

# Declared boilerplate (duplicates): an upload's steps (limit, form, kept file, preview) are alike
# in shape to the restore's.

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.core.files.storage import default_storage
from django.http import JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import translation
from django.utils.http import urlencode
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views import View

from rules.presets import PRESETS
from tournament.exchange.skt.importer import DEFAULT_POINT_TABLE, SktReport, skt_import
from tournament.exchange.skt.jobs import KIND, preview_result
from tournament.exchange.skt.problems import SktError
from tournament.exchange.skt.reader import skt_read
from tournament.exchange.skt.report import report_lines
from tournament.jobs.services import FAILED, job_checked, job_start_for
from tournament.jobs.status import job_status
from tournament.models import Job
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
    """The import of the stored upload `stored`, read where it is kept: in the upload folder
    that the sweep cleans (tournament/web/uploads.py), opened immutable, so that SQLite writes
    nothing beside it (no -wal, no -shm) and no copy is left anywhere by a worker that dies."""
    return skt_import(skt_read(default_storage.path(stored), upload=True), **options)


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

    def preview_job(self) -> Job:
        """The preview's job of this upload: the one started before, else a new one."""
        kept = self.kept
        job = Job.objects.filter(kind=KIND, slug=kept["token"], upload=kept["stored"]).last()
        if job is not None:
            return job_checked(job)
        job, _new = job_start_for(
            KIND,
            kept["token"],
            language=translation.get_language(),
            user=self.request.user,
            upload=kept["stored"],
            upload_sha256=kept["sha256"],
            options={
                "organiser": self.organiser.pk,
                "organiser_slug": self.organiser.slug,
                "point_table": kept["point_table"],
            },
        )
        return job

    def preview_page(self):
        job = self.preview_job()
        status = job_status(job)
        if "stand" in self.request.GET:
            keys = ("state", "place", "done", "total", "message", "url")
            return JsonResponse({key: status[key] for key in keys})
        if job.waiting:
            context = {"organiser": self.organiser, "job": job, "status": status}
            return render(self.request, "tournament/exchange/skt_progress.html", context)
        heading = _("Import the SchafkopfTurnier database?")
        action = _("Import")
        refused_message = _("The database cannot be imported; nothing was stored.")
        result = preview_result(job) if job.state != FAILED else None
        if result is None:
            lines = [job.message or _("The preview is no longer valid: upload the file again.")]
            preview = Preview(heading, lines, action, refused=refused_message)
        elif result[0]:
            preview = Preview(heading, result[1], action, refused=refused_message)
        else:
            preview = Preview(heading, result[1], action, danger=False)
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
        for job in Job.objects.filter(kind=KIND, slug=self.kept["token"]).exclude(result=""):
            default_storage.delete(job.result)  # what the preview showed: names
        self.request.session.pop(SESSION_KEY, None)
        for line in report_lines(report):
            messages.success(self.request, line)
        return redirect("manage:persons", organiser=self.organiser.slug)
