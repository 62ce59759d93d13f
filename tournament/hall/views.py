"""The Hallen-Aushang (supervisor): the tournament's public address for the hall's wall."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.urls import reverse
from django.utils.cache import add_never_cache_headers
from django.views import View

from tournament.hall.notice import hall_notice_pdf
from tournament.web.access import TournamentMixin
from tournament.web.site_url import absolute_url


class HallNoticeView(TournamentMixin, View):
    """The notice as PDF, on `SITE_URL` when set (`make hall` sets it to the hall's address),
    else on the address the supervisor's browser used."""

    def get(self, request: HttpRequest, slug: str) -> HttpResponse:
        url = absolute_url(request, reverse("tournament:ranking", args=[slug]))
        response = HttpResponse(hall_notice_pdf(self.tournament, public_url=url), "application/pdf")
        response["Content-Disposition"] = f'inline; filename="{slug}-aushang.pdf"'
        add_never_cache_headers(response)
        return response
