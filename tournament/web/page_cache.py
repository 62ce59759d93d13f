"""The cache of a tournament's public pages.

`public_page_cached(query=...)` keeps the whole response of a public page, with the generation
it was rendered at (the tournament's counter in the database, read before the page;
`public_pages_changed` of tournament/scorekeeping/changes.py raises it in the transaction of
every change the page shows), under a
key made of the tournament (id and creation time, so that a tournament imported again under a
reused id is a new one), the active language, the page's absolute URL without its query, and
the query parameters the page reads: each cached view declares them with a reader that
normalizes the value (`number`, `text`). The view is handed exactly these normalized values and
nothing else, so the key holds everything the page depends on, and a random `?x=1`, `?x=2`, ...
meets the stored page instead of rendering it again; so does a parameter repeated
(`?after=1&after=1...`: the last value counts, as for a form). The live region of a page
(tournament/web/live.py) is kept apart from the page. A stored page serves while the generation
is unchanged; after a change it is rendered again, unless it is younger than
`PUBLIC_PAGE_GRACE` seconds (default 5): while clerks enter games every second, readers then
see the ranking at most that much behind, and each process renders a page at most once per
grace period, so readers never slow the clerks down. With a grace of 0 a page is never older
than the last committed change. While one thread renders a page again, the other threads and
processes serve its last copy instead of rendering it too (`_render_claim`: a claim in the
pages' cache, which the workers of a machine share in files, and every server in Redis with
`CACHE_URL`): a hall of readers arriving as the copy gets old costs one rendering, not one per
thread or worker. A page served from the cache, or a live region answered 304, costs one
query: the tournament's id and generation, by its slug. The generation is the database's, not
a copy in the cache, so a change saved while the cache did not answer (a Redis that hung: its
word to the cache was lost) outdates every kept copy all the same.

Only anonymous visitors are served from the cache: a logged-in user's page carries his name,
and the tournament's staff may see what is not published yet. The CSRF token of the language
switch is put back for every visitor, so a cached page's form still works.

A render that misses the cache of an expensive page (the ranking PDF, the ranking, projector
and statistics: every player's totals; declared with `expensive=True`) counts against the
visitor's address (`limits.render_allowed`): more than `PUBLIC_RENDER_LIMIT` of them in a
minute answer a German 429 page without rendering; pages from the cache are never refused.
"""

from __future__ import annotations

import hashlib
import logging
import re
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from functools import wraps
from urllib.parse import urlencode

from django.conf import settings
from django.contrib.messages import get_messages
from django.core.cache import cache
from django.db import DatabaseError
from django.http import HttpResponse, QueryDict
from django.middleware.csrf import get_token
from django.shortcuts import render
from django.utils import timezone, translation
from django.utils.html import escape
from django.utils.translation import gettext as _

from tournament import models
from tournament.models.compiled import Compiled
from tournament.scorekeeping.revisions import tournament_known, tournament_remember
from tournament.web.limits import render_allowed, too_many_renders
from tournament.web.live import live_requested

logger = logging.getLogger(__name__)

# Responses larger than this (a huge ranking PDF, say) are rendered every time.
LARGEST_CACHED = 2 * 1024 * 1024
_TOKEN = re.compile(rb'name="csrfmiddlewaretoken" value="([A-Za-z0-9]+)"')
_TOKEN_PLACEHOLDER = b"@@public-cache-csrf-token@@"
LONGEST_NUMBER = 9  # digits of a number read from the query (a page, a Durchgang, seconds)
LONGEST_TEXT = 100  # characters of a text read from the query (a search, a sort column)
NOT_A_NUMBER = "-"  # what a view reads for a number it was given that is none: never a number


def number(value: str) -> str:
    """A whole number as the public pages read it: "007" is "7", "" stays empty (not given);
    anything else (a sign, a fraction, 5000 digits) is NOT_A_NUMBER, which every page treats
    as an invalid number."""
    if not value:
        return ""
    if value.isdecimal() and len(value) <= LONGEST_NUMBER:
        return str(int(value))
    return NOT_A_NUMBER


def text(value: str) -> str:
    """A search or a column name: blanks around it dropped, at most LONGEST_TEXT characters."""
    return value.strip()[:LONGEST_TEXT]


QueryReaders = dict[str, Callable[[str], str]]


def query_read(request, readers: QueryReaders) -> None:
    """Leave in `request.GET` only the parameters of `readers`, each once, with its last value
    normalized by its reader (an empty one dropped), sorted by name: the view sees exactly what
    the cache key holds. `?after=1&after=1&after=1...` is the page of `?after=1`, so that
    repeating a parameter mints no new cache entry (a browser's form sends each field once;
    Django's `GET[name]` reads the last value too)."""
    pairs = [
        (name, normalized)
        for name, reader in sorted(readers.items())
        if (values := request.GET.getlist(name)) and (normalized := reader(values[-1]))
    ]
    request.GET = QueryDict(urlencode(pairs))


def public_page_key(request, pk: int, created_at: float) -> str:
    """The cache key of this page for this request: tournament, language, URL with the query
    parameters the page reads (`query_read` has left only those), and whether the page or only
    its live region is asked for (tournament/web/live.py)."""
    query = urlencode(sorted(request.GET.lists()), doseq=True)
    page = request.build_absolute_uri(request.path)
    url = hashlib.sha256(f"{page}?{query}".encode()).hexdigest()
    language = translation.get_language()
    part = ":teil" if live_requested(request) else ""
    return f"public-page:v3:{pk}:{created_at}:{language}:{url}{part}"


def _now() -> float:
    """The time a copy is rendered at, and its age measured: the clock's seconds, alike for
    every process and server that shares the copy."""
    return time.time()


