"""The cache of a tournament's public pages, and the one counter that invalidates it.

Every write that changes what the public pages show (a game saved or deleted, an approval, a
strike, a sanction, a correction signed off, the publication, the players, a draw, the
settings, a sheet closed) calls `public_pages_changed` inside its transaction. It raises the
tournament's `generation` in SQL, so the new value becomes visible together with the change.

`public_page_cached` keeps the whole response of a public page, with the generation it was
rendered at, under a key made of the tournament (id and creation time, so that a tournament
imported again under a reused id is a new one), the active language and the absolute URL with
its query; the live region of a page (tournament/live.py) is kept apart from the page. A stored
page serves while the generation is unchanged; after a change it is rendered again, unless it
is younger than `PUBLIC_PAGE_GRACE` seconds (default 5): while clerks enter games every second,
readers then see the ranking at most that much behind, and each process renders a page at most
once per grace period, so readers never slow the clerks down. With a grace of 0 a page is never
older than the last committed change. Each process (gunicorn worker) may hold its own cache, at
the price of one small query per request (the generation).

Only anonymous visitors are served from the cache: a logged-in user's page carries his name,
and the tournament's staff may see what is not published yet. The CSRF token of the language
switch is put back for every visitor, so a cached page's form still works.
"""

from __future__ import annotations

import hashlib
import re
import time
from functools import wraps

from django.conf import settings
from django.contrib.messages import get_messages
from django.core.cache import cache
from django.db.models import F
from django.http import HttpResponse
from django.middleware.csrf import get_token
from django.utils import translation

from tournament import models
from tournament.live import live_requested

# Responses larger than this (a huge ranking PDF, say) are rendered every time.
LARGEST_CACHED = 2 * 1024 * 1024
_TOKEN = re.compile(rb'name="csrfmiddlewaretoken" value="([A-Za-z0-9]+)"')
_TOKEN_PLACEHOLDER = b"@@public-cache-csrf-token@@"


def public_pages_changed(tournament_id: int) -> None:
    """Count a change of what the tournament's public pages show: their cached copies are
    not used any more once the caller's transaction commits."""
    models.Tournament.objects.filter(pk=tournament_id).update(generation=F("generation") + 1)


def public_page_key(request, pk: int, created_at) -> str:
    """The cache key of this page for this request: tournament, language, URL, and whether
    the page or only its live region is asked for (tournament/live.py)."""
    url = hashlib.sha256(request.build_absolute_uri().encode()).hexdigest()
    language = translation.get_language()
    part = ":teil" if live_requested(request) else ""
    return f"public-page:{pk}:{created_at.timestamp()}:{language}:{url}{part}"


def _fresh(stored: tuple, generation: int) -> bool:
    """A stored page serves when nothing changed since, or, while games keep coming in, when it
    is younger than `PUBLIC_PAGE_GRACE` seconds: a hall of readers then costs each process one
    rendering per page and grace period, however fast the clerks enter."""
    stored_generation, rendered_at = stored[0], stored[1]
    grace = settings.PUBLIC_PAGE_GRACE
    return stored_generation == generation or (grace and time.monotonic() - rendered_at < grace)


def _cacheable_request(request) -> bool:
    if request.method not in ("GET", "HEAD") or request.user.is_authenticated:
        return False
    return not len(get_messages(request))  # a pending message is shown once, not cached


def _cacheable_response(response) -> bool:
    return (
        response.status_code == 200
        and not response.streaming
        and not response.cookies
        and len(response.content) <= LARGEST_CACHED
    )


def _stored(response: HttpResponse) -> tuple[bytes, list[tuple[str, str]]]:
    """The body with the visitor's CSRF token taken out, and the headers."""
    content = response.content
    for token in set(_TOKEN.findall(content)):
        content = content.replace(token, _TOKEN_PLACEHOLDER)
    return content, list(response.headers.items())


def _restored(request, content: bytes, headers: list[tuple[str, str]]) -> HttpResponse:
    if _TOKEN_PLACEHOLDER in content:
        content = content.replace(_TOKEN_PLACEHOLDER, get_token(request).encode())
    response = HttpResponse(content)
    for name, value in headers:
        response.headers[name] = value
    return response


def public_page_cached(view):
    """Serve `view(request, slug, **kwargs)` from the cache for anonymous visitors."""

    @wraps(view)
    def cached(request, slug: str, **kwargs):
        if not _cacheable_request(request):
            return view(request, slug, **kwargs)
        tournament_key = (
            models.Tournament.objects.filter(slug=slug)
            .values_list("pk", "created_at", "generation")
            .first()
        )
        if tournament_key is None:
            return view(request, slug, **kwargs)  # the view answers 404
        pk, created_at, generation = tournament_key
        key = public_page_key(request, pk, created_at)
        hit = cache.get(key)
        if hit is not None and _fresh(hit, generation):
            return _restored(request, *hit[2:])
        response = view(request, slug, **kwargs)
        if _cacheable_response(response):
            cache.set(key, (generation, time.monotonic(), *_stored(response)))
        return response

    return cached
