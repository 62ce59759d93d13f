"""The supervisor's own point table, with a live example of what each game scores; after the
first game a change is explicit and recorded, with a preview of how the ranking would change."""

from __future__ import annotations

from dataclasses import replace

from django.contrib import messages
from django.shortcuts import redirect
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.generic import TemplateView

from rules.pointtables import PointTable
from rules.presets import (
    PRESETS,
)
from tournament.pointtable.examples import examples
from tournament.pointtable.forms import ChangeForm, PointTableForm
from tournament.pointtable.services import (
    ChangePreview,
    RankChange,
    point_table_change,
    point_table_change_preview,
    point_table_preview,
    point_table_set,
)
from tournament.scorekeeping.engine import tournament_point_table
from tournament.scorekeeping.violations import player_label
from tournament.web.access import TournamentMixin
from tournament.web.confirm import CONFIRMED, Preview, PreviewTable, confirm_page, is_confirmed


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
        if not is_confirmed(request):
            return self.confirm(form.table_dict(), change_form.cleaned_data["reason"])
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

    def confirm(self, data: dict, reason: str):
        """The change as it will be: games recomputed, points and places before and after."""
        preview = point_table_change_preview(
            self.tournament, data, user=self.request.user, reason=reason
        )
        params = [
            (name, value)
            for name, values in self.request.POST.lists()
            if name not in ("csrfmiddlewaretoken", CONFIRMED)
            for value in values
        ]
        return confirm_page(
            self.request,
            Preview(
                heading=_("Change the point table and recompute every score?"),
                lines=change_lines(preview, reason),
                action=_("Change the table and recompute all scores"),
                tables=change_tables(preview),
            ),
            cancel_url=self.request.get_full_path(),
            params=params,
            context={"tournament": self.tournament, "role": self.role},
        )


def _player(change: RankChange) -> str:
    return player_label(change.player.start_number, change.player.name)


def change_lines(preview: ChangePreview, reason: str) -> list[str]:
    changed, players = len(preview.points_changed), len(preview.changes)
    lines = [
        ngettext(
            "%(count)s game is recomputed with the new values.",
            "%(count)s games are recomputed with the new values.",
            preview.hands,
        )
        % {"count": preview.hands},
        _("Points change for %(changed)s of %(players)s players, the place for %(moved)s.")
        % {"changed": changed, "players": players, "moved": preview.moved},
    ]
    first_after = next((c for c in preview.changes if c.rank_after == 1), None)
    first_before = min(preview.changes, key=lambda c: c.rank_before, default=None)
    if first_after is not None and first_before is not None:
        if first_after.player.pk == first_before.player.pk:
            lines.append(
                _("Place 1 stays %(player)s (%(before)s → %(after)s points).")
                % {
                    "player": _player(first_after),
                    "before": first_after.points_before,
                    "after": first_after.points_after,
                }
            )
        else:
            lines.append(
                _("Place 1 becomes %(new)s (%(points)s points) instead of %(old)s.")
                % {
                    "new": _player(first_after),
                    "points": first_after.points_after,
                    "old": _player(first_before),
                }
            )
    lines.append(_("The change is recorded with its reason: “%(reason)s”.") % {"reason": reason})
    return lines


TOP = 10


def change_tables(preview: ChangePreview) -> list[PreviewTable]:
    headers = [_("Player"), _("Place now"), _("Points now"), _("Place then"), _("Points then")]

    def row(c: RankChange) -> tuple:
        arrow = " ▲" if c.places_up > 0 else " ▼" if c.places_up < 0 else ""
        after = f"{c.rank_after}{arrow}"
        return (_player(c), c.rank_before, c.points_before, after, c.points_after)

    numeric = frozenset({1, 2, 3, 4})
    most = sorted(
        preview.points_changed,
        key=lambda c: (-abs(c.points_after - c.points_before), c.rank_after),
    )[:TOP]
    tables = [
        PreviewTable(
            caption=_("The top of the ranking afterwards"),
            headers=headers,
            rows=[row(c) for c in preview.changes[:TOP]],
            numeric=numeric,
        )
    ]
    if most:
        tables.append(
            PreviewTable(
                caption=_("The players whose points change most"),
                headers=headers,
                rows=[row(c) for c in most],
                numeric=numeric,
            )
        )
    return tables
