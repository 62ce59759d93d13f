# Schafkopf-Turnier: everyday commands. `make run` starts a demo on http://127.0.0.1:8000/
# (`make run PORT=8080` on another port).

PYTHON_BOOTSTRAP := $(shell command -v python3.11 || command -v python3)
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
MANAGE := $(PY) manage.py

.PHONY: venv messages chromium run serve hall backup screenshots test test-fast bench fmt clean

venv: $(STAMP)

$(PY):
	@test -n "$(PYTHON_BOOTSTRAP)" || { echo "python3.11 (or python3) not found" >&2; exit 1; }
	$(PYTHON_BOOTSTRAP) -m venv $(VENV)

# Reinstall only when requirements.txt changed since the last install.
$(STAMP): requirements.txt | $(PY)
	$(PY) -m pip install --quiet -r requirements.txt
	touch $(STAMP)

# Compiled in pure Python (polib): no GNU gettext needed on the machine.
messages: venv
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

serve: export DJANGO_DEBUG = 0
serve: venv messages
	@$(SERVE_SETUP); $(WORKERS_START); $(VENV)/bin/gunicorn -c config/gunicorn.conf.py

# The hall: as `make serve`, but listening on this laptop's address in the hall's WLAN (found
# by manage.py hall; HALL_ADDRESS=…, HALL_PORT=… default 8000), which becomes an allowed host
# and SITE_URL; prints the address and where the Hallen-Aushang is. Needs no root. Under WSL 2
# behind its NAT it prints what to do on Windows instead (tournament/hall/wsl.py).
hall: export DJANGO_DEBUG = 0
hall: venv messages
	@$(SERVE_SETUP); $(WORKERS_START); $(MANAGE) hall

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
screenshots: venv messages
	@shots=$$(mktemp -d); trap 'rm -rf "$$shots"' EXIT; \
	export DATABASE_URL="sqlite:///$$shots/shots.sqlite3"; \
	$(MANAGE) migrate --noinput >/dev/null && \
	$(MANAGE) seed_demo --if-empty >/dev/null && \
	$(MANAGE) handbook_screenshots $(if $(ONLY),--only $(ONLY))

# The suite runs on one worker per core (pytest-xdist; an idle worker takes tests from a busy
# one, so the long walks do not leave one worker alone at the end); `make test PYTEST_WORKERS=`
# runs it in one process. Each worker has its own test database.
PYTEST_WORKERS ?= -n auto --dist worksteal

test: venv messages
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

test-fast: venv messages
	@start=$$(date +%s); status=0; \
	TEST_DURATION_LIMIT=$(TEST_DURATION_LIMIT) \
	$(VENV)/bin/pytest $(PYTEST_WORKERS) -m "not browser and not slow" || status=$$?; \
	echo "make test-fast: $$(( $$(date +%s) - start )) s, without the browser and slow tests \
	(make test runs all)"; exit $$status

bench: venv messages
	$(PY) bench/run.py

fmt: venv
	$(VENV)/bin/ruff format .
	$(VENV)/bin/ruff check --fix .

clean:
	find . -path ./$(VENV) -prune -o -name __pycache__ -type d -exec rm -rf {} +
	find . -path ./$(VENV) -prune -o -name '*.mo' -type f -exec rm -f {} +
	rm -rf staticfiles .pytest_cache .ruff_cache .mypy_cache .hypothesis .import_linter_cache bench/out
