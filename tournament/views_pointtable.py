"""The supervisor's own point table, with a live example of what each game scores."""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import redirect
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.generic import TemplateView

from rules.pointtables import PointTable, example_games
from tournament.access import TournamentMixin
from tournament.forms_pointtable import PointTableForm
from tournament.models import CUSTOM_TABLE
from tournament.services.engine import tournament_point_table

EXAMPLE_LABELS = {
    "rufspiel": gettext_lazy("Rufspiel won"),
    "rufspiel_schneider": gettext_lazy("Rufspiel won Schneider"),
    "rufspiel_schwarz": gettext_lazy("Rufspiel won Schwarz"),
    "rufspiel_lost": gettext_lazy("Rufspiel lost"),
    "solo": gettext_lazy("Solo won"),
    "solo_schneider": gettext_lazy("Solo won Schneider"),
    "solo_schwarz": gettext_lazy("Solo won Schwarz"),
    "solo_lost": gettext_lazy("Solo lost"),
    "solo_tout": gettext_lazy("Solo Tout won"),
    "solo_tout_lost": gettext_lazy("Solo Tout lost"),
    "sie": gettext_lazy("Sie"),
}


def examples(table: PointTable) -> list[tuple[str, int, int]]:
    """(game, each player of the declaring side, each of the other side) for the example list."""
    return [
        (str(EXAMPLE_LABELS.get(e.key, e.key)), e.declaring_side, e.other_side)
        for e in example_games(table)
    ]


class PointTableView(TournamentMixin, TemplateView):
    """GET shows the tournament's table as a form; POST `preview` shows the examples of the
    values typed, POST `save` stores them as the tournament's own table (before the first game)."""

    template_name = "tournament/registration/point_table.html"

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        table = kwargs.get("table") or tournament_point_table(self.tournament)
        context.update(
            form=kwargs.get("form") or PointTableForm(table=table),
            examples=examples(table),
            locked=self.tournament.settings_locked,
        )
        return context

    def post(self, request, slug):
        current = tournament_point_table(self.tournament)
        form = PointTableForm(request.POST, table=current)
        if not form.is_valid():
            return self.render_to_response(self.get_context_data(form=form), status=400)
        table = form.cleaned_data["table"]
        if "save" not in request.POST:
            return self.render_to_response(self.get_context_data(form=form, table=table))
        if self.tournament.settings_locked:
            messages.error(request, _("Games are recorded: the point table can no longer change."))
            return redirect("manage:point_table", slug=slug)
        tournament = self.tournament
        tournament.scoring, tournament.point_table = CUSTOM_TABLE, form.table_dict()
        tournament.laufende_counted = table.laufende_counted
        tournament.save(update_fields=["scoring", "point_table", "laufende_counted"])
        messages.success(request, _("The tournament scores with its own point table now."))
        return redirect("manage:point_table", slug=slug)
