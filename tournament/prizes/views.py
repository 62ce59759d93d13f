"""The prize pages (supervisor): the list and its editing, the list filled with names for the
projector, the PDF to read out and the certificates (Urkunden, PDF/A)."""

# Declared boilerplate (duplicates): views composed of mixins and one generic view are alike in
# shape.

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.utils.translation import gettext as _
from django.views import View
from django.views.generic import FormView, TemplateView

from tournament.models import Prize
from tournament.prizes.forms import PrizeForm
from tournament.prizes.services import (
    PrizeError,
    prize_add,
    prize_delete,
    prizes_awarded,
    prizes_final,
)
from tournament.ranking.standings import standings_after
from tournament.web.access import TournamentMixin
from tournament.web.form_errors import form_errors_add
from tournament.web.pdf import pdf_render, pdf_render_archival

TEMPLATES = "tournament/prizes/"


class PrizesView(TournamentMixin, FormView):
    form_class = PrizeForm
    template_name = TEMPLATES + "prizes.html"

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        prizes = Prize.objects.filter(tournament=self.tournament).order_by("place_from", "pk")
        return super().get_context_data(prizes=prizes, **kwargs)

    def form_valid(self, form: PrizeForm) -> HttpResponse:
        try:
            prize = prize_add(tournament=self.tournament, **form.cleaned_data)
        except PrizeError as error:
            form_errors_add(form, error.errors)
            return self.form_invalid(form)
        messages.success(self.request, _("Prize added: %(prize)s.") % {"prize": prize})
        return redirect("manage:prizes", slug=self.tournament.slug)


class PrizeDeleteView(TournamentMixin, View):
    http_method_names = ["post"]

    def post(self, request: HttpRequest, slug: str, pk: int) -> HttpResponse:
        prize = get_object_or_404(Prize, tournament=self.tournament, pk=pk)
        prize_delete(prize=prize)
        messages.success(request, _("Prize removed: %(prize)s.") % {"prize": prize})
        return redirect("manage:prizes", slug=slug)


def _context(view: TournamentMixin) -> dict[str, Any]:
    return {
        "tournament": view.tournament,
        "awards": prizes_awarded(view.tournament),
        "final": prizes_final(view.tournament),
    }


class PrizesAwardedView(TournamentMixin, TemplateView):
    """The list filled with names, large for the projector."""

    template_name = TEMPLATES + "awarded.html"

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        return super().get_context_data(**_context(self), **kwargs)


class PrizesPdfView(TournamentMixin, View):
    """The list to read out at the prize giving: from the last prize up to the winner."""

    def get(self, request: HttpRequest, slug: str) -> HttpResponse:
        context = _context(self)
        context["awards"] = list(reversed([a for a in context["awards"] if a.standing]))
        pdf = pdf_render(TEMPLATES + "awarded_pdf.html", context)
        response = HttpResponse(pdf, content_type="application/pdf")
        response["Content-Disposition"] = f'inline; filename="{slug}-preise.pdf"'
        return response


class CertificatesPdfView(TournamentMixin, View):
    """One certificate (Urkunde) per prize winner, PDF/A-3b. Printed before the ranking is
    final (`prizes_final`, as the prize list says), each carries a large "provisional" and
    the Durchgang the ranking stands after: printed early, it cannot pass for the real one."""

    def get(self, request: HttpRequest, slug: str) -> HttpResponse:
        context = _context(self)
        context["awards"] = [a for a in context["awards"] if a.standing]
        context["after"] = standings_after(self.tournament)
        if not context["awards"]:
            messages.warning(request, _("No prize has a winner yet: there is no certificate."))
            return redirect("manage:prizes_awarded", slug=slug)
        pdf = pdf_render_archival(TEMPLATES + "certificates.html", context)
        response = HttpResponse(pdf, content_type="application/pdf")
        response["Content-Disposition"] = f'inline; filename="{slug}-urkunden.pdf"'
        return response
