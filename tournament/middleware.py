"""A PDF render over its time or memory bound (`printouts.RenderLimitError`) answers every page
that renders PDFs with the same German message and status 503, instead of an error page."""

from __future__ import annotations

from django.http import HttpResponse
from django.shortcuts import render

from tournament.printouts import RenderLimitError


def limit_response(request, error: RenderLimitError) -> HttpResponse:
    return render(request, "pdf_limit.html", {"message": str(error)}, status=503)


class RenderLimitMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        return self.get_response(request)

    def process_exception(self, request, exception):
        if isinstance(exception, RenderLimitError):
            return limit_response(request, exception)
        return None
