"""Acknowledged means durable (docs/continuous-copy.md): a server's SQLite syncs every commit
to the disk (synchronous FULL) unless told otherwise; the tests run with NORMAL
(config/settings_test.py)."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from tests.replication.helpers import ROOT

pytestmark = pytest.mark.slow  # each test starts Django in a process of its own

PROBE = (
    "import django; django.setup(); from django.db import connection; "
    "cursor = connection.cursor(); cursor.execute('PRAGMA synchronous'); "
    "print(cursor.fetchone()[0])"
)


def synchronous(tmp_path, value: str | None) -> subprocess.CompletedProcess[str]:
    environment = {
        key: value
        for key, value in os.environ.items()
        if key not in ("SQLITE_SYNCHRONOUS", "DATABASE_URL")
    }
    environment.update(
        DJANGO_SETTINGS_MODULE="config.settings",
        DJANGO_SECRET_KEY="durability-test",
        DATABASE_URL=f"sqlite:///{tmp_path / 'server.sqlite3'}",
    )
    if value is not None:
        environment["SQLITE_SYNCHRONOUS"] = value
    return subprocess.run(
        [sys.executable, "-c", PROBE], cwd=ROOT, env=environment, capture_output=True, text=True
    )


def test_a_servers_sqlite_syncs_every_commit_by_default(tmp_path):
    assert synchronous(tmp_path, None).stdout.strip() == "2"  # FULL


def test_normal_can_be_chosen_and_nonsense_is_refused(tmp_path):
    assert synchronous(tmp_path, "normal").stdout.strip() == "1"
    refused = synchronous(tmp_path, "sometimes")
    assert refused.returncode != 0
    assert "SQLITE_SYNCHRONOUS='SOMETIMES': give FULL (the default) or NORMAL." in refused.stderr
