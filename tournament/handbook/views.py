"""/hilfe/: the handbook as one page, and the same text as a PDF."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse
from django.views import View
from django.views.generic import TemplateView

from tournament.handbook.book import chapter_html, chapters, picture_static_url
from tournament.handbook.clerk_card import clerk_card_pdf
from tournament.handbook.printed import handbook_pdf


class HandbookView(TemplateView):
    template_name = "tournament/handbook/handbook.html"

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        shown = [(chapter, chapter_html(chapter, picture_static_url)) for chapter in chapters()]
        return super().get_context_data(chapters=shown, **kwargs)


class HandbookPdfView(View):
    def get(self, request: HttpRequest) -> HttpResponse:
        response = HttpResponse(handbook_pdf(), content_type="application/pdf")
        response["Content-Disposition"] = 'inline; filename="schafkopf-handbuch.pdf"'
        return response


class ClerkCardPdfView(View):
    """The Schreiber-Karte: the game codes on one A4 page (`clerk_card`)."""

    def get(self, request: HttpRequest) -> HttpResponse:
        response = HttpResponse(clerk_card_pdf(), content_type="application/pdf")
        response["Content-Disposition"] = 'inline; filename="schreiber-karte.pdf"'
        return response
