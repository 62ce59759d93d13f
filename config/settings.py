"""Settings of the Schafkopf tournament manager, read from the environment.

One file for every deployment; the environment decides, read by ``config/env.py``. Every
variable, its default and what it changes: docs/configuration.md (a test checks that each one
read here is listed there).
"""

from datetime import timedelta
from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured
from django.utils.translation import gettext_lazy as _

from config.caches import caches_config
from config.env import (
    DEFAULT_ALLOWED_HOSTS,
    env_bool,
    env_email,
    env_int,
    env_list,
    env_site_url,
    env_str,
)
from config.log import logging_config

BASE_DIR = Path(__file__).resolve().parent.parent

DEBUG = env_bool("DJANGO_DEBUG", default=False)

_DEVELOPMENT_SECRET_KEY = "django-insecure-development-only-never-use-in-production"
SECRET_KEY = env_str("DJANGO_SECRET_KEY")
if SECRET_KEY is None:
    if not DEBUG:
        raise ImproperlyConfigured(
            "Set DJANGO_SECRET_KEY, or DJANGO_DEBUG=1 to use the development key."
        )
    SECRET_KEY = _DEVELOPMENT_SECRET_KEY

# DEFAULT_ALLOWED_HOSTS (imported above) is a setting too: `make hall` adds its address to it
# (tournament/hall/network.py).
ALLOWED_HOSTS = env_list("DJANGO_ALLOWED_HOSTS", default=DEFAULT_ALLOWED_HOSTS)
CSRF_TRUSTED_ORIGINS = env_list("DJANGO_CSRF_TRUSTED_ORIGINS", default=[])
# Where the site is reached from outside, without a trailing slash: printed links and QR codes
# are built on it (tournament/web/site_url.py) instead of on the request's host.
SITE_URL = env_site_url("SITE_URL")

# Mail (config/env.py: env_email): only with EMAIL_URL set does the site send any; the public
# registration is then confirmed by e-mail (tournament/checkin/confirmation.py).
_EMAIL = env_email("EMAIL_URL")
EMAIL_CONFIGURED = bool(_EMAIL)
if _EMAIL:
    EMAIL_BACKEND = _EMAIL["EMAIL_BACKEND"]
    EMAIL_HOST, EMAIL_PORT = _EMAIL["EMAIL_HOST"], _EMAIL["EMAIL_PORT"]
    EMAIL_HOST_USER, EMAIL_HOST_PASSWORD = _EMAIL["EMAIL_HOST_USER"], _EMAIL["EMAIL_HOST_PASSWORD"]
    EMAIL_USE_TLS, EMAIL_USE_SSL = _EMAIL["EMAIL_USE_TLS"], _EMAIL["EMAIL_USE_SSL"]
DEFAULT_FROM_EMAIL = env_str("EMAIL_FROM") or "turnier@localhost"
EMAIL_TIMEOUT = 20
# The public registration (docs/checkin.md): hours an unconfirmed one waits for its mail's link,
# and how many one address, and one tournament, take per hour.
REGISTRATION_CONFIRM_HOURS = env_int("REGISTRATION_CONFIRM_HOURS", 24)
if REGISTRATION_CONFIRM_HOURS < 1:
    raise ImproperlyConfigured("REGISTRATION_CONFIRM_HOURS must be 1 or more.")
REGISTRATION_LIMIT_PER_ADDRESS = env_int("REGISTRATION_LIMIT_PER_ADDRESS", 5)
REGISTRATION_LIMIT_PER_TOURNAMENT = env_int("REGISTRATION_LIMIT_PER_TOURNAMENT", 60)
REGISTRATION_LIMIT_PER_MAILBOX = env_int("REGISTRATION_LIMIT_PER_MAILBOX", 1)

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django_tables2",
    "django_tasks",
    "django_tasks_db",
    "axes",
    "csp",
    # The JSON API (tournament/api/): its docs page's scripts served from here, not a CDN.
    "ninja",
    "corsheaders",
    "rules",
    "scoring",
    "tournament.apps.TournamentConfig",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    # Access-Control-Allow-Origin: * on the JSON API only (CORS_URLS_REGEX below).
    "corsheaders.middleware.CorsMiddleware",
    "config.csp.HtmlCSPMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "config.locale.ChosenLanguageMiddleware",
    "tournament.web.middleware.HostileInputMiddleware",  # NUL anywhere: a German 400, nothing read
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    # The German deck for every request until a view activates its tournament's.
    "tournament.web.middleware.DeckMiddleware",
    # A PDF over its time or memory bound: a German 503 page instead of an error.
    "tournament.web.middleware.RenderLimitMiddleware",
    # Last, as django-axes asks: it turns a lockout into the lockout page.
    "axes.middleware.AxesMiddleware",
]

