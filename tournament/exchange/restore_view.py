"""The supervisor restores his tournament from one of its backups: he uploads the archive, sees
what the restore will replace (computed by the restore itself, rolled back), then confirms.

The upload waits between the two steps in the storage (MEDIA_ROOT, shared by the app servers
and the task workers), named by a random token that only this user's session knows, with its
SHA-256: a file changed meanwhile is refused. The restore itself runs as a background job
(tournament/jobs/): a large tournament takes longer than a request should.
"""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.core.files.storage import default_storage
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import translation
from django.utils.http import urlencode
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext
from django.views import View

from tournament import models
from tournament.core.access import SUPERVISOR, TournamentMixin
from tournament.core.confirm import ConfirmActionMixin, Preview, PreviewTable
from tournament.exchange.backup import BackupError
from tournament.exchange.backup.replace import (
    ReplacePreview,
    backup_replace_preview,
    tournament_counts,
)
from tournament.jobs.services import job_start
from tournament.jobs.status import job_urls
from tournament.jobs.uploads import upload_keep, upload_sha256

SESSION_KEY = "backup_restore"


class RestoreForm(forms.Form):
    archive = forms.FileField(
        label=gettext_lazy("Backup (zip)"),
        help_text=gettext_lazy("A backup of this tournament, as “Download a backup” writes it."),
        widget=forms.ClearableFileInput(attrs={"accept": ".zip"}),
    )


class RestoreView(ConfirmActionMixin, TournamentMixin, View):
    """GET: the upload form, or (`?token=`) what the restore of the uploaded backup will do;
    POST with a file: keep it and show that; the confirmed POST restores."""

    required_role = SUPERVISOR
    template_name = "tournament/exchange/restore.html"

    def get(self, request, *args, **kwargs):
        if "token" not in request.GET:
            return self.upload_page(RestoreForm())
        return self.checked(self.confirm_response)

    def post(self, request, *args, **kwargs):
        if "token" in request.POST:
            return self.checked(super().post, request, *args, **kwargs)
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
            with default_storage.open(self.stored, "rb") as source:
                preview = backup_replace_preview(self.tournament, source, user=self.request.user)
        except BackupError as exc:
            return Preview(heading, [], action, refused=str(exc))
        return Preview(
            heading,
            restore_lines(preview, self.filename),
            action,
            tables=[restore_table(preview)],
        )

    def perform(self):
        """The restore runs as a job: its page says when it is done and what it did."""
        job, _new = job_start(
            models.Job.Kind.RESTORE,
            self.tournament,
            language=translation.get_language(),
            user=self.request.user,
            upload=self.stored,
            upload_sha256=self.sha256,
        )
        self.request.session.pop(SESSION_KEY, None)
        return redirect(job_urls(job)["page"])


def restored_games(tournament) -> int:
    return tournament_counts(tournament).games


def restore_lines(p: ReplacePreview, filename: str) -> list[str]:
    lines = [
        _(
            "The tournament %(name)s is replaced: now %(now)s games, after the restore "
            "%(after)s games."
        )
        % {"name": p.name, "now": p.now.games, "after": p.after.games},
    ]
    parts = []
    if p.games_lost:
        parts.append(
            ngettext(
                "%(count)s game entered since the backup is lost",
                "%(count)s games entered since the backup are lost",
                p.games_lost,
            )
            % {"count": p.games_lost}
        )
    if p.games_changed:
        parts.append(
            ngettext(
                "%(count)s game goes back to its state in the backup",
                "%(count)s games go back to their state in the backup",
                p.games_changed,
            )
            % {"count": p.games_changed}
        )
    if p.games_added:
        parts.append(
            ngettext(
                "%(count)s game deleted since comes back",
                "%(count)s games deleted since come back",
                p.games_added,
            )
            % {"count": p.games_added}
        )
    lines.append("; ".join(parts) + "." if parts else _("The games are the same as in the backup."))
    if p.links:
        lines.append(
            ngettext(
                "The phone link of %(count)s table stops working; issue a new one afterwards.",
                "The phone links of %(count)s tables stop working; issue new ones afterwards.",
                p.links,
            )
            % {"count": p.links}
        )
    if p.users_created:
        lines.append(
            ngettext(
                "%(count)s user account of the backup is created, inactive.",
                "%(count)s user accounts of the backup are created, inactive.",
                p.users_created,
            )
            % {"count": p.users_created}
        )
    if p.role_after is None:
        lines.append(
            _("Afterwards you have no role in this tournament: the roles of the backup apply.")
        )
    if filename:
        lines.append(_("Backup file: %(name)s") % {"name": filename})
    return lines


def restore_table(p: ReplacePreview) -> PreviewTable:
    rows = [
        (_("Players"), p.now.players, p.after.players),
        (_("Durchgänge"), p.now.durchgaenge, p.after.durchgaenge),
        (_("Games"), p.now.games, p.after.games),
        (_("Closed sheets"), p.now.closed_sheets, p.after.closed_sheets),
        (_("Entries in the history"), p.now.history, p.after.history),
    ]
    return PreviewTable(
        caption=_("The tournament now and after the restore"),
        headers=["", _("now"), _("after the restore")],
        rows=rows,
        numeric=frozenset({1, 2}),
    )
