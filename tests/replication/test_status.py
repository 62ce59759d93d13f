"""The copy's state on the pages and /healthz, read from the status file the replicate command
writes (tournament/replication/status.py); the layout the take-over reads."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest
from django.test import override_settings
from django.urls import reverse

from tournament.replication import watch
from tournament.replication.layout import (
    copy_root,
    db_replica,
    hall_path,
    replica_url,
    secret_key_path,
)
from tournament.replication.litestream import config_text


def write_status(path: Path, *targets: dict, written: float | None = None) -> None:
    document = {
        "written": time.time() if written is None else written,
        "pid": 1,
        "database": "/x/db.sqlite3",
        "stopped": False,
        "targets": [
            dict({"same_disk": False, "newest": time.time() - 3}, **target) for target in targets
        ],
    }
    path.write_text(json.dumps(document))


@pytest.fixture
def status_file(tmp_path):
    path = tmp_path / "replication.json"
    with override_settings(HALL_COPY_TO="/media/stick", HALL_COPY_STATUS=path):
        yield path


def dashboard(client, evening) -> str:
    return client.get(reverse("manage:dashboard", args=[evening.slug])).content.decode()


def test_the_layout_is_fixed():
    target = Path("/media/stick")
    assert copy_root(target) == Path("/media/stick/schafkopf-copy")
    assert db_replica(target) == Path("/media/stick/schafkopf-copy/db")
    assert replica_url(target) == "file:///media/stick/schafkopf-copy/db"
    assert secret_key_path(target) == Path("/media/stick/schafkopf-copy/secret_key")
    assert hall_path(target) == Path("/media/stick/schafkopf-copy/hall.json")


def test_litestreams_configuration_names_the_database_and_the_replica():
    config = json.loads(config_text(Path("/hall/db.sqlite3"), Path("/media/stick"), 1))
    (database,) = config["dbs"]
    assert database["path"] == "/hall/db.sqlite3"
    assert database["replica"]["url"] == "file:///media/stick/schafkopf-copy/db"
    second = json.loads(config_text(Path("/hall/db.sqlite3"), Path("/mnt/other"), 2))
    assert second["dbs"][0]["meta-path"] != database["meta-path"]


def test_without_a_copy_expected_the_pages_say_nothing(client, supervisor, evening):
    client.force_login(supervisor)
    assert "copy-banner" not in dashboard(client, evening)
    assert "copy-panel" not in client.get(reverse("tournament:list")).content.decode()
    assert "copy" not in client.get("/healthz").json()


def test_a_current_copy_shows_where_it_goes_and_how_old_it_is(
    client, supervisor, evening, status_file
):
    write_status(status_file, {"path": "/media/stick", "state": watch.OK})
    client.force_login(supervisor)
    start = client.get(reverse("tournament:list")).content.decode()
    assert "Die Kopie in /media/stick ist aktuell (neuester Teil vor 3 s geschrieben)." in start
    assert "copy-banner" not in dashboard(client, evening)
    health = client.get("/healthz").json()
    assert health["copy"] == "ok"
    assert health["copy_targets"][0]["newest_age_seconds"] == pytest.approx(3, abs=1)


def test_a_copy_on_the_laptops_own_disk_is_said_not_to_survive_it(client, supervisor, status_file):
    write_status(status_file, {"path": "/hall/var/copy", "state": watch.OK, "same_disk": True})
    client.force_login(supervisor)
    start = client.get(reverse("tournament:list")).content.decode()
    assert "übersteht einen Ausfall des Laptops nicht" in start
    assert "übersteht" in client.get("/healthz").json()["copy_message"]


@pytest.mark.parametrize(
    ("state", "words"),
    [
        (watch.MISSING, "ist weg (USB-Stick abgezogen?)"),
        (watch.FULL, "ist voll"),
        (watch.READ_ONLY, "schreibgeschützt"),
        (watch.LITESTREAM_MISSING, "Litestream fehlt"),
        (watch.LITESTREAM_DEAD, "Litestream ist ausgefallen"),
        (watch.BEHIND, "hinkt hinterher"),
    ],
)
def test_every_supervisor_page_says_when_the_copy_falls_behind(
    client, supervisor, evening, status_file, state, words
):
    write_status(status_file, {"path": "/media/stick", "state": state})
    client.force_login(supervisor)
    page = dashboard(client, evening)
    assert 'id="copy-banner"' in page and "Die laufende Kopie arbeitet NICHT." in page
    assert words in page
    health = client.get("/healthz").json()
    assert (health["status"], health["copy"]) == ("ok", "error")
    assert words in health["copy_message"]


def test_a_status_file_no_longer_written_means_the_copy_does_not_run(
    client, supervisor, evening, status_file
):
    write_status(status_file, {"path": "/media/stick", "state": watch.OK}, written=time.time() - 60)
    client.force_login(supervisor)
    assert "Die laufende Kopie ist nicht in Betrieb" in dashboard(client, evening)
    status_file.unlink()
    assert "Die laufende Kopie ist nicht in Betrieb" in dashboard(client, evening)


def test_visitors_see_nothing_of_the_copy(client, db, status_file):
    write_status(status_file, {"path": "/media/stick", "state": watch.MISSING})
    page = client.get(reverse("tournament:list")).content.decode()
    assert "copy-banner" not in page and "copy-panel" not in page


def test_a_copy_just_started_says_that_nothing_is_in_it_yet(client, supervisor, status_file):
    write_status(status_file, {"path": "/media/stick", "state": watch.OK, "newest": None})
    client.force_login(supervisor)
    start = client.get(reverse("tournament:list")).content.decode()
    assert "Die Kopie in /media/stick beginnt: Noch ist nichts darin." in start