# django-axes first: it refuses a locked-out login before the password is checked.
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]

ROOT_URLCONF = "config.urls"
WSGI_APPLICATION = "config.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "tournament.handbook.context.help_link",
                "tournament.replication.context.copy_state",
            ],
        },
    },
]

# Database: SQLite next to the code so that a fresh checkout runs; PostgreSQL via DATABASE_URL.
DATABASES = {
    "default": dj_database_url.config(default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}"),
}
# SQLITE_SYNCHRONOUS: FULL (default) syncs the WAL to the disk at every commit, so a game the
# clerk or the phone was told is saved survives a power cut of the laptop; NORMAL syncs at
# checkpoints only and may lose the last commits then (docs/continuous-copy.md, measured in
# docs/performance.md).
SQLITE_SYNCHRONOUS = (env_str("SQLITE_SYNCHRONOUS") or "FULL").upper()
if SQLITE_SYNCHRONOUS not in ("FULL", "NORMAL"):
    raise ImproperlyConfigured(
        f"SQLITE_SYNCHRONOUS={SQLITE_SYNCHRONOUS!r}: give FULL (the default) or NORMAL."
    )
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # WAL lets readers (standings on the projector) continue while a clerk writes; IMMEDIATE
    # takes the write lock at BEGIN, so concurrent writers wait (timeout) instead of failing.
    DATABASES["default"]["OPTIONS"] = {
        "init_command": f"PRAGMA journal_mode=WAL; PRAGMA synchronous={SQLITE_SYNCHRONOUS};",
        "transaction_mode": "IMMEDIATE",
        "timeout": 20,
    }
    # A connection kept per thread: opening one (and its PRAGMAs, the schema read again) costs
    # about 1 ms of CPU, a tenth of a phone's save (docs/performance.md).
    DATABASES["default"]["CONN_MAX_AGE"] = 60
elif DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
    DATABASES["default"]["CONN_MAX_AGE"] = 60
    DATABASES["default"]["CONN_HEALTH_CHECKS"] = True

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# Tuning (docs/development.md, *Tuning and its fallbacks*): four pieces reach into a library's
# internals for speed. Each has its switch, on by default; off, the code takes the library's own
# public path. PLAIN_LIBRARIES=1 turns them all off, whatever the single switches say (at an
# upgrade of Django, gunicorn or django-tables2 that broke one of them).
PLAIN_LIBRARIES = env_bool("PLAIN_LIBRARIES", default=False)
TUNED_SQL = not PLAIN_LIBRARIES and env_bool("TUNED_SQL", default=True)
TUNED_GUNICORN_LANES = not PLAIN_LIBRARIES and env_bool("TUNED_GUNICORN_LANES", default=True)
TUNED_TABLE_CELLS = not PLAIN_LIBRARIES and env_bool("TUNED_TABLE_CELLS", default=True)
TUNED_CACHES = not PLAIN_LIBRARIES and env_bool("TUNED_CACHES", default=True)

# Caches (config/caches.py): "default" holds the public pages (tournament/web/page_cache.py),
# "shared" the revisions of tables and tournaments (tournament/scorekeeping/revisions.py), the table
# links and the sessions, alike for every worker. With CACHE_URL (or REDIS_URL) both live in
# Redis, shared by every server; without, the pages per process and the rest in files under
# DJANGO_CACHE_DIR, shared by the workers of this machine.
CACHE_URL = env_str("CACHE_URL") or env_str("REDIS_URL")
CACHES = caches_config(
    CACHE_URL,
    Path(env_str("DJANGO_CACHE_DIR") or BASE_DIR / "var" / "cache"),
    breaker_seconds=env_int("CACHE_BREAKER_SECONDS", 15),
    tuned=TUNED_CACHES,
    # Redis answering again after this process skipped it: the tables' revisions are dropped.
    reopened="tournament.scorekeeping.revisions.revisions_forget",
)

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "/"
LOGOUT_REDIRECT_URL = "/"

# Internationalisation: msgids in English, German and Swedish translations in locale/de, locale/sv.
LANGUAGE_CODE = "de"
LANGUAGES = [
    ("de", _("German")),
    ("en", _("English")),
    ("sv", _("Swedish")),
]
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = "Europe/Berlin"
USE_I18N = True
USE_TZ = True

