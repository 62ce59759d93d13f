"""The public pages come from the cache for anonymous readers, and every write that changes
them shows at once: a game entered, deleted, approved, struck, the ranking published, a player
renamed."""

from __future__ import annotations

import re
import threading
import time

import pytest
from django.contrib.auth.models import AnonymousUser
from django.core.cache import cache
from django.db import OperationalError, connection
from django.db.backends.utils import CursorWrapper
from django.http import HttpResponse
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tests.waiting import until
from tournament.models import Hand, Player, Tournament
from tournament.ranking import views as views_ranking
from tournament.ranking.publication import ranking_publish
from tournament.ranking.standings import standings_compute
from tournament.registration.services import player_update
from tournament.scorekeeping.changes import public_pages_changed
from tournament.sheets.services.hands import hand_delete
from tournament.sheets.services.supervision import hand_approve, hand_strike
from tournament.web import page_cache

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
    assert len(queries) == 1  # the tournament and its generation, by the slug
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


def test_a_reader_gets_the_page_from_the_cache_with_one_query(reader, live):
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
    hand_delete(table=game(1).table, number=1, version=None, user=supervisor, reason="x")
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
    monkeypatch.setattr(page_cache, "_now", lambda: clock[0])
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


def ranking_through_cache(rf, view) -> bytes:
    """The ranking as an anonymous reader gets it through the page cache, `view` rendering it."""
    request = rf.get(page("ranking"))
    request.user = AnonymousUser()
    return page_cache._cached(view, False, request, SLUG).content


@pytest.fixture
def key_read_here(monkeypatch):
    """The readers' threads get the tournament's key as this thread reads it (the test's rows
    are not committed, so another thread's connection would not find them): call the fixture
    to read it again after a change."""
    read = page_cache._tournament_key
    known = [read(SLUG)]
    monkeypatch.setattr(page_cache, "_tournament_key", lambda slug: known[0])

    def again() -> None:
        known[0] = read(SLUG)

    return again


def test_while_one_thread_renders_a_changed_page_the_others_serve_its_last_copy(
    live, rf, key_read_here
):
    """Readers arriving while the page is rendered again get its copy, not a render each."""
    renders, answers, release = [], [], threading.Event()

    def view(request, slug):
        renders.append(1)
        if len(renders) == 2:  # the render after the change takes its time
            release.wait(10)
        return HttpResponse(f"page {len(renders)}")

    def get() -> bytes:
        return ranking_through_cache(rf, view)

    assert get() == b"page 1"
    public_pages_changed(live.pk)  # a game saved: the copy is old now
    key_read_here()
    rendering = threading.Thread(target=lambda: answers.append(get()))
    rendering.start()
    until(lambda: len(renders) == 2, timeout=5, interval=0.01)
    assert get() == b"page 1" and len(renders) == 2  # the copy, and no third render
    release.set()
    rendering.join(10)
    assert answers == [b"page 2"] and get() == b"page 2" and len(renders) == 2


def test_readers_of_a_page_never_kept_wait_for_the_one_render_instead_of_rendering_it_too(
    live, rf, key_read_here, monkeypatch
):
    """The ranking just published and a hall opening it at once: one thread renders it, the
    others wait for that page instead of rendering it each."""
    renders, answers, release = [], [], threading.Event()

    def view(request, slug):
        renders.append(1)
        release.wait(10)
        return HttpResponse(f"page {len(renders)}")

    def get() -> None:
        answers.append(ranking_through_cache(rf, view))

    awaited, copy_awaited = [], page_cache._copy_awaited

    def awaiting(key):
        awaited.append(key)
        return copy_awaited(key)

    monkeypatch.setattr(page_cache, "_copy_awaited", awaiting)
    readers = [threading.Thread(target=get) for _ in range(4)]
    for reader in readers:
        reader.start()
    # One of them renders, and the other three, asking meanwhile, wait for its page.
    # (The renderer may reach the view after the others began to wait: wait for both.)
    assert until(lambda: len(awaited) == 3 and len(renders) >= 1, timeout=10, interval=0.01)
    assert len(renders) == 1 and answers == []
    release.set()
    for reader in readers:
        reader.join(10)
    assert answers == [b"page 1"] * 4 and len(renders) == 1


def test_while_another_worker_renders_a_changed_page_this_one_serves_its_last_copy(live, rf):
    """The workers share the pages' cache (files, or Redis): a claim to render the changed page
    held by another worker makes this one serve the copy; once that claim is gone (the page
    rendered, or its worker died and the claim ran out), this one renders the page itself."""
    renders = []

    def view(request, slug):
        renders.append(1)
        return HttpResponse(f"page {len(renders)}")

    def get() -> bytes:
        return ranking_through_cache(rf, view)

    assert get() == b"page 1"
    pk, created_at, _generation = page_cache._tournament_key(SLUG)
    claim = page_cache.public_page_key(rf.get(page("ranking")), pk, created_at) + ":claim"
    public_pages_changed(live.pk)
    assert cache.add(claim, True)  # another worker is rendering it
    assert get() == b"page 1" and len(renders) == 1
    cache.delete(claim)
    assert get() == b"page 2" and get() == b"page 2"
    assert cache.add(claim, True)  # the render let its claim go


