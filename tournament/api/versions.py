"""The API's validators: what an answer's ETag and Last-Modified are made of, kept in the shared
cache so that a reader asking again for an unchanged answer costs no database query.

Three kinds of version, each a random token with the time it was minted:

- `structure`: the organisers, the seasons, the cups, the persons (a publication choice
  changes names); bumped by their saves and deletions.
- `activity`: any change of any tournament (`pages_changed`, a save): the calendar's places
  left, the seasons' and cups' tables follow the rankings.
- `tournament:<pk>`: one tournament's public pages and its settings (`pages_changed`, a save).

A list answers by (structure, activity), a tournament's answers by (structure, its own
version). A bump is written when the writer's transaction commits: a reader never meets the new
token before the change itself. Each version lives `API_VERSION_SECONDS` (default 600): a bump
lost while the cache did not answer is corrected after that long at the latest, when a missing
version is made again (a tournament's from its `generation` in the database, one query; the
others new). The tournament a slug names is remembered in the cache as long, so that a
tournament's answer needs no query to find its version.
"""

from __future__ import annotations

import hashlib
import secrets
import time
from dataclasses import dataclass

from django.conf import settings
from django.core.cache import caches

from tournament import models
from tournament.scorekeeping import revisions

PREFIX = "api:v1:"
STRUCTURE = "structure"
ACTIVITY = "activity"


def _seconds() -> int:
    return settings.API_VERSION_SECONDS


def _cache():
    return caches["shared"]


def tournament_scope(pk: int) -> str:
    return f"tournament:{pk}"


def _slug_key(slug: str) -> str:
    # A slug is at most 80 characters of [-a-zA-Z0-9_]; hashed all the same, so that any text a
    # reader puts into the URL makes a short, valid key.
    return PREFIX + "slug:" + hashlib.sha256(slug.encode()).hexdigest()[:32]


def _minted() -> str:
    return f"{secrets.token_hex(8)}@{time.time():.3f}"


def versions_bump(*scopes: str) -> None:
    """New versions of `scopes` once the current transaction commits (at once outside one)."""

    def bump() -> None:
        seconds = _seconds()
        _cache().set_many({PREFIX + scope: _minted() for scope in scopes}, seconds)

    revisions.after_commit(bump)


@dataclass(frozen=True)
class Validator:
    etag: str
    #: Seconds since the epoch of the newest version in it.
    modified: float


def validator(scopes: list[str], request_key: str) -> Validator | None:
    """The validator of an answer that depends on `scopes`, from the cache alone; None when one
    of them is missing (then `validator_made` makes them)."""
    found = _cache().get_many([PREFIX + scope for scope in scopes])
    if len(found) != len(scopes):
        return None
    return _validator([found[PREFIX + scope] for scope in scopes], request_key)


def _validator(values: list[str], request_key: str) -> Validator:
    # The token alone makes the tag: a tournament's version made again from an unchanged
    # generation keeps its tag; the time of making goes to Last-Modified only.
    text = "|".join([*(value.rpartition("@")[0] for value in values), request_key])
    digest = hashlib.sha256(text.encode()).hexdigest()[:32]
    modified = max(float(value.rpartition("@")[2] or 0) for value in values)
    return Validator(etag=f'"{digest}"', modified=modified)


def validator_made(scopes: list[str], request_key: str) -> Validator:
    """The validator, a missing version made: a tournament's from its generation (one query),
    the others new. `add`, never `set`: a bump written meanwhile wins."""
    cache, seconds = _cache(), _seconds()
    found = cache.get_many([PREFIX + scope for scope in scopes])
    for scope in scopes:
        key = PREFIX + scope
        if key in found:
            continue
        value = _minted()
        if scope.startswith("tournament:"):
            pk = int(scope.partition(":")[2])
            row = models.Tournament.objects.filter(pk=pk).values_list("generation").first()
            value = f"generation-{row[0] if row else 'none'}@{time.time():.3f}"
        cache.add(key, value, seconds)
        found[key] = cache.get(key, value)
    return _validator([found[PREFIX + scope] for scope in scopes], request_key)


def slug_tournament(slug: str) -> int | None:
    """The tournament the slug named when last asked (from the cache; None: not known)."""
    return _cache().get(_slug_key(slug))


def slug_remember(slug: str, pk: int) -> None:
    _cache().set(_slug_key(slug), pk, _seconds())


def slug_forget(slug: str) -> None:
    """Once the current transaction commits, the slug is looked up again: a tournament saved
    under it may be another than the one remembered (a slug given up and taken again)."""
    revisions.after_commit(lambda: _cache().delete(_slug_key(slug)))
