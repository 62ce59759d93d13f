"""Cup pages: the organiser's cups, a cup's settings, the cup page (the cup organiser's view:
members, keys, every evening with its history, withdrawing; a member's view: its own evenings,
adding a tournament, sending in a file), and the public cup table."""

from __future__ import annotations

import io
from typing import Any

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views import View
from django.views.generic import FormView, TemplateView
from openpyxl.workbook import Workbook

from tournament.cups.access import CupMixin
from tournament.cups.forms import CupForm, KeyForm, MemberForm, TournamentAddForm, WithdrawForm
from tournament.cups.services import (
    CupError,
    cup_save,
    entry_hosted_add,
    entry_withdraw,
    member_add,
    member_key_register,
)
from tournament.cups.signing import fingerprint
from tournament.cups.table import cup_table
from tournament.cups.team_table import cup_team_sheet_add, cup_team_table
from tournament.models import Cup, CupEntry, CupMember
from tournament.persons.access import OrganiserMixin
from tournament.seasons.workbook import standings_sheet_add
from tournament.web.form_errors import form_errors_add
from tournament.web.pdf import pdf_render

TEMPLATES = "tournament/cups/"
SHEET = "Pokalwertung"


class CupListView(OrganiserMixin, TemplateView):
    template_name = TEMPLATES + "list.html"

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        own = self.organiser.cups.all()
        member_of = Cup.objects.filter(members__organiser=self.organiser).exclude(
            organiser=self.organiser
        )
        return super().get_context_data(own=own, member_of=member_of, **kwargs)


class CupCreateView(OrganiserMixin, FormView):
    form_class = CupForm
    template_name = TEMPLATES + "form.html"

    def form_valid(self, form: CupForm) -> HttpResponse:
        try:
            cup = cup_save(organiser=self.organiser, **form.cleaned_data)
        except CupError as error:
            form_errors_add(form, error.errors)
            return self.form_invalid(form)
        member_add(cup=cup, organiser=self.organiser)  # the cup organiser hosts evenings too
        messages.success(self.request, _("Cup %(name)s saved.") % {"name": cup.name})
        return redirect("manage:cup", organiser=self.organiser.slug, cup=cup.slug)


class CupEditView(CupMixin, FormView):
    owner_only = True
    form_class = CupForm
    template_name = TEMPLATES + "form.html"

    def get_form_kwargs(self) -> dict[str, Any]:
        return {**super().get_form_kwargs(), "instance": self.cup}

    def form_valid(self, form: CupForm) -> HttpResponse:
        values = {k: v for k, v in form.cleaned_data.items() if k != "slug"}
        try:
            cup_save(organiser=self.organiser, cup=self.cup, slug=self.cup.slug, **values)
        except CupError as error:
            form_errors_add(form, error.errors)
            return self.form_invalid(form)
        messages.success(self.request, _("Cup %(name)s saved.") % {"name": self.cup.name})
        return redirect("manage:cup", organiser=self.organiser.slug, cup=self.cup.slug)


class CupView(CupMixin, TemplateView):
    """The cup organiser sees every member and evening; a member its own evenings."""

    template_name = TEMPLATES + "cup.html"

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        entries = self.cup.entries.select_related("member__organiser", "tournament")
        if not self.owner:
            entries = entries.filter(member=self.member)
        members = [
            (m, fingerprint(m.public_key) if m.public_key else "")
            for m in self.cup.members.select_related("organiser")
        ]
        context: dict[str, Any] = {
            "entries": entries.prefetch_related("events__by").order_by("date", "pk"),
            "members": members if self.owner else [],
        }
        if self.owner:
            context["member_form"] = MemberForm(cup=self.cup)
        if self.member is not None:
            context["tournament_form"] = TournamentAddForm(cup=self.cup, organiser=self.organiser)
        return super().get_context_data(**context, **kwargs)


class CupMemberAddView(CupMixin, View):
    owner_only = True

    def post(self, request: HttpRequest, **kwargs: Any) -> HttpResponse:
        form = MemberForm(request.POST, cup=self.cup)
        if form.is_valid():
            member = member_add(cup=self.cup, organiser=form.cleaned_data["organiser"])
            messages.success(
                request, _("%(member)s is a member now.") % {"member": member.organiser.name}
            )
        else:
            messages.error(request, _("Choose a member from the list."))
        return redirect("manage:cup", organiser=self.organiser.slug, cup=self.cup.slug)


