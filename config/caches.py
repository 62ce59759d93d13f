"""The caches, chosen by the environment (settings.py), and a Redis cache that fails open.

Two caches:

- ``default``: the public pages (tournament/web/page_cache.py) and the render limit. With
  ``CACHE_URL`` (or ``REDIS_URL``), e.g. ``redis://127.0.0.1:6379/0``, Django's Redis cache,
  shared by every server; without, files in ``pages/`` of the folder below, shared by the
  workers of the machine: a page changed by a game is rendered again by one of them, not by
  each (a ranking of hundreds of players holds its worker for a fifth of a second;
  docs/performance.md).
- ``shared``: what every process must see alike: the revisions of tables and tournaments
  (tournament/scorekeeping/revisions.py), the token of each table link, and the sessions
  (``cached_db``: read from here, written here and to the database). The same Redis when
  there is one; else files in ``DJANGO_CACHE_DIR`` (default ``var/cache`` in the project),
  which every gunicorn worker of the machine reads. Never per process: a session changed
  in one worker (a PIN typed, a logout) would stay old in the others.

Django's file cache counts its folder's files on every write, to cull when it holds more than
``MAX_ENTRIES``: with a hall's thousands of files that listing was a tenth of a phone's save
(docs/performance.md). `FolderCache` counts at most once every `CULL_EVERY` seconds per
process; between two counts the folder may hold a minute's writes more than ``MAX_ENTRIES``.
It overrides a private method of Django's (`_cull`, reading `_dir`): ``TUNED_CACHES=0`` (or
``PLAIN_LIBRARIES=1``) puts Django's own `FileBasedCache` in its place.

A Redis that does not answer gives nobody a traceback: `FailOpenRedisCache` logs it (once a
minute per process) and answers as if the key were missing, so a request falls back to the
database; a write is dropped. A Redis that hangs (it accepts the connection and answers nothing)
would make each call wait its `REDIS_SECONDS`, a dozen times per request: the first call that
gets no answer opens the process's circuit breaker (`Breaker`), and for ``CACHE_BREAKER_SECONDS``
(default `BREAKER_SECONDS`) every call is a miss at once, without asking Redis; then one call
asks again (half-open) and closes the breaker when Redis answers. Nothing correct depends on a
write that was dropped: the public pages follow the tournament's generation in the database
(tournament/web/page_cache.py). Several machines share the revisions only through Redis: with
more than one app server, set ``CACHE_URL``. `FailOpenRedisCache` only wraps the public methods
of Django's cache API around Django's `RedisCache` (no tuning, no internals: it stays with
``TUNED_CACHES=0``); the one thing that API cannot do, deleting keys by a pattern, it does with
a redis-py client of its own (`matching_delete`). Why not django-redis's ``IGNORE_EXCEPTIONS``:
docs/development.md, *Tuning and its fallbacks*.
"""

from __future__ import annotations

import logging
import re
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import redis
from django.core.cache.backends.base import DEFAULT_TIMEOUT
from django.core.cache.backends.filebased import FileBasedCache
from django.core.cache.backends.redis import RedisCache
from django.core.exceptions import ImproperlyConfigured
from django.utils.module_loading import import_string

logger = logging.getLogger("tournament.cache")

#: Seconds a Redis may take to connect or to answer before the cache gives up for the request.
REDIS_SECONDS = 0.5
#: Seconds a process skips a Redis that did not answer before it asks it again (the breaker;
#: ``CACHE_BREAKER_SECONDS``).
BREAKER_SECONDS = 15.0
#: Seconds between two log lines about a Redis that does not answer (per process).
LOG_EVERY = 60.0
#: Seconds between two counts of the file cache's files (per process).
CULL_EVERY = 60.0
#: Django's own file cache, with ``TUNED_CACHES=0``.
FILES = "django.core.cache.backends.filebased.FileBasedCache"


