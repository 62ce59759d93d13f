"""Login throttling (django-axes): five wrong passwords lock that user name at that address for
15 minutes; the lockout page (429) says so in German; others log in as before."""

from __future__ import annotations

from datetime import timedelta

import pytest
from axes.models import AccessAttempt
from django.conf import settings
from django.urls import reverse

pytestmark = pytest.mark.django_db

PASSWORD = "geheim-12345"  # conftest's users
HERE, ELSEWHERE = "192.0.2.10", "198.51.100.7"


def log_in(client, username, password, address=HERE):
    return client.post(
        reverse("login"), {"username": username, "password": password}, REMOTE_ADDR=address
    )


def fail(client, username, times, address=HERE):
    return [log_in(client, username, "falsch", address).status_code for _ in range(times)]


def logged_in(client) -> bool:
    return "_auth_user_id" in client.session


def test_four_wrong_passwords_show_the_login_again_and_the_fifth_locks(client, supervisor):
    assert fail(client, "leitung", 4) == [200, 200, 200, 200]
    assert fail(client, "leitung", 1) == [429]


def test_while_locked_the_right_password_is_refused_with_a_german_page(client, supervisor):
    fail(client, "leitung", 5)
    response = log_in(client, "leitung", PASSWORD)
    assert response.status_code == 429
    assert not logged_in(client)
    page = response.content.decode()
    assert "Anmeldung gesperrt" in page
    assert "15 Minuten" in page


def test_another_user_at_the_same_address_is_not_locked(client, supervisor, clerk):
    fail(client, "leitung", 5)
    assert log_in(client, "schreiber", PASSWORD).status_code == 302
    assert logged_in(client)


def test_the_same_user_from_another_address_is_not_locked(client, supervisor):
    fail(client, "leitung", 5)
    assert log_in(client, "leitung", PASSWORD, ELSEWHERE).status_code == 302


def test_after_the_cool_off_the_right_password_logs_in_again(client, supervisor):
    fail(client, "leitung", 5)
    assert log_in(client, "leitung", PASSWORD).status_code == 429
    earlier = AccessAttempt.objects.get().attempt_time - settings.AXES_COOLOFF_TIME
    AccessAttempt.objects.update(attempt_time=earlier - timedelta(minutes=1))
    assert log_in(client, "leitung", PASSWORD).status_code == 302
    assert logged_in(client)


def test_a_successful_login_forgets_the_earlier_failures(client, supervisor):
    fail(client, "leitung", 4)
    assert log_in(client, "leitung", PASSWORD).status_code == 302
    client.post(reverse("logout"))
    assert fail(client, "leitung", 4) == [200, 200, 200, 200]
