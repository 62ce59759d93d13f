"""Nothing the API answers names what is not public: no e-mail, phone or personal code, a name
published by initial stays an initial, no unpublished ranking, no draft tournament of any
organiser, in any answer."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import AnonymousUser
from django.core.cache import caches
from django.test import Client

from tests.api_world import (
    DRAFT_NAME,
    HIDDEN_FAMILY,
    SECRET_EMAIL,
    SECRET_PHONE,
    UNPUBLISHED_PLAYER,
    WORLD_URLS,
)
from tournament.models import Membership, Person
from tournament.persons.privacy import ERASED, person_erase
from tournament.ranking.publication import ranking_publish

pytestmark = pytest.mark.django_db

SECRET_KEYS = {"email", "phone", "personal_code", "person", "withdraw_key"}


def _keys(node) -> set[str]:
    if isinstance(node, dict):
        return set(node) | {k for value in node.values() for k in _keys(value)}
    if isinstance(node, list):
        return {k for value in node for k in _keys(value)}
    return set()


def test_no_answer_holds_anything_unpublished(client, world):
    texts = []
    for url in [*WORLD_URLS, "/api/v1/turniere/?zeit=kommend", "/api/v1/turniere/?region=x"]:
        response = client.get(url)
        assert response.status_code == 200, url
        assert not _keys(response.json()) & SECRET_KEYS, url
        texts.append((url, response.content.decode()))
    secrets = [SECRET_EMAIL, SECRET_PHONE, world.personal_code, HIDDEN_FAMILY, "Telefonistin"]
    secrets += [DRAFT_NAME, "entwurf-2026", "Anderer Verein" + " Entwurf", UNPUBLISHED_PLAYER]
    for url, text in texts:
        for secret in secrets:
            assert secret not in text, (url, secret)


def test_a_name_published_by_initial_is_an_initial_everywhere(client, world):
    ranking = client.get("/api/v1/turniere/offen-2026/wertung/").json()
    assert "Xaver V." in [row["name"] for row in ranking["rows"]]
    season = client.get("/api/v1/saisons/jw-2026/").json()
    assert "Xaver V." in [row["name"] for row in season["rows"]]
    assert "Resi T." in [row["name"] for row in season["rows"]]  # the register's choice
    cup = client.get("/api/v1/pokale/kreispokal/").json()
    assert "Xaver V." in [row["name"] for row in cup["rows"]]


def test_drafts_are_in_no_list_and_answer_404(client, world):
    listed = client.get("/api/v1/turniere/").json()
    assert [t["slug"] for t in listed] == ["offen-2026", "verdeckt-2026"]
    assert client.get("/api/v1/turniere/?veranstalter=anderer-verein").json() == []
    for url in ("/api/v1/turniere/entwurf-2026/", "/api/v1/turniere/entwurf-2026/wertung/"):
        response = client.get(url)
        assert response.status_code == 404
        assert DRAFT_NAME not in response.content.decode()


def test_an_unpublished_ranking_answers_404_and_counts_nowhere(client, world):
    response = client.get("/api/v1/turniere/verdeckt-2026/wertung/")
    assert response.status_code == 404
    assert response.json() == {"detail": "Die Wertung dieses Turniers ist nicht veröffentlicht."}
    detail = client.get("/api/v1/turniere/verdeckt-2026/").json()
    assert (detail["ranking_published"], detail["ranking_published_until"]) == (False, None)


def test_a_ranking_published_after_a_durchgang_goes_no_further(client, world):
    ranking_publish(tournament=world.published, publication="after", after=1)
    ranking = client.get("/api/v1/turniere/offen-2026/wertung/").json()
    assert (ranking["after"], ranking["ranking_published_until"], ranking["final"]) == (1, 1, False)
    assert all(len(row["durchgaenge"]) == 1 for row in ranking["rows"])
    response = client.get("/api/v1/turniere/offen-2026/wertung/?nach=2")
    assert response.status_code == 404
    assert response.json()["detail"] == "Die Wertung nach Durchgang 2 ist nicht veröffentlicht."


def test_the_final_ranking_carries_the_counters_of_rule_5_4_2(client, world):
    ranking = client.get("/api/v1/turniere/offen-2026/wertung/").json()
    assert (ranking["after"], ranking["final"]) == (2, True)
    first = ranking["rows"][0]
    assert set(first["counters"]) == {"sie", "tout_won", "tout_played", "solo_won", "solo_played"}
    assert [row["rank"] for row in ranking["rows"]] == sorted(r["rank"] for r in ranking["rows"])
    assert sum(row["counters"]["sie"] for row in ranking["rows"]) >= 1  # the example has a Sie


def test_an_erased_person_shows_as_the_public_pages_show_them(client, world):
    person_erase(person=Person.objects.get(name="Resi Telefonistin"), by=AnonymousUser())
    ranking = client.get("/api/v1/turniere/offen-2026/wertung/").json()
    names = [row["name"] for row in ranking["rows"]]
    assert ERASED in names
    assert "Sepp Hofbauer 2" not in names
    season = client.get("/api/v1/saisons/jw-2026/").content.decode()
    assert "Telefonistin" not in season
    assert "Sepp Hofbauer 2" not in season


ROLES = ["superuser", "supervisor", "clerk", "organiser_staff"]


def _user(role: str, world, django_user_model):
    """A user of `role` over the unpublished tournament and the draft (or everything)."""
    if role == "superuser":
        return django_user_model.objects.create_superuser("chef", password="x-12345678")
    user = django_user_model.objects.create_user(role, password="x-12345678", is_staff=True)
    if role == "organiser_staff":
        world.draft.organiser.staff.add(user)
        world.unpublished.organiser.staff.add(user)
        return user
    for tournament in (world.unpublished, world.draft):
        Membership.objects.create(tournament=tournament, user=user, role=role)
    return user


@pytest.mark.parametrize("role", ROLES)
def test_every_role_reads_what_the_public_reads(client, world, django_user_model, role):
    """The API knows no login: the staff of the unpublished tournament and of the draft, and a
    superuser, get the public's answers (asked first, before any copy of them is kept)."""
    caches["shared"].clear()
    client.force_login(_user(role, world, django_user_model))
    urls = [*WORLD_URLS, "/api/v1/turniere/verdeckt-2026/wertung/"]
    urls.append("/api/v1/turniere/entwurf-2026/")
    seen = [(answer.status_code, answer.content) for answer in map(client.get, urls)]
    assert seen[-2][0] == seen[-1][0] == 404
    for url, (status, content) in zip(urls, seen, strict=True):
        public = Client().get(url)
        assert (status, content) == (public.status_code, public.content), url
        for secret in (DRAFT_NAME, UNPUBLISHED_PLAYER, SECRET_EMAIL, HIDDEN_FAMILY):
            assert secret.encode() not in content, (url, secret)