# --- Keys by what a page reads, and the limit on forced renders ---------


def test_a_random_query_string_does_not_render_the_ranking_pdf_again(reader, live, monkeypatch):
    renders = []
    pdf = views_ranking.ranking_pdf
    monkeypatch.setattr(
        views_ranking, "ranking_pdf", lambda *a, **k: renders.append(1) or pdf(*a, **k)
    )
    for query in ("", "?x=1", "?x=2", "?utm_source=flyer&x=3", "?after=", "?teil=0"):
        response = reader.get(page("ranking_pdf") + query)
        assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    assert len(renders) == 1


@pytest.mark.parametrize("name", ["ranking", "projector", "statistics", "player"])
def test_every_public_page_ignores_the_parameters_it_does_not_read(reader, live, name):
    args = (1,) if name == "player" else ()
    read(reader, page(name, *args))
    for n in range(5):
        with CaptureQueriesContext(connection) as queries:
            response = reader.get(page(name, *args), {"x": n, "zufall": f"wert{n}"})
        assert response.status_code == 200
        assert len(queries) == 1  # the stored page
        assert "zufall" not in response.content.decode()  # nor in the links of the page


def test_a_parameter_the_page_reads_gives_its_own_page_normalized(reader, live):
    by_name = read(reader, page("ranking") + "?sort=name&page=1")
    by_points = read(reader, page("ranking") + "?sort=-points")
    assert by_name != by_points
    names = re.findall(r"Spieler \d", by_name)
    assert names == sorted(names)
    with CaptureQueriesContext(connection) as queries:
        same = reader.get(page("ranking"), {"sort": " name ", "page": "001", "x": "1"})
    assert len(queries) == 1 and same.status_code == 200  # the stored page of ?sort=name&page=1
    projector = read(reader, page("projector") + "?sekunden=45")
    assert 'data-seconds="45" data-next="?seite=1&amp;sekunden=45"' in projector
    default = read(reader, page("projector") + "?sekunden=0045x")
    assert 'data-seconds="20" data-next="?seite=1"' in default
    assert reader.get(page("ranking"), {"after": "9" * 5000}).status_code == 404  # not 500
    assert reader.get(page("projector"), {"seite": "9" * 5000}).status_code == 200


