"""The public pages come from the cache for anonymous readers, and every write that changes
them shows at once: a game entered, deleted, approved, struck, the ranking published, a player
renamed (issue 7)."""

from __future__ import annotations

import re

import pytest
from django.core.cache import cache
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tournament.models import Hand, Player, Tournament
from tournament.services.hands import hand_delete
from tournament.services.players import player_update
from tournament.services.publication import ranking_publish
from tournament.services.standings import standings_compute
from tournament.services.supervision import hand_approve, hand_strike

pytestmark = pytest.mark.django_db
SLUG = "abend"  # the `evening` tournament of conftest.py: table 1 seats start numbers 1 to 4


@pytest.fixture(autouse=True)
def empty_cache():
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def live(evening):
    ranking_publish(tournament=evening, publication="live")
    return evening


@pytest.fixture
def reader():
    """An anonymous visitor; the default `client` is the clerk entering games."""
    return Client()


def page(name, *args):
    return reverse(f"tournament:{name}", args=[SLUG, *args])


def read(reader, url) -> str:
    """The page as the reader sees it, read twice: the second time from the cache."""
    first = reader.get(url)
    assert first.status_code == 200
    with CaptureQueriesContext(connection) as queries:
        second = reader.get(url)
    assert second.status_code == 200
    assert len(queries) == 1  # the tournament's generation
    return second.content.decode()


def enter(client, request, code, number):
    client.force_login(request.getfixturevalue("clerk"))
    url = reverse("manage:hand_enter", args=[SLUG, 1, 1])
    response = client.post(url, {"number": number, "code": code, "version": 0})
    assert response.status_code == 302


def game(number) -> Hand:
    return Hand.objects.select_related("table").get(
        table__durchgang__tournament__slug=SLUG, table__number=1, number=number
    )


def total(start_number: int) -> int:
    tournament = Tournament.objects.get(slug=SLUG)
    return next(
        s.points for s in standings_compute(tournament) if s.player.ident == str(start_number)
    )


def test_a_reader_gets_the_page_from_the_cache_with_a_single_query(reader, live):
    with CaptureQueriesContext(connection) as queries:
        first = reader.get(page("ranking"))
    assert len(queries) > 1
    cached = read(reader, page("ranking"))
    assert "Spieler 9" in cached
    token = re.compile(r'name="csrfmiddlewaretoken" value="[^"]+"')
    assert token.sub("", cached) == token.sub("", first.content.decode())


def test_a_cached_page_carries_a_csrf_token_that_works_for_the_next_visitor(reader, live):
    read(reader, page("ranking"))
    visitor = Client(enforce_csrf_checks=True)
    cached = visitor.get(page("ranking")).content.decode()
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', cached).group(1)
    response = visitor.post(
        reverse("set_language"),
        {"language": "en", "next": page("ranking"), "csrfmiddlewaretoken": token},
    )
    assert response.status_code == 302
    assert "Ranking" in visitor.get(page("ranking")).content.decode()  # now in English


def test_the_cache_keeps_the_languages_apart(reader, live):
    assert "Rangliste" in read(reader, page("ranking"))
    reader.post(reverse("set_language"), {"language": "en", "next": "/"})
    english = read(reader, page("ranking"))
    assert "Ranking" in english and "Rangliste" not in english


def test_the_staff_never_gets_the_readers_copy_nor_leaves_its_own(client, request, reader, live):
    read(reader, page("ranking"))
    client.force_login(request.getfixturevalue("supervisor"))
    staff = client.get(page("ranking")).content.decode()
    assert "leitung" in staff  # "Abmelden (leitung)"
    assert "leitung" not in read(reader, page("ranking"))


def test_a_game_entered_shows_on_the_players_page_at_once(client, request, reader, live):
    assert "Rufspiel" not in read(reader, page("player", 1))
    enter(client, request, "r e 1 3 +", 1)
    assert "Rufspiel" in read(reader, page("player", 1))


def test_a_game_deleted_leaves_the_players_page_at_once(client, request, reader, live):
    enter(client, request, "r e 1 3 +", 1)
    assert "Rufspiel" in read(reader, page("player", 1))
    supervisor = request.getfixturevalue("supervisor")
    hand_delete(table=game(1).table, number=1, version=None, user=supervisor)
    assert "Rufspiel" not in read(reader, page("player", 1))


