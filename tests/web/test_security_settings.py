"""The deployment settings, the security headers, the cookies and the session's life: Django's
deployment checklist passes, cookies are HttpOnly and SameSite, a login starts a new session
and a logout ends it; a new clerk's password must pass Django's password validators."""

from __future__ import annotations

import os
import secrets
import subprocess
import sys
from pathlib import Path

import pytest
from django.conf import settings
from django.urls import reverse

from tournament.models import Membership

ROOT = Path(__file__).resolve().parents[2]
PASSWORD = "geheim-12345"  # conftest's users


@pytest.mark.slow
def test_the_deployment_checklist_reports_nothing_with_the_production_environment():
    environment = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith("DJANGO_") and key != "DATABASE_URL"
    }
    environment.update(
        DJANGO_SETTINGS_MODULE="config.settings",
        DJANGO_DEBUG="0",
        DJANGO_SECURE="1",
        DJANGO_SECRET_KEY=secrets.token_urlsafe(64),  # 86 random characters
        DJANGO_ALLOWED_HOSTS="turnier.example.org",
    )
    result = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT,
        env=environment,
        capture_output=True,
        text=True,
        timeout=120,
    )
    output = result.stdout + result.stderr
    assert result.returncode == 0, output
    assert "WARNING" not in output and "System check identified no issues" in output


@pytest.mark.slow
def test_production_hashes_passwords_with_pbkdf2_only_the_tests_with_a_fast_hasher():
    code = "from django.conf import settings; print(settings.PASSWORD_HASHERS[0])"
    environment = dict(os.environ, DJANGO_SETTINGS_MODULE="config.settings", DJANGO_DEBUG="1")
    result = subprocess.run(
        [sys.executable, "-c", f"import django; django.setup(); {code}"],
        cwd=ROOT,
        env=environment,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.stdout.strip() == "django.contrib.auth.hashers.PBKDF2PasswordHasher"
    assert settings.PASSWORD_HASHERS == ["django.contrib.auth.hashers.MD5PasswordHasher"]


def test_the_secure_settings_are_on_whatever_the_environment():
    assert settings.SESSION_COOKIE_HTTPONLY and settings.CSRF_COOKIE_HTTPONLY
    assert settings.SESSION_COOKIE_SAMESITE == settings.CSRF_COOKIE_SAMESITE == "Lax"
    assert settings.MIDDLEWARE[-1] == "axes.middleware.AxesMiddleware"
    assert settings.AUTHENTICATION_BACKENDS[0] == "axes.backends.AxesStandaloneBackend"


@pytest.mark.django_db
def test_every_page_carries_the_security_headers(client):
    response = client.get(reverse("tournament:list"))
    assert response["X-Frame-Options"] == "DENY"
    assert response["X-Content-Type-Options"] == "nosniff"
    assert response["Referrer-Policy"] == "same-origin"
    assert response["Cross-Origin-Opener-Policy"] == "same-origin"
    assert "Content-Security-Policy" in response


def test_no_script_of_the_site_reads_the_csrf_cookie():
    """The CSRF cookie is HttpOnly: the pages' scripts send forms with their hidden token."""
    scripts = list((ROOT / "static").rglob("*.js"))
    assert scripts
    for script in scripts:
        text = script.read_text(encoding="utf-8")
        assert "document.cookie" not in text and "csrftoken" not in text, script.name


def _log_in(client, username="leitung", password=PASSWORD):
    return client.post(reverse("login"), {"username": username, "password": password})


def test_the_login_form_sets_httponly_samesite_cookies(client, supervisor):
    client.get(reverse("login"))
    csrf = client.cookies[settings.CSRF_COOKIE_NAME]
    assert csrf["httponly"] and csrf["samesite"] == "Lax"
    response = _log_in(client)
    assert response.status_code == 302
    session = response.cookies[settings.SESSION_COOKIE_NAME]
    assert session["httponly"] and session["samesite"] == "Lax"


def test_a_login_starts_a_new_session(client, supervisor):
    client.get(reverse("tournament:list"))
    session = client.session
    session["before"] = "anonymous"
    session.save()
    before = client.session.session_key
    assert _log_in(client).status_code == 302
    after = client.session.session_key
    assert after and after != before  # no session fixation: the old key is worth nothing
    assert client.session["_auth_user_id"] == str(supervisor.pk)


def test_a_logout_ends_the_session_and_its_cookie_no_longer_authenticates(
    client, example_tournament, supervisor
):
    dashboard = reverse("manage:dashboard", args=[example_tournament.slug])
    assert _log_in(client).status_code == 302
    old_cookie = client.cookies[settings.SESSION_COOKIE_NAME].value
    assert client.get(dashboard).status_code == 200

    assert client.post(reverse("logout")).status_code == 302
    client.cookies[settings.SESSION_COOKIE_NAME] = old_cookie  # replayed by an attacker
    response = client.get(dashboard)
    assert response.status_code == 302 and response.url.startswith(reverse("login"))


def test_a_logout_by_get_is_refused(client, supervisor):
    assert _log_in(client).status_code == 302
    assert client.get(reverse("logout")).status_code == 405
    assert "_auth_user_id" in client.session


@pytest.mark.parametrize(
    ("password", "message"),
    [
        ("kurz1", "Dieses Passwort ist zu kurz"),
        ("12345678901", "Dieses Passwort ist komplett numerisch"),
        ("password123", "Dieses Passwort ist zu üblich"),
        ("neuschreiber1", "Das Passwort ist zu ähnlich"),
    ],
)
def test_a_new_clerks_password_must_pass_the_validators_and_their_message_is_shown(
    client, example_tournament, supervisor, password, message
):
    client.force_login(supervisor)
    url = reverse("manage:clerks", args=[example_tournament.slug])
    response = client.post(url, {"username": "neuschreiber", "password": password})
    assert response.status_code == 400
    assert message in response.content.decode()
    assert not Membership.objects.filter(user__username="neuschreiber").exists()
