"""The embeds for a club's website: only what is public, no cookie, framable by any site (and
only they: every other page keeps refusing to be framed), in the language asked for."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from tournament.models import Tournament
from tournament.ranking.publication import ranking_publish

pytestmark = pytest.mark.django_db


def ranking_url(tournament) -> str:
    return reverse("tournament:embed_ranking", args=[tournament.slug])


def calendar_url(organiser) -> str:
    return reverse("tournament:embed_calendar", args=[organiser.slug])


def frame_ancestors(response) -> str:
    policy = response["Content-Security-Policy"]
    return next(part.strip() for part in policy.split(";") if "frame-ancestors" in part)


def test_the_ranking_embed_shows_rank_name_club_and_points(published):
    response = Client().get(ranking_url(published))
    assert response.status_code == 200
    html = response.content.decode()
    assert "Beispielturnier 2026" in html
    assert "Rangliste nach 2 Durchgängen" in html
    assert "Sepp Hofbauer 1" in html
    assert "SK Vohenstrauß" in html
    assert "<script" not in html and "<form" not in html and "style=" not in html
    assert 'target="_top"' in html and 'target="_blank" rel="noopener"' in html


def test_a_player_who_asked_for_his_initial_keeps_it(published):
    html = Client().get(ranking_url(published)).content.decode()
    assert "Michl H." in html
    assert "Michl Hofbauer" not in html


def test_an_unpublished_ranking_is_not_shown(example_tournament):
    response = Client().get(ranking_url(example_tournament))
    html = response.content.decode()
    assert "Die Rangliste ist noch nicht veröffentlicht." in html
    assert "Sepp Hofbauer" not in html and "<table" not in html


def test_the_embed_shows_no_durchgang_beyond_the_published_one(example_tournament):
    ranking_publish(
        tournament=example_tournament, publication=Tournament.Publication.AFTER, after=1
    )
    html = Client().get(ranking_url(example_tournament)).content.decode()
    assert "Rangliste nach 1 Durchgang" in html
    assert "nach 2 Durchgängen" not in html


def test_even_the_staff_sees_only_what_is_published(example_tournament, supervisor):
    client = Client()
    client.force_login(supervisor)
    html = client.get(ranking_url(example_tournament)).content.decode()
    assert "noch nicht veröffentlicht" in html and "Sepp Hofbauer" not in html


@pytest.mark.parametrize("which", ["ranking", "calendar"])
def test_an_embed_sets_no_cookie_and_may_be_framed_by_any_site(published, evenings, which):
    url = ranking_url(published) if which == "ranking" else calendar_url(published.organiser)
    client = Client()
    for _turn in range(2):  # rendered, then from the public pages' cache
        response = client.get(url, HTTP_ACCEPT_LANGUAGE="de")
        assert response.status_code == 200
        assert not response.cookies
        assert "Set-Cookie" not in response.headers
        assert frame_ancestors(response) == "frame-ancestors *"
        assert "X-Frame-Options" not in response.headers


def test_no_cookie_even_for_a_visitor_who_has_a_session(published, supervisor):
    client = Client()
    client.force_login(supervisor)
    client.cookies.pop("csrftoken", None)
    response = client.get(ranking_url(published))
    assert not response.cookies


def test_every_other_page_still_refuses_to_be_framed(published):
    response = Client().get(reverse("tournament:ranking", args=[published.slug]))
    assert response.status_code == 200
    assert response["X-Frame-Options"] == "DENY"
    assert frame_ancestors(response) == "frame-ancestors 'none'"


def test_the_calendar_embed_lists_announced_evenings_and_no_draft(evenings):
    announced, _draft = evenings
    response = Client().get(calendar_url(announced.organiser))
    html = response.content.decode()
    assert "Herbstturnier" in html
    assert "Gasthaus Krone, Weiden" in html
    assert "12,50 €" in html
    assert "40 / 40" in html
    assert "um 19:30 Uhr" in html
    registration = reverse("tournament:registration", args=[announced.slug])
    assert f'href="{registration}" target="_blank" rel="noopener"' in html
    assert "Geheimturnier" not in html
    assert "Beispielturnier" not in html  # a past evening is no more to come


@pytest.mark.parametrize(
    ("name", "said"),
    [
        ("tournament:embed_ranking", "Dieses Turnier gibt es nicht (mehr)."),
        ("tournament:embed_calendar", "Diesen Veranstalter gibt es nicht (mehr)."),
    ],
)
def test_a_mistyped_snippet_says_so_in_the_frame(db, name, said):
    response = Client().get(reverse(name, args=["niemand"]))
    assert response.status_code == 404
    assert said in response.content.decode()
    assert not response.cookies
    assert frame_ancestors(response) == "frame-ancestors *"


@pytest.mark.parametrize(
    ("query", "header", "expected"),
    [
        ("", "", "Rangliste nach 2 Durchgängen"),
        ("", "en-US,en;q=0.9", "Ranking after 2 Durchgänge"),
        ("?sprache=sv", "en-US", "Resultatlista efter 2 Durchgänge"),
        ("?sprache=de", "en-US", "Rangliste nach 2 Durchgängen"),
        ("?sprache=xx", "fr-FR", "Rangliste nach 2 Durchgängen"),
    ],
)
def test_the_language_comes_from_the_query_or_the_browser(published, query, header, expected):
    extra = {"HTTP_ACCEPT_LANGUAGE": header} if header else {}
    response = Client().get(ranking_url(published) + query, **extra)
    assert expected in response.content.decode()
    assert not response.cookies


def test_the_management_page_gives_the_snippets_to_copy(published, supervisor, settings):
    settings.SITE_URL = "https://turnier.example.org"
    client = Client()
    client.force_login(supervisor)
    html = client.get(reverse("manage:dashboard", args=[published.slug])).content.decode()
    assert "Auf der Vereinswebsite zeigen" in html
    ranking = "https://turnier.example.org/turnier/beispielturnier-2026/einbetten/rangliste/"
    calendar = f"https://turnier.example.org/kalender/{published.organiser.slug}/einbetten/"
    assert f"&lt;iframe src=&quot;{ranking}?sprache=de&quot;" in html
    assert f"&lt;iframe src=&quot;{calendar}?sprache=de&quot;" in html
    assert "<iframe" not in html  # shown to be copied, never framed here
