# Schafkopf-Turnier: everyday commands. `make run` starts a demo on http://127.0.0.1:8000/
# (`make run PORT=8080` on another port).

PYTHON_BOOTSTRAP := $(shell command -v python3.11 || command -v python3)
VENV := .venv
PY := $(VENV)/bin/python
MANAGE := $(PY) manage.py

# Python keeps the compiled modules (__pycache__, and pytest's rewritten test modules) even where
# the environment asks it not to: otherwise every test worker and every `manage.py` a test
# starts compiles Django and the suite again (about 20 s of each worker's start).
unexport PYTHONDONTWRITEBYTECODE

# Two sets of packages, each locked with hashes (docs/development.md, "Dependencies"): the
# runtime set requirements.txt (what run, serve, hall and backup need) and the development set
# requirements-dev.txt (the runtime set plus the tools of test, test-fast, bench, screenshots,
# fmt). One stamp per set: each is reinstalled only when its lock changed since it was
# installed. The development set contains the runtime set, so installing it stamps both, and
# switching between `make run` and `make test` installs nothing.
STAMP := $(VENV)/.installed-runtime
DEV_STAMP := $(VENV)/.installed-dev

.PHONY: venv venv-dev lock upgrade messages chromium run serve hall takeover takeover-hall backup screenshots test \
	test-fast test-plain bench fmt clean

venv: $(STAMP)
venv-dev: $(DEV_STAMP)

$(PY):
	@test -n "$(PYTHON_BOOTSTRAP)" || { echo "python3.11 (or python3) not found" >&2; exit 1; }
	$(PYTHON_BOOTSTRAP) -m venv $(VENV)

# pip checks every file it downloads against the lock's hashes (any pip since 22.3, which
# Python 3.11 brings; the venv's own pip is used as it is).
$(STAMP): requirements.txt | $(PY)
	$(PY) -m pip install --quiet -r requirements.txt
	touch $(STAMP)

$(DEV_STAMP): requirements-dev.txt requirements.txt | $(PY)
	$(PY) -m pip install --quiet -r requirements-dev.txt
	touch $(DEV_STAMP) $(STAMP)

# Re-lock both sets from requirements.in and requirements-dev.in with uv (for every platform and
# every Python from 3.11 on, hashes of all files of each version). Versions already locked
# stay unless an input no longer allows them: `make lock UPGRADE=1` (or `make upgrade`) takes
# the newest each input allows, `make lock UPGRADE=django,weasyprint` only those packages.
# Needs uv alone (installed from its pin in requirements-dev.in when the venv lacks it), so it
# works while the locks themselves are being mended.
UPGRADE ?=
comma := ,
UV := $(VENV)/bin/uv
UV_COMPILE = $(UV) pip compile --quiet --universal --python-version 3.11 --generate-hashes \
	--custom-compile-command "make lock" \
	$(if $(filter 1,$(UPGRADE)),--upgrade,$(foreach p,$(subst $(comma), ,$(UPGRADE)),--upgrade-package $(p)))

lock: | $(PY)
	@if grep -l '^<<<<<<<' requirements.txt requirements-dev.txt 2>/dev/null; then \
	  echo "A merge left conflicts in the lock named above. Take either side of it whole" >&2; \
	  echo "(git checkout --ours FILE, or --theirs), put the other side's new packages into" >&2; \
	  echo "requirements.in or requirements-dev.in, and make lock again." >&2; \
	  exit 1; fi
	@test -x $(UV) || $(PY) -m pip install --quiet "$$(grep -E '^uv==' requirements-dev.in)"
	$(UV_COMPILE) requirements.in --output-file requirements.txt
	$(UV_COMPILE) requirements-dev.in --output-file requirements-dev.txt

upgrade:
	$(MAKE) lock UPGRADE=1

