"""The clerks of a tournament: the supervisor adds and removes them; nobody else reaches the
page or changes who is a clerk."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tournament.models import Correction, Hand, Membership, SheetEvent

pytestmark = pytest.mark.django_db

ROLES = ["anonymous", "other_clerk", "clerk", "supervisor"]
SLUG = "abend"  # the `evening` tournament of conftest.py


def url(name, *args):
    return reverse(f"manage:{name}", args=[SLUG, *args])


def login(client, request, role):
    if role != "anonymous":
        client.force_login(request.getfixturevalue(role))
    return client


@pytest.mark.parametrize("role", ROLES)
def test_the_clerks_page_answers_each_role_as_its_rights_say(client, request, evening, role):
    login(client, request, role)
    status = client.get(url("clerks")).status_code
    if role == "anonymous":
        assert status == 302
    elif role in ("other_clerk", "clerk"):
        assert status == 403
    else:
        assert status == 200


def test_the_supervisor_adds_and_removes_a_clerk(client, request, evening):
    login(client, request, "supervisor")
    response = client.post(url("clerks"), {"username": "neu", "password": ""})
    assert response.status_code == 400 and "Passwort" in response.content.decode()
    response = client.post(url("clerks"), {"username": "neu", "password": "Sehr-geheim-2026"})
    assert response.status_code == 302
    membership = Membership.objects.get(user__username="neu", tournament=evening)
    assert membership.role == "clerk"
    client.post(url("clerk_remove", membership.pk))
    assert not Membership.objects.filter(user__username="neu").exists()


def state():
    return (
        list(Hand.objects.order_by("pk").values_list("pk", "version", "struck")),
        SheetEvent.objects.count(),
        Correction.objects.count(),
        Membership.objects.count(),
    )


# (url name, url args): None stands for the clerk's membership.
WRITES = [("clerks", ()), ("clerk_remove", (None,))]
REFUSED = [
    (role, name, args) for name, args in WRITES for role in ("anonymous", "other_clerk", "clerk")
]


@pytest.mark.parametrize(("role", "name", "args"), REFUSED)
def test_a_write_without_the_supervisors_role_is_refused_and_changes_nothing(
    client, request, evening, role, name, args
):
    membership = Membership.objects.get(tournament=evening, role="clerk")
    args = tuple(membership.pk if a is None else a for a in args)
    login(client, request, role)
    before = state()
    response = client.post(url(name, *args), {"version": 1, "seat": 1, "code": "r e 1 3 +"})
    assert response.status_code == (302 if role == "anonymous" else 403)
    if role == "anonymous":
        assert "/accounts/login/" in response.url
    assert state() == before
