"""Settings for pytest: ``config.settings`` with test defaults put into the environment first.

pytest-django loads the settings before any conftest runs, so the defaults live here. Tests run
with DEBUG off (as in production) and so need a secret key; they serve static files under their
own names because nobody runs collectstatic before pytest. Values already set in the environment
(DATABASE_URL from CI, say) win. Add no settings here: every setting belongs in settings.py;
the exceptions are where the test database lives and the password hasher, below.
"""

import os
import tempfile

os.environ.setdefault("DJANGO_SECRET_KEY", "test-only-insecure-key-not-for-any-deployment")
os.environ.setdefault("DJANGO_STATIC_MANIFEST", "0")
# Readers see every change at once (tests/web/test_page_cache.py sets a grace where it tests
# one).
os.environ.setdefault("PUBLIC_PAGE_GRACE", "0")
# Tests ask for many pages from one address (tests/web/test_page_cache.py sets the render limit
# where it tests it).
os.environ.setdefault("PUBLIC_RENDER_LIMIT", "0")

# The tests' database need not survive a power cut: no fsync per commit, which on a busy disk
# costs tens of milliseconds a commit (the servers' default, FULL, is tested in
# tests/replication/test_durability.py).
os.environ.setdefault("SQLITE_SYNCHRONOUS", "NORMAL")

# Background jobs run at once, in the request that starts them (tests/jobs/ use the queue).
os.environ.setdefault("TASK_BACKEND", "django_tasks.backends.immediate.ImmediateBackend")

from config.settings import *  # noqa: F403

if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":  # noqa: F405
    # A file, not Django's shared in-memory database: the concurrency tests write from several
    # threads, each with its own connection, and an in-memory database answers "database table
    # is locked" at once where a file in WAL mode waits for the writer before (settings.py).
    # One file per test run (process id), so that runs side by side do not share it; Django
    # deletes it at the end of the run.
    DATABASES["default"]["TEST"] = {  # noqa: F405
        "NAME": os.path.join(tempfile.gettempdir(), f"schafkopf-test-{os.getpid()}.sqlite3")
    }

# Logins in tests hash with a fast hasher: PBKDF2's million rounds take more than a second per
# login on a slow machine, and the access walk logs in hundreds of times (Django's advice for
# test suites). tests/web/test_security_settings.py checks the production hashers.
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]

# The caches a server's workers share (revisions, links, sessions; the pages) in files: one
# folder per test process (not inherited from pytest-xdist's controller through the
# environment), emptied before each test (tests/conftest.py).
if CACHES["shared"]["BACKEND"].endswith("FolderCache"):  # noqa: F405
    CACHES["shared"]["LOCATION"] = os.path.join(  # noqa: F405
        tempfile.gettempdir(), f"schafkopf-test-cache-{os.getpid()}"
    )
    CACHES["default"]["LOCATION"] = os.path.join(CACHES["shared"]["LOCATION"], "pages")  # noqa: F405
