"""The supervisor restores his tournament from one of its backups: he uploads the archive, sees
what the restore will replace (computed by the restore itself, rolled back), then confirms.

The upload waits between the two steps in the storage (MEDIA_ROOT, shared by the app servers
and the task workers), named by a random token that only this user's session knows, with its
SHA-256: a file changed meanwhile is refused; an upload never confirmed is deleted after an
hour (tournament/web/uploads.py). The restore itself runs as a background job
(tournament/jobs/): a large tournament takes longer than a request should.

What a backup is trusted with through the web (tournament data only; the roles ticked here) is
said in tournament/exchange/backup/replace.py.
"""

# Declared boilerplate (duplicates): an upload's steps and a preview's counted lines (ngettext) are
# alike in shape to other uploads and previews.

from __future__ import annotations

from django import forms
from django.conf import settings
from django.contrib import messages
from django.core.files.storage import default_storage
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import translation
from django.utils.http import urlencode
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views import View

from tournament import models
from tournament.exchange.backup import BackupError
from tournament.exchange.backup.archive import archive_limits, archive_unpacked
from tournament.exchange.backup.preview_store import preview_load
from tournament.exchange.backup.replace import (
    ReplacePreview,
    backup_replace_preview,
)
from tournament.exchange.restore_preview_text import (
    FULLER,
    PUBLICATION_FIELD,
    ROLE_FIELD,
    restore_lines,
    restore_options,
    restore_tables,
)
from tournament.jobs.services import job_start
from tournament.jobs.status import job_urls
from tournament.web.access import SUPERVISOR, TournamentMixin
from tournament.web.confirm import ConfirmActionMixin, Preview
from tournament.web.uploads import (
    form_too_large,
    restore_upload_limit,
    upload_cut_off,
    upload_keep,
    upload_sha256,
    uploads_sweep,
)

SESSION_KEY = "backup_restore"


def _megabytes(size: int) -> str:
    return f"{size / 1_000_000:.0f}"


class RestoreForm(forms.Form):
    archive = forms.FileField(
        label=gettext_lazy("Backup (zip)"),
        help_text=gettext_lazy("A backup of this tournament, as “Download a backup” writes it."),
        widget=forms.ClearableFileInput(attrs={"accept": ".zip"}),
    )

    def clean_archive(self):
        archive = self.cleaned_data["archive"]
        if archive.size > restore_upload_limit():
            raise forms.ValidationError(too_large_message())
        return archive


def too_large_message() -> str:
    return _("The file is larger than %(limit)s MB, the limit for a backup to restore.") % {
        "limit": _megabytes(restore_upload_limit())
    }


