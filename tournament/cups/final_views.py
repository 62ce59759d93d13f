"""The cup organiser's pages of the cup's persons (merges and splits) and of its final
(qualification, declines, the start list). Every write is a POST naming its `action`; a refusal
is shown as a message, nothing stored."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.generic import TemplateView

from tournament.cups.access import CupMixin
from tournament.cups.final import (
    candidates,
    final_of,
    final_settings,
    qualification_fix,
    qualifier_decline,
    start_list_make,
)
from tournament.cups.persons import (
    cup_persons,
    kept_apart,
    merges_proposed,
    person_split,
    persons_keep_apart,
    persons_merge,
)
from tournament.models import CupEvent, CupQualifier, Tournament
from tournament.web.form_errors import ServiceError

TEMPLATES = "tournament/cups/"


class FinalForm(forms.Form):
    overall = forms.IntegerField(
        label=gettext_lazy("Best N of the cup table"), min_value=0, max_value=500, initial=0
    )
    per_evening = forms.IntegerField(
        label=gettext_lazy("Best N of each evening"), min_value=0, max_value=100, initial=0
    )


class CupHistoryMixin(CupMixin):
    owner_only = True

    def refused(self, error: ServiceError) -> None:
        text = " ".join(m for ms in error.errors.values() for m in ms)
        messages.error(self.request, text)

    def history(self, *kinds: str) -> Any:
        return CupEvent.objects.filter(cup=self.cup, kind__in=kinds).select_related("by")


class CupPersonsView(CupHistoryMixin, TemplateView):
    template_name = TEMPLATES + "persons.html"

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        persons = cup_persons(self.cup)
        return super().get_context_data(
            persons=persons.values(),
            proposals=merges_proposed(persons, kept_apart(self.cup)),
            history=self.history(CupEvent.Kind.MERGED, CupEvent.Kind.SPLIT, CupEvent.Kind.APART),
            **kwargs,
        )

    def post(self, request: HttpRequest, **kwargs: Any) -> HttpResponse:
        action, data = request.POST.get("action"), request.POST
        try:
            if action == "merge":
                kept = persons_merge(
                    cup=self.cup,
                    keep=data.get("keep", ""),
                    other=data.get("other", ""),
                    by=request.user,
                )
                messages.success(request, _("Merged into %(name)s.") % {"name": kept.name})
            elif action == "split":
                evening = data.get("evening", "")
                person_split(
                    cup=self.cup,
                    person=data.get("person", ""),
                    evening=int(evening) if evening.isdecimal() else 0,
                    by=request.user,
                )
                messages.success(request, _("The evening is a person of its own now."))
            elif action == "apart":
                persons_keep_apart(
                    cup=self.cup,
                    first=data.get("keep", ""),
                    second=data.get("other", ""),
                    by=request.user,
                )
                messages.success(request, _("Kept apart: the two are no longer proposed."))
            else:
                messages.error(request, _("Choose merge, split or keep apart."))
        except ServiceError as error:
            self.refused(error)
        return redirect("manage:cup_persons", organiser=self.organiser.slug, cup=self.cup.slug)


class CupFinalView(CupHistoryMixin, TemplateView):
    template_name = TEMPLATES + "final.html"

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        final = final_of(self.cup)
        fixed = final.fixed_at is not None
        context = {
            "final": final,
            "form": kwargs.pop("form", None)
            or FinalForm(initial={"overall": final.overall, "per_evening": final.per_evening}),
            "candidates": [] if fixed or final.pk is None else candidates(self.cup, final),
            "qualifiers": final.qualifiers.all() if fixed else [],
            "tournaments": self.tournaments() if fixed and not final.tournament_id else [],
            "history": self.history(
                CupEvent.Kind.QUALIFIED,
                CupEvent.Kind.DECLINED,
                CupEvent.Kind.INVITED,
                CupEvent.Kind.START_LIST,
            ),
        }
        return super().get_context_data(**context, **kwargs)

    def tournaments(self) -> Any:
        return Tournament.objects.filter(organiser=self.organiser, players__isnull=True).order_by(
            "-date", "name"
        )

    def post(self, request: HttpRequest, **kwargs: Any) -> HttpResponse:
        action, data = request.POST.get("action"), request.POST
        try:
            if action == "settings":
                form = FinalForm(data)
                if not form.is_valid():
                    return self.render_to_response(self.get_context_data(form=form))
                final_settings(cup=self.cup, **form.cleaned_data)
                messages.success(request, _("Qualification saved."))
            elif action == "fix":
                stored = qualification_fix(cup=self.cup, by=request.user)
                messages.success(request, _("%(count)s qualified.") % {"count": len(stored)})
            elif action == "decline":
                qualifier = get_object_or_404(
                    CupQualifier, final__cup=self.cup, pk=data.get("qualifier") or 0
                )
                invited = qualifier_decline(qualifier=qualifier, by=request.user)
                if invited is None:
                    messages.warning(request, _("Nobody is left in the cup table to invite."))
                else:
                    messages.success(request, _("%(name)s invited.") % {"name": invited.name})
            elif action == "startlist":
                tournament = get_object_or_404(self.tournaments(), pk=data.get("tournament") or 0)
                players = start_list_make(cup=self.cup, tournament=tournament, by=request.user)
                messages.success(
                    request, _("Start list made: %(count)s players.") % {"count": len(players)}
                )
            else:
                messages.error(request, _("Choose a step of the final."))
        except ServiceError as error:
            self.refused(error)
        return redirect("manage:cup_final", organiser=self.organiser.slug, cup=self.cup.slug)
