"""gunicorn settings for `make serve` (gunicorn -c config/gunicorn.conf.py config.wsgi).

WEB_CONCURRENCY   worker processes (default: CPU cores + 1).
GUNICORN_THREADS  threads per worker (default 4: gthread workers; 1: sync workers).
GUNICORN_READ_THREADS
                  threads per worker for reads (GET, HEAD) beside those (default 2): a
                  phone's poll does not wait behind the saves of a burst
                  (config/gunicorn_lanes.py; not with sync workers).
TUNED_GUNICORN_LANES
                  0 (or PLAIN_LIBRARIES=1): gunicorn's stock `gthread` worker instead, no
                  lane for reads (config/settings.py; docs/development.md, *Tuning and its
                  fallbacks*).

A hall's phones chose the default (bench/phones.py, docs/performance.md, 2026-11-23): on 2
cores, 3 gthread workers of 4 threads were as fast as 5 sync workers within the noise (later
games' p95 0.2-0.3 s both), with fewer processes, and a poll is answered by a free thread while
other threads wait for the database (SQLite's one writer, a PostgreSQL lock). Since the hall's
load targets (docs/performance.md) the workers have a second pool for GET and HEAD
(config/gunicorn_lanes.py), so that the polls of a burst of first games do not wait behind its
saves.

GUNICORN_BIND     address to listen on (default 127.0.0.1:8000; a reverse proxy in front).
GUNICORN_TIMEOUT  seconds a request may take before its worker is restarted (default 120: the
                  signed scoresheets of a whole Durchgang are rendered in the background, but a
                  ranking PDF of 1,000 players takes a few seconds).

The workers share the database and the shared cache (config/caches.py: Redis with CACHE_URL,
else a folder of this machine): sessions, the revisions of tables and tournaments, the table
links. Each worker's cache of the public pages is keyed by the tournament's revision.
"""

import multiprocessing
import os
import time


def _int(name: str, default: int) -> int:
    value = os.environ.get(name, "").strip()
    if not value:
        return default
    if not value.isdecimal() or int(value) < 1:
        raise SystemExit(f"{name}={value!r} is not a positive whole number.")
    return int(value)


def _django_settings():
    """The app's settings, loaded in the master too (its time zone, the worker's switch)."""
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    from django.conf import settings

    return settings


def _time_zone() -> None:
    """The master's lines in the zone of its workers' (Django makes TIME_ZONE the zone of each
    process that loads its settings; config/log.py writes the offset of every line)."""
    os.environ["TZ"] = _django_settings().TIME_ZONE
    time.tzset()


def _worker_class(threads: int) -> str:
    """The lanes for reads (TUNED_GUNICORN_LANES, on by default), else gunicorn's own threaded
    worker; one thread: the sync worker."""
    if threads == 1:
        return "sync"
    return (
        "config.gunicorn_lanes.LanesWorker"
        if _django_settings().TUNED_GUNICORN_LANES
        else "gthread"
    )


_time_zone()
wsgi_app = "config.wsgi:application"
bind = os.environ.get("GUNICORN_BIND", "").strip() or "127.0.0.1:8000"
workers = _int("WEB_CONCURRENCY", multiprocessing.cpu_count() + 1)
threads = _int("GUNICORN_THREADS", 4)
_int("GUNICORN_READ_THREADS", 2)  # read by the worker (config/gunicorn_lanes.py): checked here
worker_class = _worker_class(threads)
timeout = _int("GUNICORN_TIMEOUT", 120)
graceful_timeout = 30
keepalive = 5
# A worker is replaced after this many requests (with jitter), which bounds slow memory growth.
max_requests = 2000
max_requests_jitter = 200
accesslog = "-"
errorlog = "-"
loglevel = os.environ.get("GUNICORN_LOG_LEVEL", "info")
# Behind a proxy on the same host: trust its X-Forwarded-* headers (Django reads
# X-Forwarded-Proto only with DJANGO_SECURE=1).
forwarded_allow_ips = os.environ.get("FORWARDED_ALLOW_IPS", "127.0.0.1,::1")
