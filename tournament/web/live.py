"""Live regions: parts of a page that follow the games entered at the tables without
a reload.

An element with `data-live-url` and `data-live-seconds` (the tag `{% live_attributes %}` of
`tournament/templatetags/live.py`) is refreshed by `static/tournament/web/live.js`: every few
seconds it
asks the page's own URL with the header `X-Live: 1` (or `?teil=1`, for a look by hand), and
the view answers with the region's fragment alone. A fragment carries an ETag and the header
`X-Live-Fragment: 1` (so that a login page after an expired session never ends up in the
region); live.js sends the ETag back as If-None-Match, and an unchanged region answers 304.

The ETag of the supervisor's pages is a revision made of the data the fragment shows (one
query, no rendering for a 304); the fragment of a public page is cached, and its ETag is the
hash of its content (`tournament/web/page_cache.py`). Without JavaScript the pages are
the same; they are only reloaded by hand. Intervals: `settings.LIVE_SECONDS`.
"""

from __future__ import annotations

import hashlib
from functools import wraps

from django.http import HttpResponse, HttpResponseNotModified
from django.template.response import TemplateResponse
from django.utils.cache import patch_cache_control, patch_vary_headers
from django.utils.http import parse_etags
from django.utils.translation import get_language

HEADER = "X-Live"
FRAGMENT = "X-Live-Fragment"
PART = "teil"  # ?teil=1: the fragment without the header


def live_requested(request) -> bool:
    """Whether the request asks for the live fragment only. `?teil=1` is taken out of
    `request.GET`, so that the links in the fragment (sorting, pages) lead to the page."""
    if not hasattr(request, "live_fragment"):
        part = request.GET.get(PART) == "1"
        if part:
            request.GET = request.GET.copy()
            del request.GET[PART]
        request.live_fragment = part or request.headers.get(HEADER) == "1"
    return request.live_fragment


def content_etag(content: str) -> str:
    return '"' + hashlib.sha256(content.encode()).hexdigest()[:32] + '"'


def revision_etag(*parts) -> str:
    """The ETag of a fragment showing `parts` (values with a stable repr) in this language."""
    return content_etag(repr((get_language(), *parts)))


def _matches(request, etag: str) -> bool:
    wanted = parse_etags(request.headers.get("If-None-Match", ""))
    return etag in (e.removeprefix("W/") for e in wanted)


def fragment_answer(response: HttpResponse, etag: str) -> HttpResponse:
    """Mark `response` as a live fragment with its ETag; never kept by a browser's cache."""
    response["ETag"] = etag
    response[FRAGMENT] = "1"
    patch_cache_control(response, private=True, no_cache=True)
    patch_vary_headers(response, [HEADER])
    return response


def live_not_modified(view):
    """Answer 304 to a live request whose fragment (rendered now or taken from the cache)
    carries the ETag the browser has already."""

    @wraps(view)
    def checked(request, *args, **kwargs):
        response = view(request, *args, **kwargs)
        etag = response.get("ETag")
        if response.status_code == 200 and response.get(FRAGMENT) and _matches(request, etag):
            return fragment_answer(HttpResponseNotModified(), etag)
        patch_vary_headers(response, [HEADER])
        return response

    return checked


class LiveFragmentMixin:
    """A TemplateView whose `fragment_template` (included by its page) is a live region.

    `live_revision(context)` returns the data the fragment shows: the fragment is rendered
    only when they changed since the ETag the browser sent."""

    fragment_template: str

    def setup(self, request, *args, **kwargs):
        super().setup(request, *args, **kwargs)
        self.live = live_requested(request)

    def live_revision(self, context) -> object:
        raise NotImplementedError

    def render_to_response(self, context, **response_kwargs):
        etag = revision_etag(self.request.path, self.live_revision(context))
        if not self.live:
            context["live_etag"] = etag
            response = super().render_to_response(context, **response_kwargs)
            patch_vary_headers(response, [HEADER])
            return response
        if _matches(self.request, etag):
            return fragment_answer(HttpResponseNotModified(), etag)
        response = TemplateResponse(self.request, self.fragment_template, context)
        return fragment_answer(response, etag)
