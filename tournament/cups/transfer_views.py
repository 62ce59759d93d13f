"""Cup files between installations: the organiser's key page (its public key as a code, a
fingerprint and a key file, and a signed cup file of each finished tournament), and a member
sending in a file: upload, preview of what it changes, confirmation.

The upload waits between preview and confirmation in the storage (tournament/web/uploads.py:
deleted when never confirmed), named in this session only, with its SHA-256; the confirmation
verifies the file again before it stores anything.
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.core.files.storage import default_storage
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.urls import reverse
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import gettext as _
from django.views import View
from django.views.generic import FormView, TemplateView

from tournament.cups.access import CupMixin
from tournament.cups.files import cup_file, tournament_finished
from tournament.cups.forms import CUP_FILE_MAX_BYTES, UploadForm
from tournament.cups.services import UploadCheck, upload_check, upload_store
from tournament.cups.signing import (
    CupFileError,
    fingerprint,
    key_file,
    signing_key,
    signing_key_make,
)
from tournament.models import Tournament
from tournament.persons.access import OrganiserMixin
from tournament.web.confirm import Preview, PreviewTable, confirm_page, is_confirmed
from tournament.web.uploads import upload_keep, upload_sha256

TEMPLATES = "tournament/cups/"
SESSION_KEY = "cup_upload"


class CupKeyView(OrganiserMixin, TemplateView):
    """GET shows the key (made by the POST the first time) and the finished tournaments."""

    template_name = TEMPLATES + "key.html"

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        key = signing_key(self.organiser)
        tournaments = Tournament.objects.filter(organiser=self.organiser).order_by("-date")[:50]
        finished = [t for t in tournaments if tournament_finished(t)] if key else []
        return super().get_context_data(
            key=key,
            fingerprint=fingerprint(key.public_key) if key else "",
            finished=finished,
            **kwargs,
        )

    def post(self, request: HttpRequest, organiser: str) -> HttpResponse:
        signing_key_make(self.organiser)
        return redirect("manage:cup_key", organiser=organiser)


class CupKeyFileView(OrganiserMixin, View):
    def get(self, request: HttpRequest, organiser: str) -> HttpResponse:
        key = signing_key(self.organiser)
        if key is None:
            return redirect("manage:cup_key", organiser=organiser)
        response = HttpResponse(key_file(key), content_type="application/json")
        filename = f"{self.organiser.slug}-pokal-schluessel.json"
        response["Content-Disposition"] = f'attachment; filename="{filename}"'
        return response


class CupExportView(OrganiserMixin, View):
    """The signed cup file of one of the organiser's tournaments."""

    def get(self, request: HttpRequest, organiser: str, slug: str) -> HttpResponse:
        tournament = get_object_or_404(Tournament, organiser=self.organiser, slug=slug)
        try:
            data = cup_file(tournament)
        except CupFileError as error:
            messages.error(request, error.message)
            return redirect("manage:cup_key", organiser=organiser)
        response = HttpResponse(data, content_type="application/json")
        response["Content-Disposition"] = f'attachment; filename="{slug}-pokal.json"'
        return response


def _preview(check: UploadCheck, member_name: str) -> Preview:
    evening = check.evening
    names = {
        "evening": evening.name,
        "date": date_format(evening.date, "d.m.Y"),
        "member": member_name,
        "signed": date_format(timezone.localtime(evening.signed_at), "d.m.Y H:i"),
        "players": len(evening.standings),
    }
    lines = [
        _(
            "%(evening)s of %(date)s, %(players)s players, signed by %(member)s on %(signed)s: "
            "the signature is valid."
        )
        % names
    ]
    if check.existing is not None and check.existing.signed_at is not None:
        held = date_format(timezone.localtime(check.existing.signed_at), "d.m.Y H:i")
        lines.append(
            _("It replaces the file signed on %(held)s; %(count)s rows change.")
            % {"held": held, "count": len(check.changes)}
        )
    else:
        lines.append(_("The evening is new in the cup."))

    def shown(value: tuple[int, int] | None) -> str:
        return f"{value[0]}. ({value[1]})" if value else "–"

    rows = [(c.name, shown(c.before), shown(c.after)) for c in check.changes]
    table = PreviewTable(
        caption=_("What changes (place and points)"),
        headers=[_("Name"), _("before"), _("after")],
        rows=rows,
    )
    return Preview(
        heading=_("Send in %(evening)s?") % names,
        lines=lines,
        action=_("Replace the evening") if check.existing else _("Send in the evening"),
        tables=[table],
        danger=check.existing is not None,
    )


class CupUploadView(CupMixin, FormView):
    """A member sends in a file: the form; its POST previews; the confirmed POST stores."""

    form_class = UploadForm
    template_name = TEMPLATES + "upload.html"

    def back(self) -> str:
        return reverse("manage:cup", args=[self.organiser.slug, self.cup.slug])

    def post(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        self.member_required()
        if is_confirmed(request):
            return self.confirmed()
        return super().post(request, *args, **kwargs)

    def form_valid(self, form: UploadForm) -> HttpResponse:
        member = self.member_required()
        upload = form.cleaned_data["file"]
        if upload.size > CUP_FILE_MAX_BYTES:
            form.add_error("file", _("The file is larger than a cup file can be."))
            return self.form_invalid(form)
        data = upload.read()
        upload.seek(0)
        try:
            check = upload_check(cup=self.cup, member=member, data=data)
        except CupFileError as error:
            form.add_error("file", error.message)
            return self.form_invalid(form)
        name, sha = upload_keep(upload, "cup", ".json")
        self.request.session[SESSION_KEY] = {"name": name, "sha": sha, "cup": self.cup.pk}
        preview = _preview(check, member.organiser.name)
        return confirm_page(self.request, preview, cancel_url=self.back())

    def confirmed(self) -> HttpResponse:
        member = self.member_required()
        kept = self.request.session.pop(SESSION_KEY, None)
        if not kept or kept.get("cup") != self.cup.pk or upload_sha256(kept["name"]) != kept["sha"]:
            messages.error(self.request, _("The uploaded file is gone: upload it again."))
            return redirect(self.request.path)
        with default_storage.open(kept["name"], "rb") as source:
            data = source.read()
        default_storage.delete(kept["name"])
        try:
            entry = upload_store(cup=self.cup, member=member, data=data, by=self.request.user)
        except CupFileError as error:
            messages.error(self.request, error.message)
            return redirect(self.request.path)
        messages.success(self.request, _("%(name)s counts in the cup.") % {"name": entry.name})
        return redirect(self.back())
