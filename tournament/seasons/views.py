"""Season pages: the organiser's seasons (kept by who keeps its person register), taking a
tournament out of one (confirmed), and the public season page with its PDF and workbook."""

from __future__ import annotations

import io
from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.urls import reverse
from django.utils.formats import date_format
from django.utils.translation import gettext as _
from django.views import View
from django.views.generic import FormView, TemplateView

from tournament.models import Season, Tournament
from tournament.persons.access import OrganiserMixin
from tournament.seasons.forms import SeasonForm
from tournament.seasons.services import (
    SeasonError,
    season_save,
    season_standings,
    season_tournament_remove,
)
from tournament.seasons.workbook import season_xlsx
from tournament.web.confirm import Preview, confirm_page, is_confirmed
from tournament.web.form_errors import form_errors_add
from tournament.web.pdf import pdf_render

TEMPLATES = "tournament/seasons/"


class SeasonListView(OrganiserMixin, TemplateView):
    template_name = TEMPLATES + "list.html"

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        seasons = self.organiser.seasons.all()
        return super().get_context_data(seasons=seasons, **kwargs)


class SeasonEditView(OrganiserMixin, FormView):
    """Create (no pk) or change a season."""

    form_class = SeasonForm
    template_name = TEMPLATES + "form.html"

    def season(self) -> Season | None:
        pk = self.kwargs.get("pk")
        return get_object_or_404(self.organiser.seasons, pk=pk) if pk else None

    def get_form_kwargs(self) -> dict[str, Any]:
        return {**super().get_form_kwargs(), "organiser": self.organiser, "instance": self.season()}

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        season = self.season()
        included = season.tournaments.order_by("date", "pk") if season else []
        return super().get_context_data(season=season, included=included, **kwargs)

    def form_valid(self, form: SeasonForm) -> HttpResponse:
        values = dict(form.cleaned_data)
        try:
            season = season_save(organiser=self.organiser, season=self.season(), **values)
        except SeasonError as error:
            form_errors_add(form, error.errors)
            return self.form_invalid(form)
        messages.success(self.request, _("Season %(name)s saved.") % {"name": season.name})
        return redirect("manage:seasons", organiser=self.organiser.slug)


class SeasonTournamentRemoveView(OrganiserMixin, View):
    """GET (or an unconfirmed POST): what taking the tournament out of the season does; the
    confirmed POST does it. Its other seasons keep it."""

    def _objects(self) -> tuple[Season, Tournament]:
        season = get_object_or_404(self.organiser.seasons, pk=self.kwargs["pk"])
        tournament = get_object_or_404(
            Tournament, organiser=self.organiser, slug=self.kwargs["slug"]
        )
        return season, tournament

    def get(self, request: HttpRequest, organiser: str, pk: int, slug: str) -> HttpResponse:
        return self._confirm(*self._objects())

    def post(self, request: HttpRequest, organiser: str, pk: int, slug: str) -> HttpResponse:
        season, tournament = self._objects()
        if not is_confirmed(request) or not season_tournament_remove(
            season=season, tournament=tournament
        ):
            return self._confirm(season, tournament)
        messages.success(
            request,
            _("%(tournament)s no longer counts in the season %(season)s.")
            % {"tournament": tournament.name, "season": season.name},
        )
        return redirect("manage:season_edit", organiser=organiser, pk=pk)

    def _confirm(self, season: Season, tournament: Tournament) -> HttpResponse:
        names = {"tournament": tournament.name, "season": season.name}
        others = [s.name for s in tournament.seasons.exclude(pk=season.pk).order_by("name")]
        included = season.tournaments.filter(pk=tournament.pk).exists()
        preview = Preview(
            heading=_("Remove %(tournament)s from the season %(season)s?") % names,
            lines=[
                _(
                    "%(tournament)s of %(date)s no longer counts in the season %(season)s: its "
                    "standings are computed without the tournament's results."
                )
                % {**names, "date": date_format(tournament.date, "d.m.Y")},
                _("It stays in its other seasons: %(seasons)s.") % {"seasons": ", ".join(others)}
                if others
                else _("It counts in no other season."),
                _(
                    "The tournament, its results and its ranking stay as they are; the season's "
                    "form can add it again."
                ),
            ],
            action=_("Remove from the season"),
            refused=""
            if included
            else _("%(tournament)s is not in the season %(season)s.") % names,
        )
        cancel = reverse("manage:season_edit", args=[self.organiser.slug, season.pk])
        return confirm_page(self.request, preview, cancel_url=cancel)


class SeasonView(TemplateView):
    """The public season page, phone-sized."""

    template_name = TEMPLATES + "season.html"

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        season = get_object_or_404(Season, slug=self.kwargs["slug"])
        tournaments, rows = season_standings(season)
        return super().get_context_data(season=season, tournaments=tournaments, rows=rows)


class SeasonPdfView(View):
    def get(self, request: HttpRequest, slug: str) -> HttpResponse:
        season = get_object_or_404(Season, slug=slug)
        tournaments, rows = season_standings(season)
        context = {"season": season, "tournaments": tournaments, "rows": rows}
        response = HttpResponse(
            pdf_render(TEMPLATES + "season_pdf.html", context), content_type="application/pdf"
        )
        response["Content-Disposition"] = f'inline; filename="{slug}.pdf"'
        return response


class SeasonXlsxView(View):
    def get(self, request: HttpRequest, slug: str) -> HttpResponse:
        season = get_object_or_404(Season, slug=slug)
        out = io.BytesIO()
        season_xlsx(season, out)
        response = HttpResponse(
            out.getvalue(),
            content_type="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
        )
        response["Content-Disposition"] = f'attachment; filename="{slug}.xlsx"'
        return response
