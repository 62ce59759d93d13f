"""The pages of the foundation: tournament list, ranking, login, admin — for every role."""

from __future__ import annotations

import pytest
from django.urls import reverse

pytestmark = pytest.mark.django_db


@pytest.fixture
def example_tournament(example_tournament):
    """The worked example with its ranking published live (test_ranking_pages.py: publishing)."""
    example_tournament.ranking_publication = "live"
    example_tournament.save(update_fields=["ranking_publication"])
    return example_tournament


@pytest.fixture(params=["anonymous", "clerk", "other_clerk", "supervisor"])
def visitor(request, client):
    if request.param != "anonymous":
        client.force_login(request.getfixturevalue(request.param))
    return client


def test_everyone_sees_the_tournament_list_in_german(visitor, example_tournament):
    response = visitor.get(reverse("tournament:list"))
    assert response.status_code == 200
    text = response.content.decode()
    assert "Beispielturnier 2026" in text
    assert '<html lang="de">' in text
    assert "Turniere" in text


def test_everyone_sees_the_published_ranking_with_the_tie_break_columns(
    visitor, example_tournament
):
    response = visitor.get(reverse("tournament:ranking", args=[example_tournament.slug]))
    assert response.status_code == 200
    text = response.content.decode()
    assert "Michl Hofbauer 8" in text
    assert text.index("Michl Hofbauer 8") < text.index("Anna Maier 4") < text.index("Hias Reiter 3")
    for heading in ("Platz", "Punkte", "Sie", "Tout gew.", "Tout gesp.", "Solo gew.", "Los"):
        assert heading in text


def test_the_ranking_after_the_first_durchgang_counts_only_it(client, example_tournament):
    response = client.get(
        reverse("tournament:ranking", args=[example_tournament.slug]), {"after": "1"}
    )
    assert response.status_code == 200
    rows = response.context["table"].rows
    assert [row.record["points"] for row in rows][:2] == [25, 21]
    assert "dg2" not in rows[0].record


@pytest.mark.parametrize("after", ["0", "3", "x", "-1"])
def test_a_ranking_after_a_durchgang_that_does_not_exist_is_not_found(
    client, example_tournament, after
):
    url = reverse("tournament:ranking", args=[example_tournament.slug])
    assert client.get(url, {"after": after}).status_code == 404


def test_an_unknown_tournament_is_a_german_404(client, db):
    response = client.get(reverse("tournament:ranking", args=["gibt-es-nicht"]))
    assert response.status_code == 404
    assert "nicht gefunden" in response.content.decode()


def test_the_interface_speaks_english_when_asked(client, example_tournament):
    client.post(reverse("set_language"), {"language": "en", "next": "/"})
    text = client.get(reverse("tournament:ranking", args=[example_tournament.slug])).content
    assert b"Points" in text and b"Punkte" not in text


def test_login_with_the_right_password_and_logout(client, supervisor):
    response = client.post(
        reverse("login"), {"username": "leitung", "password": "geheim-12345"}, follow=True
    )
    assert response.context["user"].is_authenticated
    assert "Abmelden" in response.content.decode()
    response = client.post(reverse("logout"), follow=True)
    assert not response.context["user"].is_authenticated


def test_a_wrong_password_is_refused_with_a_german_message(client, supervisor):
    response = client.post(reverse("login"), {"username": "leitung", "password": "falsch"})
    assert response.status_code == 200
    assert not response.context["user"].is_authenticated
    assert "Benutzername" in response.content.decode()


def test_the_admin_is_for_staff_only(client, supervisor, admin_user):
    url = reverse("admin:tournament_hand_changelist")
    client.force_login(supervisor)
    assert client.get(url).status_code == 302
    client.force_login(admin_user)
    assert client.get(url).status_code == 200


def test_an_english_browser_still_gets_german_until_english_is_chosen(client, example_tournament):
    url = reverse("tournament:ranking", args=[example_tournament.slug])
    text = client.get(url, HTTP_ACCEPT_LANGUAGE="en-US,en;q=0.9").content.decode()
    assert "Punkte" in text and '<html lang="de">' in text
