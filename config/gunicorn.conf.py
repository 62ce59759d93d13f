"""gunicorn settings for `make serve` (gunicorn -c config/gunicorn.conf.py config.wsgi).

WEB_CONCURRENCY   worker processes (default: 2 × CPU cores + 1).
GUNICORN_BIND     address to listen on (default 127.0.0.1:8000; a reverse proxy in front).
GUNICORN_TIMEOUT  seconds a request may take before its worker is restarted (default 120: the
                  signed scoresheets of a whole Durchgang are rendered in the background, but a
                  ranking PDF of 1,000 players takes a few seconds).

The workers share nothing but the database: sessions live in it, and each worker's cache of the
public pages is keyed by the tournament's generation, which every change raises in the database.
"""

import multiprocessing
import os


def _int(name: str, default: int) -> int:
    value = os.environ.get(name, "").strip()
    if not value:
        return default
    if not value.isdecimal() or int(value) < 1:
        raise SystemExit(f"{name}={value!r} is not a positive whole number.")
    return int(value)


wsgi_app = "config.wsgi:application"
bind = os.environ.get("GUNICORN_BIND", "").strip() or "127.0.0.1:8000"
workers = _int("WEB_CONCURRENCY", 2 * multiprocessing.cpu_count() + 1)
worker_class = "sync"
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