# Compiled in pure Python (polib): no GNU gettext needed on the machine.
# The catalogues compiled (in Python, no GNU gettext) when a .po file is newer than its .mo.
PO_FILES := $(wildcard locale/*/LC_MESSAGES/*.po)
MO_FILES := $(PO_FILES:.po=.mo)

messages: $(MO_FILES)

$(MO_FILES): %.mo: %.po | $(STAMP)
	$(MANAGE) translations_compile

# Installs Debian's chromium for the browser tests and poppler-utils (pdftoppm) for the
# handbook's pictures of the printouts (CI calls it; needs root).
chromium:
	@{ test -x /usr/bin/chromium && test -x /usr/bin/pdftoppm; } || { \
	  if [ "$$(id -u)" = 0 ]; then apt-get update && apt-get install -y chromium poppler-utils; \
	  else echo "chromium or pdftoppm missing: install them \
	  (sudo apt-get install chromium poppler-utils)" >&2; exit 1; fi; }

# Background jobs (print jobs, exports, restores; docs/jobs.md) are worked off by task workers
# (`manage.py job_worker`) started beside the server and stopped with it: TASK_WORKERS=N (default 1).
# `manage.py task_workers` keeps them running: a worker that dies is started again.
TASK_WORKERS ?= 1
WORKERS_START = trap 'kill $$(jobs -p) 2>/dev/null' EXIT INT TERM; \
	{ $(MANAGE) task_workers --workers $(TASK_WORKERS) --interval 1 & }

# The continuous copy of the SQLite database (docs/continuous-copy.md): `manage.py replicate`
# runs Litestream beside the server of `make serve` and `make hall`, stopped with it, into
# COPY_TO (env HALL_COPY_TO; default var/copy, this laptop's own disk, which does not survive
# the laptop: `make hall COPY_TO=/media/stick`) and a second folder COPY_ALSO (HALL_COPY_ALSO).
COPY_TO := $(or $(COPY_TO),$(HALL_COPY_TO),var/copy)
COPY_ALSO := $(or $(COPY_ALSO),$(HALL_COPY_ALSO))
COPY_START = { $(MANAGE) replicate $(1) & }

PORT ?= 8000

run: export DJANGO_DEBUG = 1
run: venv messages
	$(MANAGE) migrate --noinput
	$(MANAGE) seed_demo --if-empty
	@echo "Die App: http://127.0.0.1:$(PORT)/ · das Handbuch: http://127.0.0.1:$(PORT)/hilfe/"
	@$(WORKERS_START); $(MANAGE) runserver 127.0.0.1:$(PORT)

# Production: migrate, collect the static files, then gunicorn with several workers
# (config/gunicorn.conf.py; WEB_CONCURRENCY, GUNICORN_BIND). Without DJANGO_SECRET_KEY a random
# key is made once in $(SECRET_KEY_FILE) (git-ignored, readable by the owner only) and kept.
# SITE_URL=http://HOST:PORT: the address printed links and QR codes carry (default: the request's).
SECRET_KEY_FILE := var/secret_key
SERVE_SETUP = set -e; \
	if [ -z "$$DJANGO_SECRET_KEY" ] && [ ! -s $(SECRET_KEY_FILE) ]; then \
	  mkdir -p $(dir $(SECRET_KEY_FILE)) && (umask 077 && \
	  $(PY) -c 'import secrets; print(secrets.token_urlsafe(50))' > $(SECRET_KEY_FILE)) && \
	  echo "Made a new secret key in $(SECRET_KEY_FILE)"; fi; \
	export DJANGO_SECRET_KEY="$${DJANGO_SECRET_KEY:-$$(cat $(SECRET_KEY_FILE))}"; \
	$(MANAGE) migrate --noinput; \
	$(MANAGE) collectstatic --noinput --verbosity=0

serve hall: export HALL_COPY_TO = $(COPY_TO)
serve hall: export HALL_COPY_ALSO = $(COPY_ALSO)
serve: export DJANGO_DEBUG = 0
serve: venv messages
	@$(SERVE_SETUP); $(WORKERS_START); $(call COPY_START); \
	$(VENV)/bin/gunicorn -c config/gunicorn.conf.py

# The hall: as `make serve`, but listening on this laptop's address in the hall's WLAN (found
# by manage.py hall; HALL_ADDRESS=…, HALL_PORT=… default 8000), which becomes an allowed host
# and SITE_URL; prints the address and where the Hallen-Aushang is. Needs no root. Under WSL 2
# behind its NAT it prints what to do on Windows instead (tournament/hall/wsl.py). The copy:
# `make hall COPY_TO=/media/stick` (above).
hall: export DJANGO_DEBUG = 0
hall: venv messages
	@$(SERVE_SETUP); $(WORKERS_START); $(call COPY_START,--hall); $(MANAGE) hall

# A second laptop takes over the evening from the continuous copy (docs/continuous-copy.md):
# `make takeover FROM=/media/stick` restores the newest copy with Litestream (a database already
# here is moved aside, never overwritten), takes over the secret key, checks it (integrity, the
# history's last entries, the standings computed again), prints a summary and then starts the
# hall as `make hall` does on the first laptop's address and port (HALL_ADDRESS, HALL_PORT
# override), which copies again into COPY_TO (never the copy taken over: a new folder such as
# COPY_TO=/media/stick/nach-uebernahme). SERVE=0 restores and checks only (back home, before
# `make backup`).
FROM ?=
SERVE ?= 1

takeover: export DJANGO_DEBUG = 0
takeover: export HALL_COPY_TO = $(COPY_TO)
takeover: export HALL_COPY_ALSO = $(COPY_ALSO)
takeover: venv messages
	@test -n "$(FROM)" || { echo "Welche Kopie? make takeover FROM=/media/stick (der Ordner mit schafkopf-copy/)" >&2; exit 2; }
	@$(MANAGE) takeover --from "$(FROM)" $(if $(filter 0 no,$(SERVE)),--no-serve)

# The take-over's second half, started by manage.py takeover once the copy is restored and
# checked: what `make hall` runs after its set-up (the take-over has migrated the restored
# database and collected the static files meanwhile, and gives the copy's key in
# DJANGO_SECRET_KEY): task worker, the continuous copy, the hall. Not for typing.
takeover-hall: export DJANGO_DEBUG = 0
takeover-hall:
	@test -n "$$DJANGO_SECRET_KEY" || { echo "make takeover-hall is started by make takeover" >&2; exit 2; }
	@$(WORKERS_START); $(call COPY_START,--hall); $(MANAGE) hall

# A dated zip of every tournament with its history (docs/backup.md), into $(BACKUP_DIR):
# `make backup BACKUP_DIR=/media/usb`. It signs nothing, so it needs no secret key.
BACKUP_DIR ?= var/backups

backup: venv
	@mkdir -p -m 700 $(BACKUP_DIR)
	$(MANAGE) backup --output $(BACKUP_DIR)

# The handbook's pictures (static/handbook/bilder/, docs/handbook.md), all taken anew from a fresh
# demo in a temporary database (db.sqlite3 is not touched): Debian's chromium and pdftoppm
# (poppler-utils) needed. `make screenshots ONLY=spieler,pdf-aushang` takes only those.
ONLY ?=

screenshots: export DJANGO_DEBUG = 1
screenshots: venv-dev messages
	@shots=$$(mktemp -d); trap 'rm -rf "$$shots"' EXIT; \
	export DATABASE_URL="sqlite:///$$shots/shots.sqlite3"; \
	$(MANAGE) migrate --noinput >/dev/null && \
	$(MANAGE) seed_demo --if-empty >/dev/null && \
	$(MANAGE) handbook_screenshots $(if $(ONLY),--only $(ONLY))

# The suite runs on one worker per core (pytest-xdist; an idle worker takes tests from a busy
# one, so the long walks do not leave one worker alone at the end); `make test PYTEST_WORKERS=`
# runs it in one process. Each worker has its own test database.
PYTEST_WORKERS ?= -n auto --dist worksteal

test: venv-dev messages
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/mypy
	$(VENV)/bin/lint-imports --no-cache
	@test -x /usr/bin/chromium || echo "NOTE: /usr/bin/chromium is missing, so the browser tests \
	are SKIPPED. Install Debian's chromium (make chromium, as root) to run them."
	$(VENV)/bin/pytest $(PYTEST_WORKERS)

# The quick loop while working: pytest alone, without the browser and slow tests (markers in
# pyproject.toml, given in tests/conftest.py), and how long it took. `make test` runs them all.
# A test not marked slow that runs longer than TEST_DURATION_LIMIT seconds fails it
# (tests/durations.py); the target is the whole loop under 3 minutes (docs/development.md).
TEST_DURATION_LIMIT ?= 20

test-fast: venv-dev messages
	@start=$$(date +%s); status=0; \
	TEST_DURATION_LIMIT=$(TEST_DURATION_LIMIT) \
	$(VENV)/bin/pytest $(PYTEST_WORKERS) -m "not browser and not slow" || status=$$?; \
	echo "make test-fast: $$(( $$(date +%s) - start )) s, without the browser and slow tests \
	(make test runs all)"; exit $$status

# The suite with every piece of tuning off (PLAIN_LIBRARIES=1: the libraries' own paths,
# docs/development.md, *Tuning and its fallbacks*), and how long it took. The browser tests are
# left out: they reach the same views, queries and caches as the tests with Django's client, which
# run here, and add only the browser's side, which no piece of tuning touches.
test-plain: venv-dev messages
	@start=$$(date +%s); status=0; \
	PLAIN_LIBRARIES=1 $(VENV)/bin/pytest $(PYTEST_WORKERS) -m "not browser" || status=$$?; \
	echo "make test-plain: $$(( $$(date +%s) - start )) s, every piece of tuning off \
	(PLAIN_LIBRARIES=1), without the browser tests"; exit $$status

bench: venv-dev messages
	$(PY) bench/run.py

fmt: venv-dev
	$(VENV)/bin/ruff format .
	$(VENV)/bin/ruff check --fix .

clean:
	find . -path ./$(VENV) -prune -o -name __pycache__ -type d -exec rm -rf {} +
	find . -path ./$(VENV) -prune -o -name '*.mo' -type f -exec rm -f {} +
	rm -rf staticfiles .pytest_cache .ruff_cache .mypy_cache .hypothesis .import_linter_cache bench/out