def caches_config(
    url: str | None,
    folder: Path,
    *,
    breaker_seconds: float = BREAKER_SECONDS,
    reopened: str = "",
    tuned: bool = True,
) -> dict[str, dict[str, Any]]:
    """CACHES for a Redis at `url` (None: none) or, without, files in `folder` (the pages in
    its `pages/`); `breaker_seconds`: how long a process skips a Redis that did not answer;
    `reopened`: the dotted path of what is called when such a Redis answers again; `tuned`:
    the files in `FolderCache` (else in Django's own `FileBasedCache`)."""
    if url:
        if not url.startswith(("redis://", "rediss://", "unix://")):
            raise ImproperlyConfigured(
                f"CACHE_URL must start with redis://, rediss:// or unix://, not {url[:20]!r}."
            )
        redis = {
            "BACKEND": "config.caches.FailOpenRedisCache",
            "LOCATION": url,
            "BREAKER_SECONDS": breaker_seconds,
            "REOPENED": reopened,
            "OPTIONS": {
                "socket_connect_timeout": REDIS_SECONDS,
                "socket_timeout": REDIS_SECONDS,
            },
        }
        return {
            "default": {**redis, "TIMEOUT": 600, "KEY_PREFIX": "pages"},
            "shared": {**redis, "TIMEOUT": 2 * 86400, "KEY_PREFIX": "shared"},
        }
    files = "config.caches.FolderCache" if tuned else FILES
    return {
        "default": {
            "BACKEND": files,
            "LOCATION": str(folder / "pages"),
            "TIMEOUT": 600,
            "OPTIONS": {"MAX_ENTRIES": 500, "CULL_FREQUENCY": 4},
        },
        "shared": {
            "BACKEND": files,
            "LOCATION": str(folder),
            "TIMEOUT": 2 * 86400,
            # A hall of 250 tables: a revision and a link per table, a session per phone.
            "OPTIONS": {"MAX_ENTRIES": 20000, "CULL_FREQUENCY": 4},
        },
    }


class FolderCache(FileBasedCache):
    """Django's file cache, culled (its files counted) at most once every `CULL_EVERY`
    seconds per process instead of on every write."""

    #: When each folder was counted last, in this process (Django makes a cache object per
    #: thread, so the time is kept on the class).
    _culled_at: dict[str, float] = {}

    def _cull(self) -> None:
        now = time.monotonic()
        folder = self._dir  # type: ignore[attr-defined]  # Django's, not in its type stubs
        if now - FolderCache._culled_at.get(folder, float("-inf")) < CULL_EVERY:
            return
        FolderCache._culled_at[folder] = now
        super()._cull()  # type: ignore[misc]  # Django's, not in its type stubs


def _clock() -> float:
    """The breaker's clock (seconds; a test moves it on)."""
    return time.monotonic()


@dataclass
class Breaker:
    """The circuit breaker of one Redis in this process: `open_until` (the clock's seconds;
    0: closed) skips the Redis until then; `probing` while one call tries it again. The
    counters are what the tests and the log read."""

    seconds: float = BREAKER_SECONDS
    open_until: float = 0.0
    probing: bool = False
    #: Calls that reached for Redis and got no answer (a time-out or a broken connection).
    failures: int = 0
    #: Calls answered as a miss without asking Redis, while the breaker was open.
    skipped: int = 0
    lock: threading.Lock = field(default_factory=threading.Lock)
    #: What is called (dotted paths, with ``sender=Breaker``) when the breaker closes, Redis
    #: answering again: what this process could not write meanwhile is missing there
    #: (settings.py names tournament/scorekeeping/revisions.py's `revisions_forget`).
    reopened: set[str] = field(default_factory=set)

    def allows(self) -> bool:
        """Whether this call may ask Redis: always while closed; once the breaker has been open
        its `seconds`, one call at a time (half-open) until one gets an answer."""
        with self.lock:
            if not self.open_until:
                return True
            if self.probing or _clock() < self.open_until:
                self.skipped += 1
                return False
            self.probing = True
            return True

    def answered(self) -> None:
        with self.lock:
            reopened = bool(self.open_until)
            self.open_until, self.probing = 0.0, False
        if reopened:
            logger.warning("Redis cache answers again")
            for hook in sorted(self.reopened):
                import_string(hook)(sender=Breaker)

    def released(self) -> None:
        with self.lock:
            self.probing = False

    def failed(self, error: Exception) -> None:
        with self.lock:
            self.failures += 1
            if not self.open_until or self.probing:
                logger.warning(
                    "Redis cache does not answer (%s): the database alone for %g s", error,
                    self.seconds,
                )  # fmt: skip
            self.open_until, self.probing = _clock() + self.seconds, False


#: The breaker of each Redis (its address), shared by the threads of this process.
_breakers: dict[str, Breaker] = {}
_breakers_lock = threading.Lock()


def breaker(location: str, seconds: float = BREAKER_SECONDS) -> Breaker:
    """The breaker of the Redis at `location` in this process."""
    with _breakers_lock:
        return _breakers.setdefault(location, Breaker(seconds))


#: What a Redis that hangs or is away raises (redis-py wraps the socket's errors).
_NO_ANSWER = (redis.ConnectionError, redis.TimeoutError, OSError)


