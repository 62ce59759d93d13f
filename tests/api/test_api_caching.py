"""A reader polling an unchanged answer is answered 304 without a database query; a change (a
game saved, the ranking published, an organiser renamed) gives a new ETag. CORS lets any website
read; the API sets no cookie."""

from __future__ import annotations

import pytest
from django.core.cache import caches

from tests.api_world import WORLD_URLS
from tests.sheets.fixtures import solo
from tournament.models import Table
from tournament.ranking.publication import ranking_publish
from tournament.sheets.services.hands import hand_save

pytestmark = pytest.mark.django_db

RANKING = "/api/v1/turniere/offen-2026/wertung/"


def test_an_unchanged_answer_is_304_without_a_query(client, world, django_assert_num_queries):
    for url in WORLD_URLS:
        first = client.get(url)
        assert first.status_code == 200
        assert first["Cache-Control"] == "public, max-age=30"
        assert first["Last-Modified"]
        with django_assert_num_queries(0):
            again = client.get(url, HTTP_IF_NONE_MATCH=first["ETag"])
        assert again.status_code == 304, url
        assert again.content == b""
        assert again["ETag"] == first["ETag"]
        with django_assert_num_queries(0):
            since = client.get(url, HTTP_IF_MODIFIED_SINCE=first["Last-Modified"])
        assert since.status_code == 304, url


def test_each_address_has_its_own_tag(client, world):
    tags = {client.get(url)["ETag"] for url in WORLD_URLS}
    assert len(tags) == len(WORLD_URLS)


def test_a_game_saved_changes_the_tag_of_its_ranking(client, world):
    before = client.get(RANKING)
    table = Table.objects.get(durchgang__tournament=world.published, durchgang__number=2, number=1)
    seats = {s.position: s.player for s in table.seats.all()}
    hand_save(table=table, number=1, game=solo(seats, won=False), as_supervisor=True)
    after = client.get(RANKING, HTTP_IF_NONE_MATCH=before["ETag"])
    assert after.status_code == 200
    assert after["ETag"] != before["ETag"]
    assert after.json() != before.json()


def test_publishing_changes_the_tag_and_the_answer(client, world):
    before = client.get(RANKING)
    ranking_publish(tournament=world.published, publication="after", after=1)
    after = client.get(RANKING, HTTP_IF_NONE_MATCH=before["ETag"])
    assert after.status_code == 200
    assert after.json()["after"] == 1
    hidden = client.get("/api/v1/turniere/verdeckt-2026/wertung/")
    assert hidden.status_code == 404
    ranking_publish(tournament=world.unpublished, publication="live")
    assert client.get("/api/v1/turniere/verdeckt-2026/wertung/").status_code == 200


def test_another_tournament_changing_keeps_this_ranking_unchanged(
    client, world, django_assert_num_queries
):
    before = client.get(RANKING)
    ranking_publish(tournament=world.unpublished, publication="live")
    with django_assert_num_queries(0):
        assert client.get(RANKING, HTTP_IF_NONE_MATCH=before["ETag"]).status_code == 304


def test_an_organiser_renamed_changes_the_lists(client, world):
    before = client.get("/api/v1/veranstalter/")
    world.organiser.name = "Schafkopfclub Neu"
    world.organiser.save()
    after = client.get("/api/v1/veranstalter/", HTTP_IF_NONE_MATCH=before["ETag"])
    assert after.status_code == 200
    assert "Schafkopfclub Neu" in [o["name"] for o in after.json()]


def test_a_lost_version_is_made_again_with_one_query_and_the_same_tag(
    client, world, django_assert_num_queries
):
    """The cache forgot the tournament's version (it lived its time, or Redis lost it): made
    again from the generation in the database, the tag is the one the reader holds."""
    caches["shared"].delete(f"api:v1:tournament:{world.published.pk}")
    before = client.get(RANKING)
    caches["shared"].delete(f"api:v1:tournament:{world.published.pk}")
    with django_assert_num_queries(1):
        again = client.get(RANKING, HTTP_IF_NONE_MATCH=before["ETag"])
    assert again.status_code == 304


def test_cors_lets_any_website_read_without_credentials(client, world):
    response = client.get(RANKING, HTTP_ORIGIN="https://sk-beispiel.de")
    assert response["Access-Control-Allow-Origin"] == "*"
    assert "Access-Control-Allow-Credentials" not in response
    assert "ETag" in response["Access-Control-Expose-Headers"]
    preflight = client.options(
        RANKING,
        HTTP_ORIGIN="https://sk-beispiel.de",
        HTTP_ACCESS_CONTROL_REQUEST_METHOD="GET",
        HTTP_ACCESS_CONTROL_REQUEST_HEADERS="if-none-match",
    )
    assert preflight["Access-Control-Allow-Origin"] == "*"
    assert "GET" in preflight["Access-Control-Allow-Methods"]
    assert "POST" not in preflight["Access-Control-Allow-Methods"]
    page = client.get("/turnier/offen-2026/", HTTP_ORIGIN="https://sk-beispiel.de")
    assert "Access-Control-Allow-Origin" not in page


def test_the_api_sets_no_cookie(client, world):
    client.cookies["django_language"] = "sv"
    for url in [*WORLD_URLS, "/api/v1/turniere/keins/", "/api/v1/openapi.json", "/api/v1/docs"]:
        response = client.get(url)
        assert not response.cookies, url
        assert "Set-Cookie" not in response, url


def test_the_api_only_reads(client, world):
    response = client.post(RANKING, {})
    assert response.status_code == 405


def test_a_second_reader_is_given_the_stored_answer_without_a_query(
    client, world, django_assert_num_queries
):
    first = client.get(RANKING)
    with django_assert_num_queries(0):
        second = client.get(RANKING)
    assert second.status_code == 200
    assert second.content == first.content
    assert second["ETag"] == first["ETag"]
    assert second["Content-Type"] == first["Content-Type"]


def test_head_is_answered_as_get_without_the_body(client, world, django_assert_num_queries):
    got = client.get(RANKING)
    head = client.head(RANKING, HTTP_ORIGIN="https://sk-beispiel.de")
    assert head.status_code == 200
    assert head.content == b""
    assert head["ETag"] == got["ETag"]
    assert head["Content-Length"] == str(len(got.content))
    assert head["Access-Control-Allow-Origin"] == "*"
    with django_assert_num_queries(0):
        assert client.head(RANKING, HTTP_IF_NONE_MATCH=got["ETag"]).status_code == 304


def test_the_answers_do_not_vary_by_language(client, world):
    response = client.get(RANKING)
    assert "accept-language" not in response.get("Vary", "").lower()


def test_a_slug_given_up_and_taken_again_answers_for_the_new_tournament(client, world):
    before = client.get("/api/v1/turniere/offen-2026/").json()
    world.published.slug = "offen-2026-alt"
    world.published.save()
    world.unpublished.slug = "offen-2026"
    world.unpublished.save()
    after = client.get("/api/v1/turniere/offen-2026/").json()
    assert (before["name"], after["name"]) == ("Offenes Turnier", "Verdecktes Turnier")
    ranking_publish(tournament=world.unpublished, publication="live")
    tagged = client.get(RANKING)
    assert tagged.status_code == 200
    ranking_publish(tournament=world.unpublished, publication="after", after=1)
    assert client.get(RANKING, HTTP_IF_NONE_MATCH=tagged["ETag"]).status_code == 200
