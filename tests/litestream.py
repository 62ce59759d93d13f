"""The continuous copy and the take-over are Litestream's, which copies SQLite only: on
PostgreSQL (CI's second run) their tests skip plainly. The conftest of tests/replication/ and
of tests/takeover/ each use `sqlite_only` for every test of its folder."""

from __future__ import annotations

import pytest
from django.conf import settings

SQLITE = settings.DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3"


@pytest.fixture(autouse=True)
def sqlite_only():
    if not SQLITE:
        pytest.skip("the continuous copy (Litestream) copies SQLite only")