def test_an_approved_game_counts_on_the_players_page_at_once(client, request, reader, live):
    enter(client, request, "r e 1 3 +", 1)
    enter(client, request, "sie 2", 2)
    before = total(2)
    assert f"<strong>{before}</strong>" in read(reader, page("player", 2))
    hand_approve(hand=game(2), user=request.getfixturevalue("supervisor"))
    after = total(2)
    assert after != before
    assert f"<strong>{after}</strong>" in read(reader, page("player", 2))


def test_a_struck_game_stops_counting_on_the_players_page_at_once(client, request, reader, live):
    enter(client, request, "s h 2 +", 1)
    assert f"<strong>{total(2)}</strong>" in read(reader, page("player", 2))
    assert total(2) > 0
    supervisor = request.getfixturevalue("supervisor")
    hand_strike(hand=game(1), user=supervisor, struck=True, reason="Karten vergeben")
    text = read(reader, page("player", 2))
    assert "<strong>0</strong>" in text and "Gestrichen" in text


def test_withdrawing_the_publication_hides_the_cached_pages_at_once(client, request, reader, live):
    read(reader, page("ranking"))
    read(reader, page("statistics"))
    client.force_login(request.getfixturevalue("supervisor"))
    url = reverse("manage:ranking_publish", args=[SLUG])
    assert client.post(url, {"publication": "hidden"}).status_code == 302
    for name in ("ranking", "statistics"):
        response = reader.get(page(name))
        assert response.status_code == 404
        assert "noch nicht veröffentlicht" in response.content.decode()


def test_a_player_renamed_shows_in_the_ranking_at_once(reader, live):
    assert "Spieler 7" in read(reader, page("ranking"))
    player = Player.objects.get(tournament=live, start_number=7)
    player_update(player=player, name="Wastl Moser", club="", start_number=7)
    text = read(reader, page("ranking"))
    assert "Wastl Moser" in text and "Spieler 7<" not in text


def test_the_public_table_list_disappears_at_once_when_withdrawn(client, request, reader, live):
    durchgang = live.durchgaenge.get(number=1)
    durchgang.published = True
    durchgang.save(update_fields=["published"])
    url = reverse("tournament:tables", args=[SLUG, 1])
    assert "Spieler 1" in read(reader, url)
    client.force_login(request.getfixturevalue("supervisor"))
    publish = reverse("manage:publish", args=[SLUG, 1])
    assert client.post(publish, {"published": "0"}).status_code == 302
    assert reader.get(url).status_code == 404


def test_a_full_save_of_a_tournament_loaded_earlier_does_not_bring_back_an_old_page(
    client, request, reader, live
):
    stale = Tournament.objects.get(slug=SLUG)  # as a settings form or the admin loads it
    assert "Rufspiel" not in read(reader, page("player", 1))
    enter(client, request, "r e 1 3 +", 1)
    assert "Rufspiel" in read(reader, page("player", 1))
    stale.venue = "Gasthaus zur Post"
    stale.save()
    assert "Rufspiel" in read(reader, page("player", 1))
    assert Tournament.objects.get(slug=SLUG).venue == "Gasthaus zur Post"


def test_within_the_grace_period_readers_get_the_stored_page_then_the_new_one(
    client, request, reader, live, settings, monkeypatch
):
    """While games keep coming in, a page is rendered at most once per grace period."""
    settings.PUBLIC_PAGE_GRACE = 5
    clock = [1000.0]
    monkeypatch.setattr("tournament.services.public_cache.time.monotonic", lambda: clock[0])
    before = read(reader, page("ranking"))
    enter(client, request, "r e 1 3 +", 1)
    clock[0] += 4  # a game was saved, but the page is 4 s old: still served
    with CaptureQueriesContext(connection) as queries:
        stale = reader.get(page("ranking")).content.decode()
    token = re.compile(r'name="csrfmiddlewaretoken" value="[^"]+"')
    assert len(queries) == 1 and token.sub("", stale) == token.sub("", before)
    clock[0] += 2  # 6 s: rendered again, with the game
    fresh = reader.get(page("ranking")).content.decode()
    assert token.sub("", fresh) != token.sub("", before)
    assert f">{total(1)}<" in fresh.replace(" ", "")
