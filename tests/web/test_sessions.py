"""Sessions: a staff login lasts a working day (STAFF_SESSION_HOURS from the login, however
busy the day), and visitors of the public pages get no session at all
(tournament/web/sessions.py)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.conf import settings
from django.contrib.sessions.backends.db import SessionStore
from django.contrib.sessions.models import Session
from django.core.cache import cache
from django.urls import reverse
from django.utils import timezone

from tournament.models import Durchgang, Tournament

pytestmark = pytest.mark.django_db
SLUG = "beispielturnier-2026"


def log_in(client, username: str):
    response = client.post(reverse("login"), {"username": username, "password": "geheim-12345"})
    assert response.status_code == 302
    return response


def session_end(client):
    return Session.objects.get(session_key=client.cookies[settings.SESSION_COOKIE_NAME].value)


@pytest.mark.parametrize("hours", [12, 3])
def test_a_staff_login_ends_the_configured_hours_after_it_also_after_later_changes(
    client, supervisor, settings, hours
):
    settings.STAFF_SESSION_HOURS = hours
    before = timezone.now()

    response = log_in(client, "leitung")

    after = timezone.now()
    ends = session_end(client).expire_date
    assert before + timedelta(hours=hours) <= ends <= after + timedelta(hours=hours)
    max_age = response.cookies[settings.SESSION_COOKIE_NAME]["max-age"]
    assert hours * 3600 - 60 <= max_age <= hours * 3600
    # Working on (the session changed later, as the player import's preview does) does not
    # move the end: it is fixed at the login.
    session = SessionStore(session_key=client.cookies[settings.SESSION_COOKIE_NAME].value)
    session["player_import"] = {"rows": []}
    session.save()
    assert session_end(client).expire_date == ends


def test_by_default_a_login_lasts_twelve_hours_and_other_sessions_as_long():
    assert settings.STAFF_SESSION_HOURS == 12
    assert settings.SESSION_COOKIE_AGE == 12 * 3600


def test_an_anonymous_walk_of_the_public_pages_makes_no_session_and_sets_no_session_cookie(
    client, example_tournament
):
    Tournament.objects.filter(pk=example_tournament.pk).update(ranking_publication="live")
    Durchgang.objects.filter(tournament=example_tournament).update(published=True)
    cache.clear()
    pages = [
        reverse("tournament:list"),
        reverse("tournament:ranking", args=[SLUG]),
        reverse("tournament:projector", args=[SLUG]),
        reverse("tournament:ranking_pdf", args=[SLUG]),
        reverse("tournament:player", args=[SLUG, 8]),
        reverse("tournament:statistics", args=[SLUG]),
        reverse("tournament:tables", args=[SLUG, 1]),
        reverse("tournament:tables", args=[SLUG, 2]) + "?q=Huber",
        reverse("login"),
    ]

    for language in ("de", "en"):
        switched = client.post(reverse("set_language"), {"language": language, "next": "/"})
        assert switched.status_code == 302
        for url in pages:
            response = client.get(url)
            assert response.status_code == 200, url
            assert settings.SESSION_COOKIE_NAME not in response.cookies, url

    assert client.cookies[settings.LANGUAGE_COOKIE_NAME].value == "en"
    assert settings.SESSION_COOKIE_NAME not in client.cookies
    assert Session.objects.count() == 0
