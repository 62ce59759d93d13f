"""Conditional answers: each answer carries an ETag and a Last-Modified made from the API's
versions (versions.py) and is kept `API_MAX_AGE` seconds by browsers and proxies
(`Cache-Control: public`). A reader sending the tag back (`If-None-Match`) or the time
(`If-Modified-Since`) is answered 304 from the cache alone, without a database query, while
nothing changed. The body of an answer is kept in the pages' cache under its tag: after a
change the first reader makes it, every other reader of the same address is given it from the
cache (no query either), so a thousand readers of a ranking cost one ranking per change. Every
answer is in German whatever the visitor's language cookie: its values
are codes, its error messages German."""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from urllib.parse import urlencode

from django.conf import settings
from django.core.cache import cache
from django.http import HttpRequest, HttpResponse
from django.utils import translation
from django.utils.cache import get_conditional_response, patch_cache_control
from django.utils.http import http_date

from tournament.api.versions import (
    ACTIVITY,
    STRUCTURE,
    Validator,
    slug_remember,
    slug_tournament,
    tournament_scope,
    validator,
    validator_made,
)
from tournament.calendar.entries import announced_tournaments

Scopes = Callable[[dict], list[str] | None]
JSON = "application/json; charset=utf-8"
#: Answers larger than this (a ranking of tens of thousands of players) are made every time.
LARGEST_KEPT = 4 * 1024 * 1024


def listed(kwargs: dict) -> list[str]:
    """An answer of the lists, seasons and cups: every change may touch it."""
    return [STRUCTURE, ACTIVITY]


def of_tournament(kwargs: dict) -> list[str] | None:
    """An answer of one tournament: its own changes and the structure's. The tournament a slug
    names is remembered in the cache; found in the database (one query) when it is not. None
    for a slug of no announced tournament: the answer (a 404) is not tagged."""
    slug = kwargs["slug"]
    pk = slug_tournament(slug)
    if pk is None:
        pk = announced_tournaments().filter(slug=slug).values_list("pk", flat=True).first()
        if pk is None:
            return None
        slug_remember(slug, pk)
    return [STRUCTURE, tournament_scope(pk)]


def _request_key(request: HttpRequest) -> str:
    return request.path + "?" + urlencode(sorted(request.GET.lists()), doseq=True)


def _tagged(response: HttpResponse, found: Validator) -> HttpResponse:
    response["ETag"] = found.etag
    response["Last-Modified"] = http_date(int(found.modified))
    return response


def conditional(scopes: Scopes) -> Callable:
    """The decorator of an API operation (ninja's `decorate_view`) answering by `scopes`."""

    def decorator(run: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
        @wraps(run)
        def answer(request: HttpRequest, *args, **kwargs) -> HttpResponse:
            with translation.override("de"):
                response = _answer(run, scopes, request, *args, **kwargs)
            patch_cache_control(response, public=True, max_age=settings.API_MAX_AGE)
            return response

        return answer

    return decorator


def _answer(run, scopes: Scopes, request: HttpRequest, *args, **kwargs) -> HttpResponse:
    named = scopes(kwargs)
    if named is None:
        return run(request, *args, **kwargs)
    key = _request_key(request)
    # Read before the answer is made: a change committed meanwhile gives the next reader a new
    # tag, never this answer an old one it does not match.
    found = validator(named, key) or validator_made(named, key)
    unchanged = get_conditional_response(
        request, etag=found.etag, last_modified=int(found.modified)
    )
    if unchanged is not None:
        return _tagged(unchanged, found)
    stored = cache.get(_body_key(found))
    if stored is not None:
        return _tagged(HttpResponse(stored, content_type=JSON), found)
    response = run(request, *args, **kwargs)
    if response.status_code == 200:
        _tagged(response, found)
        if len(response.content) <= LARGEST_KEPT:
            cache.set(_body_key(found), response.content, settings.API_VERSION_SECONDS)
    return response


def _body_key(found: Validator) -> str:
    return f"api:v1:body:{found.etag.strip(chr(34))}"
