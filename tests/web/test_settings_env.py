"""Settings are read from the environment with strict parsing."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.exceptions import ImproperlyConfigured

from config.env import env_bool, env_email, env_list

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize(
    ("raw", "value"),
    [("1", True), ("true", True), ("yes", True), ("on", True), ("0", False), ("false", False)],
)
def test_booleans_are_read_strictly(monkeypatch, raw, value):
    monkeypatch.setenv("X_FLAG", raw)
    assert env_bool("X_FLAG", default=not value) is value


def test_an_unclear_boolean_is_refused(monkeypatch):
    monkeypatch.setenv("X_FLAG", "maybe")
    with pytest.raises(ImproperlyConfigured, match="X_FLAG"):
        env_bool("X_FLAG", default=False)


def test_lists_are_split_on_commas(monkeypatch):
    monkeypatch.setenv("X_HOSTS", "a.example, b.example")
    assert env_list("X_HOSTS", default=[]) == ["a.example", "b.example"]


def test_the_mail_server_is_one_address(monkeypatch):
    monkeypatch.setenv("X_MAIL", "smtp+tls://turnier%40verein.example:ge%2Fheim@mail.example:2525")
    assert env_email("X_MAIL") == {
        "EMAIL_BACKEND": "django.core.mail.backends.smtp.EmailBackend",
        "EMAIL_HOST": "mail.example",
        "EMAIL_PORT": 2525,
        "EMAIL_HOST_USER": "turnier@verein.example",
        "EMAIL_HOST_PASSWORD": "ge/heim",
        "EMAIL_USE_TLS": True,
        "EMAIL_USE_SSL": False,
    }
    monkeypatch.setenv("X_MAIL", "smtps://mail.example")
    assert env_email("X_MAIL")["EMAIL_PORT"] == 465 and env_email("X_MAIL")["EMAIL_USE_SSL"]
    monkeypatch.delenv("X_MAIL")
    assert env_email("X_MAIL") == {}  # no mail: the registration works without


@pytest.mark.parametrize("raw", ["mail.example", "http://mail.example", "smtp://", "smtp://h:x"])
def test_an_unreadable_mail_address_is_refused(monkeypatch, raw):
    monkeypatch.setenv("X_MAIL", raw)
    with pytest.raises(ImproperlyConfigured, match="X_MAIL"):
        env_email("X_MAIL")


def _check(**env) -> subprocess.CompletedProcess:
    clean = {k: v for k, v in os.environ.items() if not k.startswith("DJANGO_")}
    return subprocess.run(
        [sys.executable, "manage.py", "check"],
        cwd=ROOT,
        env={**clean, "DJANGO_SETTINGS_MODULE": "config.settings", **env},
        capture_output=True,
        text=True,
        timeout=60,
    )


@pytest.mark.slow
def test_the_server_refuses_to_start_without_a_secret_key_unless_debugging():
    refused = _check(DJANGO_DEBUG="0")
    assert refused.returncode != 0 and "DJANGO_SECRET_KEY" in refused.stderr
    assert _check(DJANGO_DEBUG="1").returncode == 0


def test_a_bad_debug_value_names_the_variable():
    done = _check(DJANGO_DEBUG="vielleicht")
    assert done.returncode != 0 and "DJANGO_DEBUG" in done.stderr


@pytest.mark.slow
def test_the_tournament_commands_run_without_a_configured_key(tmp_path):
    clean = {k: v for k, v in os.environ.items() if not k.startswith("DJANGO_")}
    done = subprocess.run(
        [sys.executable, "manage.py", "migrate", "-v0"],
        cwd=ROOT,
        env={**clean, "DATABASE_URL": f"sqlite:///{tmp_path / 'k.sqlite3'}"},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr


def test_sqlite_runs_in_wal_mode_with_immediate_transactions(db):
    from django.conf import settings
    from django.db import connection

    if connection.vendor != "sqlite":
        pytest.skip("SQLite only")
    assert settings.DATABASES["default"]["OPTIONS"]["transaction_mode"] == "IMMEDIATE"
    assert settings.DATABASES["default"]["OPTIONS"]["timeout"] >= 5


def test_every_variable_the_settings_read_is_documented():
    """An operator finds each variable config/ reads in docs/configuration.md, the one list."""
    read = re.compile(r"""(?:env_\w+|_int|os\.environ\.get)\(\s*"([A-Z][A-Z0-9_]+)\"""")
    variables = {
        name
        for module in (ROOT / "config").glob("*.py")
        for name in read.findall(module.read_text(encoding="utf-8"))
    }
    documented = (ROOT / "docs" / "configuration.md").read_text(encoding="utf-8")
    # Read by dj-database-url, not by a helper of config/env.py.
    variables.add("DATABASE_URL")
    assert {"DJANGO_SECRET_KEY", "WEB_CONCURRENCY", "GUNICORN_BIND", "CACHE_URL"} <= variables
    assert sorted(name for name in variables if f"`{name}`" not in documented) == []
