"""The caches, chosen by the environment (settings.py), and a Redis cache that fails open.

Two caches:

- ``default``: the public pages (tournament/web/page_cache.py) and the render limit. With
  ``CACHE_URL`` (or ``REDIS_URL``), e.g. ``redis://127.0.0.1:6379/0``, Django's Redis cache,
  shared by every server; without, files in ``pages/`` of the folder below, shared by the
  workers of the machine: a page changed by a game is rendered again by one of them, not by
  each (a ranking of hundreds of players holds its worker for a fifth of a second; issue 31).
- ``shared``: what every process must see alike: the revisions of tables and tournaments
  (tournament/scorekeeping/revisions.py), the token of each table link, and the sessions
  (``cached_db``: read from here, written here and to the database). The same Redis when
  there is one; else files in ``DJANGO_CACHE_DIR`` (default ``var/cache`` in the project),
  which every gunicorn worker of the machine reads. Never per process: a session changed
  in one worker (a PIN typed, a logout) would stay old in the others.

Django's file cache counts its folder's files on every write, to cull when it holds more than
``MAX_ENTRIES``: with a hall's thousands of files that listing was a tenth of a phone's save
(issue 31). `FolderCache` counts at most once every `CULL_EVERY` seconds per process; between
two counts the folder may hold a minute's writes more than ``MAX_ENTRIES``.

A Redis that does not answer gives nobody a traceback: `FailOpenRedisCache` logs it (once a
minute per process) and answers as if the key were missing, so a request falls back to the
database; a write is dropped. Several machines share the revisions only through Redis: with
more than one app server, set ``CACHE_URL``.
"""

from __future__ import annotations

import logging
import time
from pathlib import Path
from typing import Any

from django.core.cache.backends.base import DEFAULT_TIMEOUT
from django.core.cache.backends.filebased import FileBasedCache
from django.core.cache.backends.redis import RedisCache
from django.core.exceptions import ImproperlyConfigured

logger = logging.getLogger("tournament.cache")

#: Seconds a Redis may take to connect or to answer before the cache gives up for the request.
REDIS_SECONDS = 0.5
#: Seconds between two log lines about a Redis that does not answer (per process).
LOG_EVERY = 60.0
#: Seconds between two counts of the file cache's files (per process).
CULL_EVERY = 60.0


def caches_config(url: str | None, folder: Path) -> dict[str, dict[str, Any]]:
    """CACHES for a Redis at `url` (None: none) or, without, files in `folder` (the pages in
    its `pages/`)."""
    if url:
        if not url.startswith(("redis://", "rediss://", "unix://")):
            raise ImproperlyConfigured(
                f"CACHE_URL must start with redis://, rediss:// or unix://, not {url[:20]!r}."
            )
        redis = {
            "BACKEND": "config.caches.FailOpenRedisCache",
            "LOCATION": url,
            "OPTIONS": {
                "socket_connect_timeout": REDIS_SECONDS,
                "socket_timeout": REDIS_SECONDS,
            },
        }
        return {
            "default": {**redis, "TIMEOUT": 600, "KEY_PREFIX": "pages"},
            "shared": {**redis, "TIMEOUT": 2 * 86400, "KEY_PREFIX": "shared"},
        }
    return {
        "default": {
            "BACKEND": "config.caches.FolderCache",
            "LOCATION": str(folder / "pages"),
            "TIMEOUT": 600,
            "OPTIONS": {"MAX_ENTRIES": 500, "CULL_FREQUENCY": 4},
        },
        "shared": {
            "BACKEND": "config.caches.FolderCache",
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


class FailOpenRedisCache(RedisCache):
    """Django's Redis cache; when Redis does not answer, a miss (and a log line), never an
    error: every caller falls back to the database."""

    _logged_at = 0.0

    def _failed(self, operation: str, error: Exception, default: Any = None) -> Any:
        now = time.monotonic()
        if now - FailOpenRedisCache._logged_at >= LOG_EVERY:
            FailOpenRedisCache._logged_at = now
            logger.warning("Redis cache %s failed, using the database: %s", operation, error)
        return default

    def get(self, key, default=None, version=None):
        try:
            return super().get(key, default, version)
        except Exception as error:  # noqa: BLE001 - any failure of the cache is a miss
            return self._failed("get", error, default)

    def get_many(self, keys, version=None):
        try:
            return super().get_many(keys, version)
        except Exception as error:  # noqa: BLE001
            return self._failed("get_many", error, {})

    def has_key(self, key, version=None):
        try:
            return super().has_key(key, version)
        except Exception as error:  # noqa: BLE001
            return self._failed("has_key", error, False)

    def add(self, key, value, timeout=DEFAULT_TIMEOUT, version=None):
        try:
            return super().add(key, value, timeout, version)
        except Exception as error:  # noqa: BLE001
            return self._failed("add", error, False)

    def set(self, key, value, timeout=DEFAULT_TIMEOUT, version=None):
        try:
            super().set(key, value, timeout, version)
        except Exception as error:  # noqa: BLE001
            self._failed("set", error)

    def set_many(self, data, timeout=DEFAULT_TIMEOUT, version=None):
        try:
            return super().set_many(data, timeout, version)
        except Exception as error:  # noqa: BLE001
            return self._failed("set_many", error, list(data))

    def touch(self, key, timeout=DEFAULT_TIMEOUT, version=None):
        try:
            return super().touch(key, timeout, version)
        except Exception as error:  # noqa: BLE001
            return self._failed("touch", error, False)

    def delete(self, key, version=None):
        try:
            return super().delete(key, version)
        except Exception as error:  # noqa: BLE001
            return self._failed("delete", error, False)

    def delete_many(self, keys, version=None):
        try:
            super().delete_many(keys, version)
        except Exception as error:  # noqa: BLE001
            self._failed("delete_many", error)

    def incr(self, key, delta=1, version=None):
        try:
            return super().incr(key, delta, version)
        except ValueError:
            raise  # the key is missing: as every cache says it
        except Exception as error:  # noqa: BLE001
            return self._failed("incr", error, delta)