class FailOpenRedisCache(RedisCache):
    """Django's Redis cache; when Redis does not answer, a miss (and a log line), never an
    error: every caller falls back to the database. A call that gets no answer (a time-out,
    a refused or broken connection) opens the process's breaker of that Redis: for the
    cache's ``BREAKER_SECONDS`` (``CACHE_BREAKER_SECONDS``) every call is a miss at once, so a
    request waits for one time-out at most, not for one per cache call; then one call tries
    Redis again (and closes the breaker when it answers)."""

    _logged_at = 0.0

    def __init__(self, server, params):
        super().__init__(server, params)
        location = server if isinstance(server, str) else ",".join(server)
        self.breaker = breaker(location, float(params.get("BREAKER_SECONDS", BREAKER_SECONDS)))
        #: The Redis written to (Django's too: the first of LOCATION) and how to reach it.
        self.primary = re.split("[;,]", location)[0]
        self.options = {
            name: value
            for name, value in params.get("OPTIONS", {}).items()
            if name.startswith("socket_")
        }
        if params.get("REOPENED"):
            self.breaker.reopened.add(params["REOPENED"])

    def matching_delete(self, pattern: str) -> int:
        """Delete the keys matching `pattern` (a key as `make_key` makes it, with ``*``), which
        Django's cache API cannot: through a redis-py client of the Redis written to, never
        through the internals of Django's backend. Returns how many went; raises when Redis
        does not answer."""
        with redis.Redis.from_url(self.primary, **self.options) as client:
            names = list(client.scan_iter(match=pattern, count=1000))
            return int(client.delete(*names)) if names else 0

    def _failed(self, operation: str, error: Exception, default: Any = None) -> Any:
        now = time.monotonic()
        if now - FailOpenRedisCache._logged_at >= LOG_EVERY:
            FailOpenRedisCache._logged_at = now
            logger.warning("Redis cache %s failed, using the database: %s", operation, error)
        return default

    def _guarded(self, operation: str, default: Any, call: Callable[[], Any]) -> Any:
        """`call()`, or `default` when the breaker is open or Redis does not answer."""
        if not self.breaker.allows():
            return default
        try:
            result = call()
        except ValueError:
            self.breaker.answered()
            raise  # incr of a missing key: as every cache says it
        except _NO_ANSWER as error:
            self.breaker.failed(error)
            return self._failed(operation, error, default)
        except Exception as error:  # any failure of the cache is a miss
            self.breaker.answered()  # Redis answered, with an error
            return self._failed(operation, error, default)
        except BaseException:
            self.breaker.released()  # a probe cut short: another call may try
            raise
        self.breaker.answered()
        return result

    def get(self, key, default=None, version=None):
        return self._guarded(
            "get", default, lambda: super(FailOpenRedisCache, self).get(key, default, version)
        )

    def get_many(self, keys, version=None):
        return self._guarded(
            "get_many", {}, lambda: super(FailOpenRedisCache, self).get_many(keys, version)
        )

    def has_key(self, key, version=None):
        return self._guarded(
            "has_key", False, lambda: super(FailOpenRedisCache, self).has_key(key, version)
        )

    def add(self, key, value, timeout=DEFAULT_TIMEOUT, version=None):
        return self._guarded(
            "add", False, lambda: super(FailOpenRedisCache, self).add(key, value, timeout, version)
        )

    def set(self, key, value, timeout=DEFAULT_TIMEOUT, version=None):
        self._guarded(
            "set", None, lambda: super(FailOpenRedisCache, self).set(key, value, timeout, version)
        )

    def set_many(self, data, timeout=DEFAULT_TIMEOUT, version=None):
        return self._guarded(
            "set_many",
            list(data),
            lambda: super(FailOpenRedisCache, self).set_many(data, timeout, version),
        )

    def touch(self, key, timeout=DEFAULT_TIMEOUT, version=None):
        return self._guarded(
            "touch", False, lambda: super(FailOpenRedisCache, self).touch(key, timeout, version)
        )

    def delete(self, key, version=None):
        return self._guarded(
            "delete", False, lambda: super(FailOpenRedisCache, self).delete(key, version)
        )

    def delete_many(self, keys, version=None):
        self._guarded(
            "delete_many", None, lambda: super(FailOpenRedisCache, self).delete_many(keys, version)
        )

    def incr(self, key, delta=1, version=None):
        return self._guarded(
            "incr", delta, lambda: super(FailOpenRedisCache, self).incr(key, delta, version)
        )

    def clear(self):
        return self._guarded("clear", False, lambda: super(FailOpenRedisCache, self).clear())
