"""The team ranking's page (supervisor): its settings and the teams registered in advance."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.http import HttpResponse
from django.shortcuts import redirect
from django.utils.translation import gettext as _
from django.views.generic import FormView

from tournament.models import TeamRanking
from tournament.teams.forms import TeamsForm
from tournament.teams.services import TeamError, teams_save, teams_text
from tournament.web.access import TournamentMixin
from tournament.web.form_errors import form_errors_add


class TeamsView(TournamentMixin, FormView):
    form_class = TeamsForm
    template_name = "tournament/teams/teams.html"

    def get_initial(self) -> dict[str, Any]:
        setting = TeamRanking.objects.filter(tournament=self.tournament).first()
        return {
            "kind": setting.kind if setting else TeamRanking.Kind.NONE,
            "size": setting.size if setting else 4,
            "teams": teams_text(self.tournament),
        }

    def form_valid(self, form: TeamsForm) -> HttpResponse:
        try:
            teams_save(tournament=self.tournament, **form.cleaned_data)
        except TeamError as error:
            form_errors_add(form, error.errors)
            return self.form_invalid(form)
        messages.success(self.request, _("The team ranking is saved."))
        return redirect("manage:teams", slug=self.tournament.slug)