def _fresh(stored: tuple, generation: int) -> bool:
    """A stored page serves when nothing changed since, or, while games keep coming in, when it
    is younger than `PUBLIC_PAGE_GRACE` seconds: a hall of readers then costs one rendering per
    page and grace period, however fast the clerks enter."""
    stored_generation, rendered_at = stored[0], stored[1]
    grace = settings.PUBLIC_PAGE_GRACE
    return stored_generation == generation or (grace > 0 and 0 <= _now() - rendered_at < grace)


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


def public_page_cached(*, query: QueryReaders | None = None, expensive: bool = False):
    """Serve `view(request, slug, **kwargs)` from the cache for anonymous visitors. `query`:
    the query parameters the view reads, with their readers (the view gets nothing else);
    `expensive`: a render outside the cache counts against the visitor's limit."""
    readers = query or {}

    def decorator(view):
        @wraps(view)
        def cached(request, slug: str, **kwargs):
            live_requested(request)  # takes `?teil=1` out of the query before it is read
            query_read(request, readers)
            return _cached(view, expensive, request, slug, **kwargs)

        return cached

    return decorator


_KEY = Compiled(
    lambda slug: models.Tournament.objects.filter(slug=slug).only("created_at", "generation"),
    slug=str,
)


def _tournament_key(slug: str) -> tuple[int, float, int] | None:
    """(id, creation time, generation) of the tournament under `slug`, or None: one query by
    the slug's index. The generation is the database's, raised in the transaction of every
    change the pages show (scorekeeping/changes.py): a copy kept while a change could not
    reach the cache (a Redis that hung) is never taken for current afterwards."""
    tournament = _KEY.first(slug=slug)
    if tournament is None:
        return None
    return tournament.pk, tournament.created_at.timestamp(), tournament.generation


#: The keys of the pages a thread of this process is rendering again.
_rendering: set[str] = set()
_rendering_lock = threading.Lock()
#: Seconds a claim to render a page holds at most (a worker killed while rendering leaves one).
CLAIM_SECONDS = 20
#: Seconds a reader of a page never kept waits for the page another thread or worker renders.
RENDER_WAIT = 5.0


def _copy_awaited(key: str) -> tuple | None:
    """The page of `key` once the thread or worker that claimed it has rendered it (None: it
    let its claim go without keeping one, or took longer than `RENDER_WAIT`). So a hall of
    readers opening a page nobody has asked for yet (the ranking just published) costs one
    rendering, not one per thread."""
    deadline = time.monotonic() + RENDER_WAIT
    while time.monotonic() < deadline:
        time.sleep(0.05)
        copy = cache.get(key)
        if copy is not None or not cache.has_key(f"{key}:claim"):
            return copy
    return None


@contextmanager
def _render_claim(key: str) -> Iterator[bool]:
    """Whether this thread is the one to render the page of `key` (True until it is done); False
    while another thread of the process, or another process sharing the pages' cache, renders
    it. Two processes may both claim a page at the same moment (the file cache's `add` is not
    atomic): the page is then rendered twice, nothing worse."""
    with _rendering_lock:
        claimed = key not in _rendering
        _rendering.add(key)
    shared = claimed and cache.add(f"{key}:claim", True, timeout=CLAIM_SECONDS)
    try:
        yield shared
    finally:
        if shared:
            cache.delete(f"{key}:claim")
        if claimed:
            with _rendering_lock:
                _rendering.discard(key)


def _cached(view, expensive: bool, request, slug: str, **kwargs):
    if not _cacheable_request(request):
        return view(request, slug, **kwargs)
    try:
        tournament_key = _tournament_key(slug)
    except DatabaseError:  # the database is away: the copy kept, if the cache knows the page
        return _database_away(request, slug, None)
    if tournament_key is None:
        return view(request, slug, **kwargs)  # the view answers 404
    pk, created_at, generation = tournament_key
    key = public_page_key(request, pk, created_at)
    hit = cache.get(key)
    if hit is not None and _fresh(hit, generation):
        return _restored(request, *hit[2:])
    with _render_claim(key) as claimed:
        if not claimed:  # another thread or worker renders it: the copy meanwhile, or its page
            copy = hit if hit is not None else _copy_awaited(key)
            if copy is not None:
                return _restored(request, *copy[2:])
        if expensive:
            allowed, retry_after = render_allowed(request)
            if not allowed:
                return too_many_renders(request, retry_after)
        try:
            response = view(request, slug, **kwargs)
        except DatabaseError:
            return _database_away(request, slug, hit)
        if _cacheable_response(response):
            cache.set(key, (generation, _now(), *_stored(response)))
            tournament_remember(slug, pk=pk, created_at=created_at)  # for _database_away
        return response


def _database_away(request, slug: str, hit: tuple | None) -> HttpResponse:
    """While the database is away: the page's last copy, marked with its time, or a German 503
    that asks to come back in a minute."""
    logger.warning("public page %s served without the database", request.path)
    if hit is None:
        known = tournament_known(slug)
        if known is not None:
            hit = cache.get(public_page_key(request, known[0], known[1]))
    if hit is None:
        response = render(request, "503_database.html", status=503)
        response["Retry-After"] = "60"
        return response
    rendered_at, content, headers = hit[1], hit[2], hit[3]
    note = _("As of %(time)s: the tournament's database cannot be reached just now.") % {
        "time": timezone.localtime(datetime.fromtimestamp(rendered_at, tz=UTC)).strftime("%H:%M")
    }
    mark = f'<p class="stand-note" role="status">{escape(note)}</p>'.encode()
    return _restored(request, content.replace(b"<main>", b"<main>" + mark, 1), headers)