class CupMemberKeyView(CupMixin, FormView):
    owner_only = True
    form_class = KeyForm
    template_name = TEMPLATES + "member_key.html"

    def cup_member(self) -> CupMember:
        return get_object_or_404(self.cup.members, pk=self.kwargs["pk"])

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        member = self.cup_member()
        shown = fingerprint(member.public_key) if member.public_key else ""
        return super().get_context_data(cup_member=member, fingerprint=shown, **kwargs)

    def form_valid(self, form: KeyForm) -> HttpResponse:
        member = self.cup_member()
        try:
            member_key_register(member=member, text=form.cleaned_data["key"], by=self.request.user)
        except CupError as error:
            form_errors_add(form, error.errors)
            return self.form_invalid(form)
        messages.success(
            self.request,
            _("Key %(fingerprint)s registered for %(member)s.")
            % {"fingerprint": fingerprint(member.public_key), "member": member.organiser.name},
        )
        return redirect("manage:cup", organiser=self.organiser.slug, cup=self.cup.slug)


class CupTournamentAddView(CupMixin, View):
    def post(self, request: HttpRequest, **kwargs: Any) -> HttpResponse:
        member = self.member_required()
        form = TournamentAddForm(request.POST, cup=self.cup, organiser=self.organiser)
        if not form.is_valid():
            messages.error(request, _("Choose one of the member's tournaments."))
        else:
            try:
                entry = entry_hosted_add(
                    cup=self.cup,
                    member=member,
                    tournament=form.cleaned_data["tournament"],
                    by=request.user,
                )
            except CupError as error:
                messages.error(request, " ".join(m for ms in error.errors.values() for m in ms))
            else:
                messages.success(request, _("%(name)s counts in the cup.") % {"name": entry.name})
        return redirect("manage:cup", organiser=self.organiser.slug, cup=self.cup.slug)


class CupEntryWithdrawView(CupMixin, FormView):
    """GET: the form with the reason; its POST withdraws the evening (the history keeps it)."""

    owner_only = True
    form_class = WithdrawForm
    template_name = TEMPLATES + "withdraw.html"

    def entry(self) -> CupEntry:
        return get_object_or_404(self.cup.entries, pk=self.kwargs["pk"])

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        return super().get_context_data(entry=self.entry(), **kwargs)

    def form_valid(self, form: WithdrawForm) -> HttpResponse:
        entry = self.entry()
        try:
            entry_withdraw(entry=entry, reason=form.cleaned_data["reason"], by=self.request.user)
        except CupError as error:
            form_errors_add(form, error.errors)
            return self.form_invalid(form)
        messages.success(self.request, _("%(name)s no longer counts.") % {"name": entry.name})
        return redirect("manage:cup", organiser=self.organiser.slug, cup=self.cup.slug)


def _public(slug: str) -> dict[str, Any]:
    found = Cup.objects.filter(slug=slug).select_related("organiser").first()
    if found is None:
        raise Http404
    evenings, rows = cup_table(found)
    clubs = cup_team_table(found, evenings)
    return {"cup": found, "tournaments": evenings, "rows": rows, "clubs": clubs}


class CupTableView(View):
    """The public cup table, phone-sized."""

    def get(self, request: HttpRequest, cup: str) -> HttpResponse:
        return render(request, TEMPLATES + "table.html", _public(cup))


class CupTablePdfView(View):
    """The cup table as an A4 landscape PDF (the season's table)."""

    def get(self, request: HttpRequest, cup: str) -> HttpResponse:
        pdf = pdf_render(TEMPLATES + "table_pdf.html", _public(cup))
        response = HttpResponse(pdf, content_type="application/pdf")
        response["Content-Disposition"] = f'inline; filename="{cup}.pdf"'
        return response


class CupTableXlsxView(View):
    """The cup table as the season's workbook sheet, named "Pokalwertung", and the clubs' team
    table as the sheet "Vereinswertung"."""

    def get(self, request: HttpRequest, cup: str) -> HttpResponse:
        context, out = _public(cup), io.BytesIO()
        labels = (_("Cup points"), _("Evenings played"))
        workbook = Workbook(write_only=True)
        standings_sheet_add(
            workbook, context["tournaments"], context["rows"], sheet=SHEET, labels=labels
        )
        cup_team_sheet_add(workbook, context["tournaments"], context["clubs"])
        workbook.save(out)
        response = HttpResponse(
            out.getvalue(),
            content_type="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
        )
        response["Content-Disposition"] = f'attachment; filename="{cup}.xlsx"'
        return response