@pytest.fixture
def one_minute(monkeypatch):
    """A clock standing at the start of a minute: the test needs no timing."""
    clock = [(time.time() // 60) * 60 + 1]
    monkeypatch.setattr("tournament.web.limits.time.time", lambda: clock[0])
    return clock


def test_after_the_render_limit_a_client_gets_429_and_another_client_its_page(
    live, settings, one_minute
):
    settings.PUBLIC_RENDER_LIMIT = 3
    greedy = Client(REMOTE_ADDR="203.0.113.5")
    for sort in ("name", "-name", "points"):
        assert greedy.get(page("ranking"), {"sort": sort}).status_code == 200
    refused = greedy.get(page("ranking"), {"sort": "-points"})
    assert refused.status_code == 429
    assert "Zu viele Seiten auf einmal" in refused.content.decode()
    assert "Bitte eine Minute warten" in refused.content.decode()
    assert refused["Retry-After"] == "59"
    assert greedy.get(page("ranking_pdf")).status_code == 429
    # Pages from the cache, and pages that are cheap to render, are never refused.
    assert greedy.get(page("ranking"), {"sort": "name", "x": "7"}).status_code == 200
    assert greedy.get(page("player", 3)).status_code == 200
    other = Client(REMOTE_ADDR="203.0.113.6")
    assert other.get(page("ranking"), {"sort": "-points"}).status_code == 200
    one_minute[0] += 60
    assert greedy.get(page("ranking_pdf")).status_code == 200


def test_behind_the_proxy_a_visitor_is_counted_by_the_address_the_proxy_saw(
    live, settings, one_minute
):
    settings.PUBLIC_RENDER_LIMIT = 1
    settings.FORWARDED_ALLOW_IPS = ["127.0.0.1"]
    proxy = Client(REMOTE_ADDR="127.0.0.1")
    assert proxy.get(page("ranking_pdf"), HTTP_X_FORWARDED_FOR="198.51.100.7").status_code == 200
    # A forged address in front of the one the proxy added does not make a new visitor.
    forged = {"HTTP_X_FORWARDED_FOR": "10.9.8.7, 198.51.100.7"}
    assert proxy.get(page("statistics"), **forged).status_code == 429
    assert proxy.get(page("statistics"), HTTP_X_FORWARDED_FOR="198.51.100.8").status_code == 200
    # Without the proxy, X-Forwarded-For is the visitor's to invent: his own address counts.
    direct = Client(REMOTE_ADDR="192.0.2.1")
    assert direct.get(page("projector"), HTTP_X_FORWARDED_FOR="1.1.1.1").status_code == 200
    assert direct.get(page("ranking"), HTTP_X_FORWARDED_FOR="1.1.1.2").status_code == 429


def test_the_staff_is_never_limited(client, request, live, settings, one_minute):
    settings.PUBLIC_RENDER_LIMIT = 1
    client.force_login(request.getfixturevalue("supervisor"))
    for sort in ("name", "-name", "points"):
        assert client.get(page("ranking"), {"sort": sort}).status_code == 200


def test_a_repeated_parameter_shares_the_cache_entry_of_its_last_value(reader, live, monkeypatch):
    """`?after=1&after=1&after=1...` is the page of `?after=1`: no new cache entry for each
    repetition (docs/security.md, "Limits")."""
    renders, keys = [], set()
    pdf = views_ranking.ranking_pdf
    monkeypatch.setattr(
        views_ranking, "ranking_pdf", lambda *a, **k: renders.append(1) or pdf(*a, **k)
    )
    key = page_cache.public_page_key
    monkeypatch.setattr(page_cache, "public_page_key", lambda *a: keys.add(key(*a)) or key(*a))
    once = reader.get(page("ranking_pdf") + "?after=1")
    assert once.status_code == 200 and once["Content-Type"] == "application/pdf"
    for repeated in ("?after=1&after=1", "?after=1" + "&after=1" * 50, "?after=2&after=1"):
        response = reader.get(page("ranking_pdf") + repeated)
        assert response.status_code == 200 and response.content == once.content
    assert len(renders) == 1
    assert len(keys) == 1
    assert reader.get(page("ranking_pdf") + "?after=1&after=2").status_code == 404
    assert len(keys) == 2  # the last value counts: after Durchgang 2, which is not played


def test_a_repeated_parameter_answers_with_its_last_value(reader, live):
    by_name = read(reader, page("ranking") + "?sort=-points&sort=name")
    with CaptureQueriesContext(connection) as queries:
        assert reader.get(page("ranking") + "?sort=name").status_code == 200
    assert len(queries) == 1  # the same page
    with CaptureQueriesContext(connection) as queries:
        same = reader.get(page("ranking") + "?sort=name&sort=name&sort=name&x=1&x=2")
    assert len(queries) == 1 and same.status_code == 200  # the stored page of ?sort=name
    names = re.findall(r"Spieler \d", same.content.decode())
    assert names == sorted(names) == re.findall(r"Spieler \d", by_name)
    assert reader.get(page("ranking") + "?after=1&after=" + "9" * 5000).status_code == 404


def without_tokens(html: str) -> str:
    """The page without what differs on every delivery: the CSRF token, the nonce."""
    return re.sub(r'(value|nonce)="[A-Za-z0-9+/=_-]{20,}"', "", html)


@pytest.fixture
def database_away(monkeypatch):
    """From now on every query fails as with a PostgreSQL that is restarting."""

    def away(*args, **kwargs):
        raise OperationalError("server closed the connection unexpectedly")

    def cut() -> None:
        monkeypatch.setattr(CursorWrapper, "execute", away)
        monkeypatch.setattr(CursorWrapper, "executemany", away)

    return cut


def test_while_the_database_is_away_readers_get_the_last_copy_marked_with_its_time(
    client, request, reader, live, database_away
):
    """A game changed the ranking after the reader's copy was kept; then the database
    goes away. The ranking answers with the kept copy, saying as of when; a page never kept
    answers a German 503 instead of a 500."""
    before = read(reader, page("ranking"))
    enter(client, request, "r e 1 3 +", 1)  # the kept copy is out of date now
    database_away()

    ranking = reader.get(page("ranking"))
    text = ranking.content.decode()
    assert ranking.status_code == 200
    assert "Die Datenbank des Turniers ist gerade nicht erreichbar" in text
    assert re.search(r"Stand \d\d:\d\d Uhr", text)
    kept = text.replace(re.search(r'<p class="stand-note".*?</p>', text).group(0), "")
    assert without_tokens(kept) == without_tokens(before)  # the copy from before the game

    statistics = reader.get(page("statistics"))
    assert statistics.status_code == 503 and statistics["Retry-After"] == "60"
    assert "Gleich wieder da" in statistics.content.decode()