# Static files: served by WhiteNoise. Hashed, compressed names need `collectstatic` first, so
# development and tests serve the source files under their own names.
STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_MANIFEST = env_bool("DJANGO_STATIC_MANIFEST", default=not DEBUG)
# The background jobs' results and uploads (tournament/jobs/), through Django's storage API: a
# folder here, a shared volume (or object storage) when several machines run the app. Never
# served as static files: downloads go through the job's view, which checks the role.
MEDIA_ROOT = Path(env_str("DJANGO_MEDIA_ROOT") or BASE_DIR / "var" / "media")
# What the storage writes (job results, uploads waiting for their confirmation) holds names:
# readable by the app's own user only.
FILE_UPLOAD_PERMISSIONS = 0o600
FILE_UPLOAD_DIRECTORY_PERMISSIONS = 0o700
FILE_UPLOAD_HANDLERS = [
    "tournament.web.upload_limit.UploadLimitHandler",
    "django.core.files.uploadhandler.MemoryFileUploadHandler",
    "django.core.files.uploadhandler.TemporaryFileUploadHandler",
]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": (
            "config.static_storage.StaticStorage"
            if STATIC_MANIFEST
            else "django.contrib.staticfiles.storage.StaticFilesStorage"
        ),
    },
}

# Public pages may lag this many seconds behind the last saved game while games keep coming in
# (tournament/web/page_cache.py); 0: re-render after every change.
PUBLIC_PAGE_GRACE = env_int("PUBLIC_PAGE_GRACE", 5)

# The JSON API (tournament/api/, docs/api.md): readable from any website's script, never with
# the visitor's cookies; answers may be kept API_MAX_AGE seconds by a browser or proxy; its
# versions live API_VERSION_SECONDS in the shared cache (a lost change noticed after that long).
CORS_URLS_REGEX = r"^/api/"
CORS_ALLOW_ALL_ORIGINS = True
CORS_ALLOW_CREDENTIALS = False
CORS_ALLOW_METHODS = ["GET", "HEAD", "OPTIONS"]
CORS_ALLOW_HEADERS = ["if-none-match", "if-modified-since"]
CORS_EXPOSE_HEADERS = ["ETag", "Last-Modified"]
API_MAX_AGE = env_int("API_MAX_AGE", 30)
API_VERSION_SECONDS = env_int("API_VERSION_SECONDS", 600)
# Renders of expensive public pages outside that cache one visitor (address) may force per
# minute; the visitor is found behind the proxies gunicorn trusts (config/gunicorn.conf.py).
PUBLIC_RENDER_LIMIT = env_int("PUBLIC_RENDER_LIMIT", 30)
RETENTION_MONTHS = env_int("RETENTION_MONTHS", 6)
RESTORE_UPLOAD_MAX_MB = env_int("RESTORE_UPLOAD_MAX_MB", 100)
UPLOAD_KEEP_MINUTES = env_int("UPLOAD_KEEP_MINUTES", 60)
# What a restore (preview, job, manage.py restore) unpacks of a backup at most: per file and in
# all (tournament/exchange/backup/archive.py); measured in docs/backup.md, *Bounds*.
RESTORE_MEMBER_MAX_MB = env_int("RESTORE_MEMBER_MAX_MB", 64)
RESTORE_UNPACKED_MAX_MB = env_int("RESTORE_UNPACKED_MAX_MB", 128)
# A backup that unpacks to more than this is previewed by a task worker, not in the request.
RESTORE_PREVIEW_INLINE_MB = env_int("RESTORE_PREVIEW_INLINE_MB", 8)
FORWARDED_ALLOW_IPS = env_list("FORWARDED_ALLOW_IPS", default=["127.0.0.1", "::1"])

# The continuous copy of the SQLite database while the hall runs (manage.py replicate, started by
# make hall and make serve; docs/continuous-copy.md): Litestream copies every commit into
# HALL_COPY_TO (make hall COPY_TO=/media/stick; the Makefile's default is var/copy, on this
# laptop's own disk) and HALL_COPY_ALSO. Empty HALL_COPY_TO: no copy is expected (make run,
# tests) and the pages say nothing about it. The replicate command writes the copy's state into
# HALL_COPY_STATUS every second; the supervisor's pages and /healthz read it.
HALL_COPY_TO = env_str("HALL_COPY_TO") or ""
HALL_COPY_ALSO = env_str("HALL_COPY_ALSO") or ""
HALL_COPY_DEFAULT = BASE_DIR / "var" / "copy"
HALL_COPY_STATUS = Path(env_str("HALL_COPY_STATUS") or BASE_DIR / "var" / "replication.json")
HALL_COPY_CONFIG_DIR = HALL_COPY_STATUS.parent / "litestream"
LITESTREAM_BIN = env_str("LITESTREAM_BIN")

# Seconds between two refreshes of the live regions of a page (tournament/web/live.py): the
# supervisor's overview of a Durchgang's sheets, his approval queue, the public ranking.
LIVE_SECONDS = {"sheets": 5, "approvals": 3, "ranking": 15}
# Milliseconds between two polls of a table's phone (static/tournament/phones/server.js): the
# scorekeeper's phone waits for approvals and changes, the other phones of the table only read.
PHONE_POLL_MS = 3000
PHONE_VIEWER_POLL_MS = 12000

