"""Requests that would otherwise end in an error page: a PDF render over its time or memory
bound (`printouts.RenderLimitError`) answers every page that renders PDFs with the same German
message and status 503; a NUL character anywhere in a request answers 400 (German) before any
view runs."""

from __future__ import annotations

from django.http import HttpResponse, JsonResponse
from django.shortcuts import render
from django.utils.translation import gettext as _

from tournament.scorekeeping.deck import deck_override
from tournament.web.pdf import RenderLimitError


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


#: Content types whose body Django reads into `request.POST` (and `request.FILES`).
FORM_TYPES = ("application/x-www-form-urlencoded", "multipart/form-data")


def nul_place(request) -> str | None:
    """Where a NUL character is in the request (the address, or the name of the query, form
    field, file or cookie that holds it), or None."""
    if "\x00" in request.path:
        return str(_("address"))
    fields = [*request.GET.lists(), *request.COOKIES.items()]
    if request.method == "POST" and request.content_type in FORM_TYPES:
        fields += request.POST.lists()
        fields += [(name, [f.name or "" for f in files]) for name, files in request.FILES.lists()]
    for name, values in fields:
        texts = values if isinstance(values, list) else [values]
        if any("\x00" in text for text in [name, *texts]):
            return name.replace("\x00", "\\0")[:40]
    return None


def bad_request(request, message: str) -> HttpResponse:
    """A German 400: JSON to the phones' scripts, else the page (templates/400.html)."""
    accepts = request.headers.get("Accept", "")
    if request.content_type == "application/json" or "application/json" in accepts:
        return JsonResponse({"message": message}, status=400)
    return render(request, "400.html", {"message": message}, status=400)


class HostileInputMiddleware:
    """A NUL character anywhere in a request answers 400 with the place named, before any
    view reads it: PostgreSQL stores no NUL in text (a server error there; SQLite would keep
    it), and no keyboard types one. Forms refuse NUL in their fields too
    (ProhibitNullCharactersValidator); this also covers what views read by hand."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        place = nul_place(request)
        if place is not None:
            message = _(
                "“%(place)s” contains a NUL character, which no text may contain. "
                "Nothing was saved."
            ) % {"place": place}
            return bad_request(request, message)
        return self.get_response(request)


class DeckMiddleware:
    """Every request starts and ends with the German deck: a deck a view activated
    (`scorekeeping.deck.deck_activate`) never leaks into the next request of the same thread."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        with deck_override(None):
            return self.get_response(request)
