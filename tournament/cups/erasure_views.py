"""A member erases a name of an evening it sent in to the cup: the person asked for erasure on
the installation the evening ran on (a laptop), whose register this server does not hold
(tournament/persons/cup_privacy.py, docs/cup.md *Privacy*)."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.utils.translation import gettext as _
from django.views.generic import FormView

from tournament.cups.access import CupMixin
from tournament.cups.forms import NameEraseForm
from tournament.models import CupEntry
from tournament.persons.cup_privacy import CupPrivacyError, entry_name_erase
from tournament.persons.privacy import ERASED
from tournament.web.form_errors import form_errors_add


class CupEntryNameEraseView(CupMixin, FormView):
    """The sending member's keepers only, for its evenings sent in (withdrawn ones too)."""

    form_class = NameEraseForm
    template_name = "tournament/cups/name_erase.html"

    def entry(self) -> CupEntry:
        member = self.member_required()
        return get_object_or_404(
            self.cup.entries, pk=self.kwargs["pk"], member=member, tournament__isnull=True
        )

    def get_form_kwargs(self) -> dict[str, Any]:
        return {**super().get_form_kwargs(), "entry": self.entry()}

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        return super().get_context_data(entry=self.entry(), erased=ERASED, **kwargs)

    def form_valid(self, form: NameEraseForm) -> HttpResponse:
        entry = self.entry()
        try:
            entry_name_erase(
                entry=entry, index=form.cleaned_data["row"], erased=ERASED, by=self.request.user
            )
        except CupPrivacyError as error:
            form_errors_add(form, error.errors)
            return self.form_invalid(form)
        messages.success(
            self.request,
            _("The name reads “%(erased)s” now in %(evening)s.")
            % {"erased": ERASED, "evening": entry.name},
        )
        return redirect("manage:cup", organiser=self.organiser.slug, cup=self.cup.slug)
