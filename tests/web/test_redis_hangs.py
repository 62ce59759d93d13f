"""A Redis that hangs (stopped with SIGSTOP: it accepts connections and answers nothing) costs a
request one time-out at most: the first call that gets no answer opens the process's breaker
(config/caches.py), and every cache call after it is a miss at once, as with a Redis that
refuses. Once the breaker's time is up one call asks Redis again, and the cache is used again.
A game saved meanwhile shows on the public ranking at once after Redis is back: a kept copy
serves only at the generation in the database (tournament/web/page_cache.py)."""

from __future__ import annotations

import contextlib
import re
import shutil
import signal
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
import redis
from django.core.cache import caches
from django.db import connection
from django.test import Client, override_settings
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from config import caches as config_caches
from config.caches import Breaker, breaker, caches_config
from tests.phones.helpers import enter as phone_enter
from tests.phones.helpers import phone
from tests.waiting import until
from tournament.models import Hand, Table, Tournament
from tournament.phones.links import table_link_issue
from tournament.ranking.publication import ranking_publish
from tournament.ranking.standings import standings_compute
from tournament.system.ports import free_port

# A redis-server of the test's own, made to hang.
pytestmark = [pytest.mark.django_db, pytest.mark.slow]
SLUG = "abend"  # the `evening` tournament of tests/conftest.py
BREAKER_SECONDS = 600  # longer than the test: the breaker closes only when the test says so
#: What settings.py has the breaker call when Redis answers again.
REOPENED = "tournament.scorekeeping.revisions.revisions_forget"


class OwnRedis:
    """A redis-server of the test's own on a free port, without persistence."""

    def __init__(self, folder: Path) -> None:
        self.port = free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.process = subprocess.Popen(
            ["redis-server", "--port", str(self.port), "--bind", "127.0.0.1", "--save", "",
             "--appendonly", "no", "--dir", str(folder)],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )  # fmt: skip
        client = redis.Redis.from_url(self.url, socket_connect_timeout=0.2)

        def answers() -> bool:
            with contextlib.suppress(redis.RedisError):
                return bool(client.ping())
            return False

        if not until(answers, timeout=5):
            raise RuntimeError("the test's redis-server did not start")

    def pause(self) -> None:
        """Redis hangs: the kernel still accepts connections, the server answers nothing."""
        self.process.send_signal(signal.SIGSTOP)

    def resume(self) -> None:
        self.process.send_signal(signal.SIGCONT)

    def stop(self) -> None:
        self.resume()
        self.process.terminate()
        self.process.wait(10)


@pytest.fixture
def own_redis(monkeypatch) -> Iterator[OwnRedis]:
    """The app's caches on a Redis of the test's own, with a breaker of BREAKER_SECONDS."""
    if shutil.which("redis-server") is None:
        pytest.skip("no redis-server on this machine")
    folder = Path(tempfile.mkdtemp(prefix="own-redis-"))
    server = OwnRedis(folder)
    try:
        config = caches_config(
            server.url, folder, breaker_seconds=BREAKER_SECONDS, reopened=REOPENED
        )
        with override_settings(CACHES=config):
            yield server
    finally:
        server.stop()
        shutil.rmtree(folder, ignore_errors=True)
        config_caches._breakers.pop(server.url, None)  # its port may serve another test later
        for alias in ("default", "shared"):  # the other tests' caches, emptied as they expect
            caches[alias].clear()


def breaker_of(server: OwnRedis) -> Breaker:
    return breaker(server.url)


def later(monkeypatch, seconds: float) -> None:
    """The breaker's clock `seconds` on."""
    now = config_caches._clock()
    monkeypatch.setattr(config_caches, "_clock", lambda: now + seconds)


@pytest.fixture
def hall(evening, clerk, supervisor):
    """The ranking published live, a clerk at table 1 and the scorekeeper's phone there."""
    ranking_publish(tournament=evening, publication="live")
    clerk_client = Client()
    clerk_client.force_login(clerk)
    link = table_link_issue(table=Table.objects.get(durchgang__tournament=evening, number=1),
                            user=supervisor)  # fmt: skip
    return clerk_client, link


def clerk_enter(client: Client, code: str, number: int):
    url = reverse("manage:hand_enter", args=[SLUG, 1, 1])
    return client.post(url, {"number": number, "code": code, "version": 0})


def ranking(reader: Client) -> str:
    response = reader.get(reverse("tournament:ranking", args=[SLUG]))
    assert response.status_code == 200
    return response.content.decode()


