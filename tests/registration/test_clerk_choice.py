"""Adding a clerk tells nothing of the accounts of other organisers.

The supervisor of A's tournament (`abend`, conftest.py) adds a clerk from a list of the
accounts A knows (its staff, the roles in its tournaments) or as a new account. B's accounts
are not in the list, picking one by its id answers as an id that does not exist, and a typed
name answers the same whether or not an account of that name exists on the server: in an
installation of several organisers a new account's name ends in A's short name."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from tournament.models import Membership, Organiser, Tournament

pytestmark = pytest.mark.django_db

URL = reverse("manage:clerks", args=["abend"])
PASSWORD = "Sehr-geheim-2026"


def user(name: str):
    return get_user_model().objects.create_user(name, password=PASSWORD)


@pytest.fixture
def two_organisers(evening, supervisor):
    """A: `abend`'s organiser, with its staff `a-kassier` and `a-alt`, clerk of another of
    its tournaments. B: its staff `b-kassier` and `b-schreiber`, clerk of B's tournament. And
    `niemand`, with no role at all."""
    a = evening.organiser
    a.staff.add(user("a-kassier"))
    earlier = Tournament.objects.create(name="Frühjahr", slug="fruehjahr", date="2026-04-11")
    Membership.objects.create(tournament=earlier, user=user("a-alt"), role="clerk")
    b = Organiser.objects.create(name="B-Verein", slug="b-verein")
    b.staff.add(user("b-kassier"))
    theirs = Tournament.objects.create(name="B-Cup", slug="b-cup", date="2026-05-09", organiser=b)
    Membership.objects.create(tournament=theirs, user=user("b-schreiber"), role="clerk")
    user("niemand")
    return a, b


@pytest.fixture
def boss(client, supervisor):
    client.force_login(supervisor)
    return client


def choices(page: str) -> list[str]:
    select = re.search(r'<select name="user".*?</select>', page, re.S)
    assert select is not None
    return re.findall(r'<option value="\d+">([^<]+)</option>', select.group(0))


def errors(response) -> str:
    """The form's messages."""
    return " ".join(str(m) for ms in response.context["form"].errors.values() for m in ms)


def test_the_list_holds_the_accounts_the_organiser_knows_and_no_other(boss, two_organisers):
    page = boss.get(URL).content.decode()
    assert choices(page) == ["a-alt", "a-kassier"]  # not leitung, schreiber: in it already
    assert "b-schreiber" not in page and "b-kassier" not in page and "niemand" not in page
    assert "@standard" in page  # a new account's name is told


def test_an_account_of_the_list_becomes_a_clerk(boss, two_organisers):
    kassier = get_user_model().objects.get(username="a-kassier")
    response = boss.post(URL, {"user": kassier.pk, "username": "", "password": ""})
    assert response.status_code == 302
    assert Membership.objects.get(user=kassier, tournament__slug="abend").role == "clerk"
    assert "a-kassier" not in choices(boss.get(URL).content.decode())


def test_an_account_of_another_organiser_answers_as_one_that_does_not_exist(boss, two_organisers):
    memberships = Membership.objects.count()
    answers = []
    for pk in (
        get_user_model().objects.get(username="b-schreiber").pk,
        get_user_model().objects.get(username="niemand").pk,
        999_999,
    ):
        response = boss.post(URL, {"user": pk, "username": "", "password": ""})
        assert response.status_code == 400
        answers.append(errors(response).replace(str(pk), "ID"))
    assert answers[0] == answers[1] == answers[2]
    assert "gültige Auswahl" in answers[0]
    assert Membership.objects.count() == memberships


@pytest.mark.parametrize("password", ["", PASSWORD])
def test_a_typed_name_answers_alike_whether_it_exists_elsewhere_or_not(
    boss, two_organisers, password
):
    """`b-schreiber` and `niemand` exist (B's clerk, nobody's), `gibtsnicht` does not: each
    typed name gets the same answer, and a new account of A's own."""
    answers = []
    for name in ("b-schreiber", "niemand", "gibtsnicht"):
        response = boss.post(URL, {"user": "", "username": name, "password": password})
        if password:
            assert response.status_code == 302
            page = boss.get(response["Location"]).content.decode()
            assert f"{name}@standard ist jetzt Schreiber" in page
            answers.append(response["Location"])
        else:
            assert response.status_code == 400
            answers.append(errors(response).replace(name, "NAME"))
    assert answers[0] == answers[1] == answers[2]
    clerks = Membership.objects.filter(tournament__slug="abend", role="clerk")
    names = set(clerks.values_list("user__username", flat=True))
    assert ("b-schreiber" in names, "niemand" in names) == (False, False)
    assert Membership.objects.filter(user__username="b-schreiber").count() == 1  # B's only


def test_a_name_taken_among_the_organisers_own_is_refused_with_words(boss, two_organisers):
    boss.post(URL, {"user": "", "username": "anna", "password": PASSWORD})
    membership = Membership.objects.get(user__username="anna@standard")
    boss.post(reverse("manage:clerk_remove", args=["abend", membership.pk]))
    response = boss.post(URL, {"user": "", "username": "anna", "password": PASSWORD})
    assert response.status_code == 400
    assert "Dieser Benutzername ist vergeben" in errors(response)


def test_an_installation_of_one_organiser_takes_the_name_as_typed(boss, evening):
    response = boss.post(URL, {"user": "", "username": "neu", "password": PASSWORD})
    assert response.status_code == 302
    assert Membership.objects.get(user__username="neu").role == "clerk"
