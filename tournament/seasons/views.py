"""Season pages: the organiser's seasons (kept by who keeps its person register), and the public
season page with its PDF and workbook."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.utils.translation import gettext as _
from django.views import View
from django.views.generic import FormView, TemplateView

from tournament.core.form_errors import form_errors_add
from tournament.core.pdf import pdf_render
from tournament.models import Season
from tournament.persons.access import OrganiserMixin
from tournament.seasons.forms import SeasonForm
from tournament.seasons.services import SeasonError, season_save, season_standings
from tournament.seasons.workbook import season_xlsx

TEMPLATES = "tournament/seasons/"


class SeasonListView(OrganiserMixin, TemplateView):
    template_name = TEMPLATES + "list.html"

    def get_context_data(self, **kwargs):
        seasons = self.organiser.seasons.all()
        return super().get_context_data(seasons=seasons, **kwargs)


class SeasonEditView(OrganiserMixin, FormView):
    """Create (no pk) or change a season."""

    form_class = SeasonForm
    template_name = TEMPLATES + "form.html"

    def season(self) -> Season | None:
        pk = self.kwargs.get("pk")
        return get_object_or_404(self.organiser.seasons, pk=pk) if pk else None

    def get_form_kwargs(self):
        return {**super().get_form_kwargs(), "organiser": self.organiser, "instance": self.season()}

    def get_context_data(self, **kwargs):
        return super().get_context_data(season=self.season(), **kwargs)

    def form_valid(self, form):
        values = dict(form.cleaned_data)
        try:
            season = season_save(organiser=self.organiser, season=self.season(), **values)
        except SeasonError as error:
            form_errors_add(form, error.errors)
            return self.form_invalid(form)
        messages.success(self.request, _("Season %(name)s saved.") % {"name": season.name})
        return redirect("manage:seasons", organiser=self.organiser.slug)


class SeasonView(TemplateView):
    """The public season page, phone-sized."""

    template_name = TEMPLATES + "season.html"

    def get_context_data(self, **kwargs):
        season = get_object_or_404(Season, slug=self.kwargs["slug"])
        tournaments, rows = season_standings(season)
        return super().get_context_data(season=season, tournaments=tournaments, rows=rows)


class SeasonPdfView(View):
    def get(self, request, slug):
        season = get_object_or_404(Season, slug=slug)
        tournaments, rows = season_standings(season)
        context = {"season": season, "tournaments": tournaments, "rows": rows}
        response = HttpResponse(
            pdf_render(TEMPLATES + "season_pdf.html", context), content_type="application/pdf"
        )
        response["Content-Disposition"] = f'inline; filename="{slug}.pdf"'
        return response


class SeasonXlsxView(View):
    def get(self, request, slug):
        season = get_object_or_404(Season, slug=slug)
        response = HttpResponse(
            content_type="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        )
        season_xlsx(season, response)
        response["Content-Disposition"] = f'attachment; filename="{slug}.xlsx"'
        return response