def total(start_number: int) -> int:
    tournament = Tournament.objects.get(slug=SLUG)
    return next(
        s.points for s in standings_compute(tournament) if s.player.ident == str(start_number)
    )


def row(html: str, name: str) -> str:
    """The row of the table that names `name`, without blanks."""
    rows = re.findall(r"<tr.*?</tr>", html, flags=re.DOTALL)
    return next(r for r in rows if f">{name}<" in r).replace(" ", "")


def game_count() -> int:
    return Hand.objects.filter(table__durchgang__tournament__slug=SLUG).count()


def test_a_redis_that_hangs_costs_each_request_one_time_out_at_most(own_redis, hall, monkeypatch):
    clerk_client, link = hall
    keeper = phone(link, keeper=True)  # session, link and revision in Redis, as in a hall
    reader = Client()
    ranking(reader)
    assert clerk_client.get(reverse("manage:sheet", args=[SLUG, 1, 1])).status_code == 200
    gauge = breaker_of(own_redis)
    assert gauge.failures == 0 and not gauge.open_until

    own_redis.pause()
    assert clerk_enter(clerk_client, "r e 1 3 +", 1).status_code == 302
    assert gauge.failures == 1 and gauge.open_until  # one time-out, then the breaker is open
    assert phone_enter(keeper, link, 2, "s h 2 +").json()["outcome"] == "saved"
    assert "Spieler 1" in ranking(reader)
    # Three requests, a few dozen cache calls: one waited for Redis, the rest skipped it.
    assert gauge.failures == 1 and gauge.skipped > 10
    assert game_count() == 2

    own_redis.resume()
    later(monkeypatch, BREAKER_SECONDS + 1)
    ranking(reader)  # asks Redis again (the breaker half-open), which answers: closed
    assert not gauge.open_until and gauge.failures == 1
    with CaptureQueriesContext(connection) as queries:
        ranking(reader)
    assert len(queries) == 1  # the page kept in Redis again: only the tournament's generation


def test_a_game_saved_while_redis_hangs_shows_on_the_ranking_once_it_is_back(
    own_redis, hall, monkeypatch, settings
):
    settings.PUBLIC_PAGE_GRACE = 0  # every change shows at once (the grace is another matter)
    clerk_client, _ = hall
    reader = Client()
    assert clerk_enter(clerk_client, "r e 1 3 +", 1).status_code == 302
    projector = reverse("tournament:projector", args=[SLUG])
    before = ranking(reader)
    reader.get(projector)

    own_redis.pause()
    assert clerk_enter(clerk_client, "s h 2 +", 2).status_code == 302  # Redis hears nothing
    own_redis.resume()
    later(monkeypatch, BREAKER_SECONDS + 1)

    shown = f'"numstrong">{total(2)}<'  # the points of the Solo's declarer, saved meanwhile
    assert shown not in row(before, "Spieler 2")
    assert shown in row(ranking(reader), "Spieler 2")
    assert shown in row(reader.get(projector).content.decode(), "Spieler 2")
    assert breaker_of(own_redis).open_until == 0


def test_a_phone_sees_a_game_saved_while_redis_hung_once_it_is_back(own_redis, hall, monkeypatch):
    """The table's revision could not be replaced while Redis hung: when this process finds
    Redis again it drops the tables' revisions, so a phone's poll with the revision it saw
    before loads the table instead of hearing "nothing new"."""
    clerk_client, link = hall
    viewer = phone(link)
    seen = viewer.get(reverse("tournament:phone_state", args=[link.token])).json()["revision"]
    poll = {"seit": seen}
    assert viewer.get(reverse("tournament:phone_state", args=[link.token]), poll).status_code == 204

    own_redis.pause()
    assert clerk_enter(clerk_client, "r e 1 3 +", 1).status_code == 302
    own_redis.resume()
    later(monkeypatch, BREAKER_SECONDS + 1)

    state = viewer.get(reverse("tournament:phone_state", args=[link.token]), poll)
    assert state.status_code == 200
    assert state.json()["entered"] == 1


def test_the_redis_cache_deletes_the_keys_of_a_pattern_and_only_those(own_redis):
    """What `revisions_forget` asks of it once Redis answers again, through redis-py's own
    client (Django's cache API has no such call)."""
    cache = caches["shared"]
    cache.set("revision:table:1", 1)
    cache.set("revision:table:2", 2)
    cache.set("link:abc", 3)
    pattern = cache.make_key("revision:table:") + "*"
    assert cache.matching_delete(pattern) == 2
    assert cache.get_many(["revision:table:1", "revision:table:2", "link:abc"]) == {"link:abc": 3}
    assert cache.matching_delete(pattern) == 0
