"""After logging in without a page asked for, the supervisor lands on his tournament's steps, a
clerk on its scoresheets of the last Durchgang drawn, anybody else on the tournaments; a page
asked for (`next`) wins."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from tournament.models import Membership

pytestmark = pytest.mark.django_db

SLUG = "beispielturnier-2026"


def login(client, name, **extra):
    data = {"username": name, "password": "geheim-12345"}
    return client.post(reverse("login") + extra.pop("query", ""), data)


def test_the_supervisor_lands_on_the_steps_of_his_tournament(client, supervisor):
    answer = login(client, "leitung")
    assert answer.status_code == 302
    assert answer.url == reverse("manage:dashboard", args=[SLUG])


def test_a_clerk_lands_on_the_scoresheets_of_the_last_durchgang(client, clerk, example_tournament):
    last = example_tournament.durchgaenge.order_by("-number").first().number
    answer = login(client, "schreiber")
    assert answer.url == reverse("manage:sheets", args=[SLUG, last])
    page = client.get(answer.url)
    assert page.status_code == 200


def test_a_user_without_a_role_lands_on_the_tournaments_and_next_wins(client, supervisor):
    get_user_model().objects.create_user("gast", password="geheim-12345")
    assert login(client, "gast").url == reverse("tournament:list")
    client.logout()
    wanted = reverse("manage:players", args=[SLUG])
    assert login(client, "leitung", query=f"?next={wanted}").url == wanted
    assert Membership.objects.filter(user__username="leitung").exists()