class RestoreView(ConfirmActionMixin, TournamentMixin, View):
    """GET: the upload form, or (`?token=`) what the restore of the uploaded backup will do;
    POST with a file: keep it and show that; the confirmed POST restores."""

    required_role = SUPERVISOR
    template_name = "tournament/exchange/restore.html"

    def get(self, request, *args, **kwargs):
        if "token" not in request.GET:
            uploads_sweep()
            return self.upload_page(RestoreForm())
        return self.checked(self.preview_page)

    def preview_page(self):
        """The preview; of a large backup, computed by a task worker first (its progress page
        links back here with `vorschau`, the job's id)."""
        if "vorschau" in self.request.GET or not self.heavy():
            return self.confirm_response()
        job, _new = job_start(
            models.Job.Kind.RESTORE_PREVIEW,
            self.tournament,
            language=translation.get_language(),
            user=self.request.user,
            upload=self.stored,
            upload_sha256=self.sha256,
        )
        if job.upload != self.stored:  # another upload's preview of this tournament runs
            busy = _(
                "Another preview of a restore of this tournament is being computed: try "
                "again in a minute."
            )
            messages.error(self.request, busy)
            return redirect("manage:restore", slug=self.tournament.slug)
        return redirect(job_urls(job)["page"])

    def heavy(self) -> bool:
        """Whether the backup declares to unpack to more than a request should read; one that
        declares more than the bounds is refused at once, in the request, unread."""
        with default_storage.open(self.stored, "rb") as source:
            unpacked = archive_unpacked(source)
        inline = int(settings.RESTORE_PREVIEW_INLINE_MB) * 1_000_000
        return inline < unpacked <= archive_limits().total

    def post(self, request, *args, **kwargs):
        if "token" in request.POST:
            return self.checked(super().post, request, *args, **kwargs)
        if upload_cut_off(request, restore_upload_limit()):
            form = form_too_large(RestoreForm, "archive", too_large_message())
            return self.upload_page(form, status=413)
        form = RestoreForm(request.POST, request.FILES)
        if not form.is_valid():
            return self.upload_page(form, status=400)
        upload = form.cleaned_data["archive"]
        stored, digest = upload_keep(upload, "restore")
        token = stored.rsplit("/", 1)[-1].removesuffix(".zip")
        request.session[SESSION_KEY] = {
            "tournament": self.tournament.pk,
            "token": token,
            "stored": stored,
            "sha256": digest,
            "name": upload.name[:200],
        }
        return redirect(f"{request.path}?{urlencode({'token': token})}")

    def upload_page(self, form, status=200):
        context = {"tournament": self.tournament, "role": self.role, "form": form}
        return render(self.request, self.template_name, context, status=status)

    def checked(self, then, *args, **kwargs):
        """`then()` when the token is this session's and its file unchanged, else back to the
        upload with a message."""
        stored = self.request.session.get(SESSION_KEY) or {}
        token = self.data.get("token", "")
        name = stored.get("stored", "")
        valid = (stored.get("tournament"), stored.get("token")) == (self.tournament.pk, token)
        if not valid or upload_sha256(name) != stored.get("sha256"):
            again = _("The preview is no longer valid: upload the backup again.")
            messages.error(self.request, again)
            return redirect("manage:restore", slug=self.tournament.slug)
        self.stored, self.sha256 = name, stored["sha256"]
        self.token, self.filename = token, stored.get("name", "")
        return then(*args, **kwargs)

    def cancel_url(self) -> str:
        return reverse("manage:dashboard", args=[self.tournament.slug])

    def action_params(self):
        return {"token": self.token}

    def preview(self) -> Preview:
        heading = _("Replace %(name)s by the backup?") % {"name": self.tournament.name}
        action = _("Replace the tournament by the backup")
        try:
            preview = self.replace_preview()
        except BackupError as exc:
            return Preview(heading, [], action, refused=str(exc))
        return Preview(
            heading,
            restore_lines(preview, self.filename),
            action,
            tables=restore_tables(preview),
            options=restore_options(preview),
            options_legend=_("Take over from the backup (each only when ticked):"),
        )

    def replace_preview(self) -> ReplacePreview:
        """What the restore will do: computed now, or read from the preview job of this upload."""
        job_id = self.request.GET.get("vorschau")
        if not job_id:
            with default_storage.open(self.stored, "rb") as source:
                return backup_replace_preview(self.tournament, source)
        job = models.Job.objects.filter(
            pk=str(job_id),
            kind=models.Job.Kind.RESTORE_PREVIEW,
            slug=self.tournament.slug,
            upload=self.stored,
            upload_sha256=self.sha256,
        ).first()
        if job is not None and job.state == models.Job.State.FAILED:
            raise BackupError(job.message)
        if job is None or job.state != models.Job.State.READY or not job.result:
            raise BackupError(_("The preview is no longer valid: upload the backup again."))
        with default_storage.open(job.result, "rb") as stored:
            return preview_load(stored.read())

    def perform(self):
        """The restore runs as a job: its page says when it is done and what it did."""
        job, _new = job_start(
            models.Job.Kind.RESTORE,
            self.tournament,
            language=translation.get_language(),
            user=self.request.user,
            upload=self.stored,
            upload_sha256=self.sha256,
            options={
                "roles": self.request.POST.getlist(ROLE_FIELD)[:100],
                "publish_fuller": self.request.POST.get(PUBLICATION_FIELD) == FULLER,
            },
        )
        self.request.session.pop(SESSION_KEY, None)
        return redirect(job_urls(job)["page"])
