"""Pages of the draw: the Durchgänge of a tournament, one Durchgang's tables, printouts."""

# Declared boilerplate (duplicates): views composed of mixins and one generic view are alike in
# shape.

from __future__ import annotations

from django.contrib import messages
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.urls import reverse
from django.utils.decorators import method_decorator
from django.utils.translation import gettext as _
from django.views import View
from django.views.generic import TemplateView

from tournament.draw.forms import DrawForm, SwapForm
from tournament.draw.printouts import KINDS, durchgang_pdf
from tournament.draw.services import (
    durchgaenge_overview,
    durchgang_publish,
    durchgang_repeats,
    durchgang_tables,
    seats_find,
)
from tournament.models import Tournament
from tournament.scorekeeping.deck import deck_activate
from tournament.web.access import (
    DurchgangMixin,
    PublicPageMixin,
    TournamentMixin,
    tournament_role,
)
from tournament.web.page_cache import public_page_cached, text
from tournament.web.site_url import absolute_url


class DurchgangListView(TournamentMixin, TemplateView):
    template_name = "tournament/draw/durchgaenge.html"

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        context["rows"] = durchgaenge_overview(self.tournament)
        context["form"] = DrawForm()
        return context


class DurchgangPageMixin(DurchgangMixin):
    """The page of one drawn Durchgang; a seat swap posted to it shows it again with its
    errors."""

    template_name: str | None = "tournament/draw/durchgang.html"

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        durchgang = self.get_durchgang()
        context.update(
            durchgang=durchgang,
            tables=durchgang_tables(durchgang),
            repeats=durchgang_repeats(durchgang),
            swap_form=kwargs.get("swap_form") or SwapForm(durchgang=durchgang),
            swaps=durchgang.swaps.select_related("first", "second", "swapped_by"),
            printouts=[(key, title) for key, (_template, title) in KINDS.items()],
        )
        return context


class DurchgangDetailView(DurchgangPageMixin, TemplateView):
    """The tables of a Durchgang, its repeated meetings, seat swaps and printouts."""


class PublishView(DurchgangMixin, View):
    http_method_names = ["post"]

    def post(self, request, slug, number):
        durchgang = self.get_durchgang()
        durchgang_publish(durchgang=durchgang, published=request.POST.get("published") == "1")
        messages.success(
            request,
            _("The table assignments are public now.")
            if durchgang.published
            else _("The table assignments are no longer public."),
        )
        return redirect("manage:durchgang", slug=slug, number=number)


class PrintoutView(DurchgangMixin, View):
    def get(self, request, slug, number, kind):
        if kind not in KINDS:
            raise Http404
        durchgang = self.get_durchgang()
        public = absolute_url(request, reverse("tournament:ranking", args=[slug]))
        pdf = durchgang_pdf(
            durchgang,
            kind,
            public_url=public,
            phone_url=lambda token: absolute_url(
                request, reverse("tournament:phone_sheet", args=[token])
            ),
        )
        response = HttpResponse(pdf, content_type="application/pdf")
        name = f"{slug}-durchgang-{number}-{kind}.pdf"
        response["Content-Disposition"] = f'inline; filename="{name}"'
        return response


@method_decorator(public_page_cached(query={"q": text}), name="dispatch")
class TablesView(PublicPageMixin, TemplateView):
    """The table assignments of a Durchgang: public once published, else for its staff only."""

    template_name = "tournament/draw/tables_public.html"

    def get_context_data(self, **kwargs):
        tournament = get_object_or_404(Tournament, slug=self.kwargs["slug"])
        deck_activate(tournament.deck)
        durchgang = get_object_or_404(tournament.durchgaenge, number=self.kwargs["number"])
        if not durchgang.published and tournament_role(self.request.user, tournament) is None:
            raise Http404
        query = self.request.GET.get("q", "").strip()
        return super().get_context_data(
            tournament=tournament,
            durchgang=durchgang,
            seats=seats_find(durchgang=durchgang, query=query),
            q=query,
            **kwargs,
        )