# Bounds of one PDF render (a signed sheet, a printout, the ranking; each worker of a batch):
# over them the render stops with a message instead of holding the app. 0 switches one off.
PDF_RENDER_TIMEOUT = env_int("PDF_RENDER_TIMEOUT", 300)
PDF_RENDER_MEMORY_MB = env_int("PDF_RENDER_MEMORY_MB", 2048)
# Background jobs (tournament/jobs/, docs/jobs.md) on Django's task framework (the django-tasks
# backport): queued in the database, run by `manage.py job_worker` processes on any machine.
# "database" is always the database backend; JOBS_BACKEND names the one jobs are queued on.
_DATABASE_TASKS = "django_tasks_db.DatabaseBackend"
TASKS = {
    "default": {"BACKEND": env_str("TASK_BACKEND") or _DATABASE_TASKS},
    "database": {"BACKEND": _DATABASE_TASKS},
}
JOBS_BACKEND = "default"
# A running job proves it is alive every JOB_HEARTBEAT_SECONDS; after JOB_STALE_SECONDS without a
# sign its worker is taken for dead, and the job runs again (at most JOB_ATTEMPTS times in all).
JOB_HEARTBEAT_SECONDS = 5
JOB_STALE_SECONDS = env_int("JOB_STALE_SECONDS", 60)
if JOB_STALE_SECONDS <= JOB_HEARTBEAT_SECONDS:
    raise ImproperlyConfigured("JOB_STALE_SECONDS must be more than 5.")
JOB_ATTEMPTS = 2
# A job's files are deleted this many hours after it finished.
JOB_KEEP_HOURS = 24

# django-tables2's table in the region a table scrolls in on a phone (templatetags/regions.py).
DJANGO_TABLES2_TEMPLATE = "tournament/web/table.html"

# Errors with their traceback to standard error, and to DJANGO_LOG_FILE when set (config/log.py).
LOGGING_CONFIG = "config.log.configure"
LOGGING = logging_config(env_str("DJANGO_LOG_FILE"))

# Sessions: staff logins end a working day after the login (tournament/web/sessions.py); any other
# session (a phone after its table's PIN) lasts as long after its last change. Visitors of the
# public pages get none.
STAFF_SESSION_HOURS = env_int("STAFF_SESSION_HOURS", 12)
if STAFF_SESSION_HOURS < 1:
    raise ImproperlyConfigured("STAFF_SESSION_HOURS must be 1 or more.")
SESSION_COOKIE_AGE = STAFF_SESSION_HOURS * 3600
# Read from the shared cache, written there and to the database: a phone's poll reads none.
SESSION_ENGINE = "django.contrib.sessions.backends.cached_db"
SESSION_CACHE_ALIAS = "shared"

# Security: always on.
SESSION_COOKIE_HTTPONLY = True
SESSION_COOKIE_SAMESITE = "Lax"
# No script reads the CSRF cookie: forms send the token from their hidden input.
CSRF_COOKIE_HTTPONLY = True
CSRF_COOKIE_SAMESITE = "Lax"
X_FRAME_OPTIONS = "DENY"
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
SECURE_CROSS_ORIGIN_OPENER_POLICY = "same-origin"

# Content-Security-Policy (django-csp 4): scripts, styles and everything else from this site
# only; no inline script, style or event handler (no 'unsafe-inline'), no plugins, no framing.
# Set on HTML pages only (config/csp.py): on a PDF it breaks Chromium's PDF viewer.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": ["'self'"],
        "script-src": ["'self'"],
        "style-src": ["'self'"],
        "img-src": ["'self'", "data:"],
        "connect-src": ["'self'"],
        "font-src": ["'self'"],
        "object-src": ["'none'"],
        "base-uri": ["'none'"],
        "form-action": ["'self'"],
        "frame-ancestors": ["'none'"],
    },
}

# Login throttling (django-axes): after 5 failed logins of one user name from one address,
# that combination is locked for 15 minutes; the lockout page answers 429.
AXES_FAILURE_LIMIT = 5
AXES_COOLOFF_TIME = timedelta(minutes=15)
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_LOCKOUT_TEMPLATE = "registration/locked_out.html"
AXES_RESET_ON_SUCCESS = True

# Security behind HTTPS (a reverse proxy that sets X-Forwarded-Proto).
if env_bool("DJANGO_SECURE", default=False):
    SECURE_SSL_REDIRECT = True
    SECURE_REDIRECT_EXEMPT = [r"^healthz$"]  # the proxy's health check asks over plain HTTP
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SECURE_HSTS_SECONDS = 31_536_000
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = True
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
