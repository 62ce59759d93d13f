"""The supervisor's own point table, with a live example of what each game scores; after the
first game a change is explicit and recorded, with a preview of how the ranking would change."""

from __future__ import annotations

from dataclasses import replace

from django.contrib import messages
from django.shortcuts import redirect
from django.utils.translation import gettext as _
from django.views.generic import TemplateView

from rules.pointtables import PointTable
from rules.presets import (
    PRESETS,
)
from tournament.core.access import TournamentMixin
from tournament.core.engine import tournament_point_table
from tournament.pointtable.examples import examples
from tournament.pointtable.forms import ChangeForm, PointTableForm
from tournament.pointtable.services import (
    point_table_change,
    point_table_preview,
    point_table_set,
)


class PointTableView(TournamentMixin, TemplateView):
    """GET shows the tournament's table (or `?preset=KEY` to start from) as a form; POST
    `preview` shows the examples of the values typed (and, once games are recorded, how the
    ranking would change), POST `save` stores them as the tournament's own table: simply before
    the first game, afterwards with a reason, recorded, and every score recomputed."""

    template_name = "tournament/registration/point_table.html"

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        table = kwargs.get("table") or self.start_table()
        locked = self.tournament.settings_locked
        context.update(
            form=kwargs.get("form") or PointTableForm(table=table),
            change_form=kwargs.get("change_form") or ChangeForm(),
            examples=examples(table),
            locked=locked,
            presets=PRESETS.values(),
            changes=self.tournament.point_table_changes.select_related("user"),
        )
        return context

    def start_table(self) -> PointTable:
        """The preset asked for, or the tournament's table with the tournament's own Kontra
        setting (the form shows it, and the example then shows Stoß and Retour)."""
        key = self.request.GET.get("preset", "")
        if key in PRESETS:
            return PRESETS[key]
        table = tournament_point_table(self.tournament)
        return replace(table, kontra_allowed=self.tournament.kontra_allowed)

    def post(self, request, slug):
        form = PointTableForm(request.POST, table=self.start_table())
        change_form = ChangeForm(request.POST)
        if not form.is_valid():
            context = self.get_context_data(form=form, change_form=change_form)
            return self.render_to_response(context, status=400)
        table = form.cleaned_data["table"]
        locked = self.tournament.settings_locked
        context = {"form": form, "table": table, "change_form": change_form}
        if "save" not in request.POST:
            if locked and "live" not in request.POST:  # typing updates only the examples
                changes = point_table_preview(self.tournament, form.table_dict())
                context["ranking_changes"] = [
                    c for c in changes if c.places_up or c.points_before != c.points_after
                ]
                context["players_moved"] = sum(1 for c in changes if c.places_up)
            return self.render_to_response(self.get_context_data(**context))
        if not locked:
            point_table_set(self.tournament, form.table_dict())
            messages.success(request, _("The tournament scores with its own point table now."))
            return redirect("manage:point_table", slug=slug)
        if not change_form.is_valid():
            return self.render_to_response(self.get_context_data(**context), status=400)
        change = point_table_change(
            self.tournament,
            form.table_dict(),
            user=request.user,
            reason=change_form.cleaned_data["reason"],
        )
        messages.success(
            request,
            _("Point table changed: %(n)s games recomputed with the new values.")
            % {"n": change.hands_rescored},
        )
        return redirect("manage:point_table", slug=slug)
