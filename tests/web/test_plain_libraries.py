"""The switches of the tuning (docs/development.md, *Tuning and its fallbacks*): each one off
puts the library's own public path in place of the piece that reaches into its internals, and
what is stored or shown stays the same. `PLAIN_LIBRARIES=1` turns all four off."""

from __future__ import annotations

import os
import re
import runpy
import subprocess
import sys
import threading
import time
import urllib.request
from pathlib import Path

import pytest
from django.core.cache import caches
from django.core.cache.backends.filebased import FileBasedCache
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils.module_loading import import_string

from config.caches import FILES, FolderCache, caches_config
from rules.presets import preset
from tests.sheets.fixtures import enter, ruf
from tournament import models
from tournament.models.compiled import Compiled
from tournament.ranking.listings import RankingTable
from tournament.ranking.publication import ranking_publish
from tournament.sheets import display
from tournament.system.ports import free_port

ROOT = Path(__file__).resolve().parents[2]
SWITCHES = ("TUNED_SQL", "TUNED_GUNICORN_LANES", "TUNED_TABLE_CELLS", "TUNED_CACHES")


def settings_in(monkeypatch, **environment: str) -> dict:
    """The switches and the shared cache's backend as settings.py reads them from
    `environment` (run afresh; the suite's own switches left out)."""
    for name in (*SWITCHES, "PLAIN_LIBRARIES"):
        monkeypatch.delenv(name, raising=False)
    for name, value in environment.items():
        monkeypatch.setenv(name, value)
    read = runpy.run_path(str(ROOT / "config" / "settings.py"))
    return {name: read[name] for name in SWITCHES} | {"shared": read["CACHES"]["shared"]["BACKEND"]}


def test_every_switch_is_on_by_default_and_plain_libraries_turns_them_all_off(monkeypatch):
    on = dict.fromkeys(SWITCHES, True) | {"shared": "config.caches.FolderCache"}
    off = dict.fromkeys(SWITCHES, False) | {"shared": FILES}
    assert settings_in(monkeypatch) == on
    # The master switch wins over a single switch turned on.
    assert settings_in(monkeypatch, PLAIN_LIBRARIES="1", TUNED_SQL="1") == off
    one_off = settings_in(monkeypatch, TUNED_TABLE_CELLS="off")
    assert [name for name in SWITCHES if not one_off[name]] == ["TUNED_TABLE_CELLS"]


@pytest.mark.django_db
@pytest.mark.parametrize("tuned", [True, False])
def test_tuned_sql_off_runs_djangos_own_queryset_with_the_same_sql_and_rows(
    evening, settings, monkeypatch, tuned
):
    table = models.Table.objects.filter(durchgang__tournament=evening).order_by("number")[0]
    enter(table, 1, ruf({s.position: s.player for s in table.seats.all()}))
    settings.TUNED_SQL = tuned
    if not tuned:  # the compiled path is never taken
        monkeypatch.setattr(Compiled, "_prepare", lambda *a: pytest.fail("compiled"))
    with CaptureQueriesContext(connection) as ran:
        hands = display._HANDS(table_id=table.pk)
    with CaptureQueriesContext(connection) as own:
        expected = list(display._HANDS.build(table_id=table.pk))
    assert [q["sql"] for q in ran.captured_queries] == [q["sql"] for q in own.captured_queries]
    assert [
        (h.pk, h.number, h.declarer.name, sorted((s.player_id, s.points) for s in h.scores.all()))
        for h in hands
    ] == [
        (h.pk, h.number, h.declarer.name, sorted((s.player_id, s.points) for s in h.scores.all()))
        for h in expected
    ]
    assert len(hands) == 1


@pytest.mark.django_db
def test_tuned_table_cells_off_writes_the_ranking_by_django_tables2s_template_the_same(
    example_tournament, settings, monkeypatch, client
):
    """The public ranking page reads the same either way; switched off, the rows are
    django-tables2's own (the rows written in Python are never asked for)."""
    ranking_publish(tournament=example_tournament, publication="live")
    url = reverse("tournament:ranking", args=[example_tournament.slug])
    pages = {}
    for tuned in (True, False):
        settings.TUNED_TABLE_CELLS = tuned
        if not tuned:
            monkeypatch.setattr(RankingTable, "body_rows", lambda self: pytest.fail("tuned"))
        caches["default"].clear()  # the public page rendered anew
        response = client.get(url)
        assert response.status_code == 200
        page = response.content.decode()
        # Aside: the form's token, the blanks between tags and the etag of the live region,
        # which is its bytes' (blanks and all).
        page = re.sub(r'(csrfmiddlewaretoken" value|etag)="[^"]+"', "", page)
        pages[tuned] = re.sub(r">\s+<", "><", page).strip()
    assert pages[True] == pages[False]
    assert pages[False].count("<tr") > 5
    table = RankingTable([], durchgaenge=1, slug="x", table=preset("schafkopfschule-2007"))
    assert table.template_name == settings.DJANGO_TABLES2_TEMPLATE


def test_tuned_caches_off_is_djangos_file_cache_reading_what_the_tuned_one_wrote(tmp_path):
    tuned, plain = (caches_config(None, tmp_path, tuned=tuned)["shared"] for tuned in (True, False))
    assert plain["BACKEND"] == "django.core.cache.backends.filebased.FileBasedCache"
    folder, files = (
        import_string(c["BACKEND"])(c["LOCATION"], {"OPTIONS": {"MAX_ENTRIES": 4}})
        for c in (tuned, plain)
    )
    assert type(folder) is FolderCache and type(files) is FileBasedCache
    folder.set("revision:table:1", 7)
    assert files.get("revision:table:1") == 7  # the same files: a switch keeps the cache
    files.set("session:x", {"pin": True})
    assert folder.get("session:x") == {"pin": True}
    for number in range(10):  # Django's own culls on every write past MAX_ENTRIES
        files.set(f"key-{number}", number)
    assert len(list(tmp_path.glob("*.djcache"))) <= 5


@pytest.mark.parametrize(
    ("tuned", "worker"), [("1", "config.gunicorn_lanes.LanesWorker"), ("0", "gthread")]
)
def test_tuned_gunicorn_lanes_off_runs_gunicorns_own_gthread_worker_answering_the_same(
    tmp_path, tuned, worker
):
    """config/gunicorn.conf.py run for real with the switch on and off."""
    port = free_port()
    release = tmp_path / "release"
    release.touch()  # a POST answers at once
    log = tmp_path / "gunicorn.log"
    env = {k: v for k, v in os.environ.items() if k != "PLAIN_LIBRARIES"}
    env |= {"TUNED_GUNICORN_LANES": tuned, "LANES_RELEASE": str(release), "GUNICORN_THREADS": "2"}
    command = [sys.executable, "-m", "gunicorn", "-c", "config/gunicorn.conf.py", "-w", "1"]
    command += ["-b", f"127.0.0.1:{port}", "--no-control-socket", "tests.web.lanes_app"]
    with log.open("wb") as output:
        server = subprocess.Popen(command, cwd=ROOT, env=env, stdout=output, stderr=output)
    base = f"http://127.0.0.1:{port}/"
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                with urllib.request.urlopen(base, timeout=2) as answer:
                    read = answer.read()
                break
            except OSError:
                assert time.monotonic() < deadline, log.read_text()
                threading.Event().wait(0.1)  # polled until the server answers
        with urllib.request.urlopen(base, b"x", timeout=20) as answer:
            written = answer.read()
        assert (read, written) == (b"GET", b"POST")
        assert f"Using worker: {worker}\n" in log.read_text()
    finally:
        server.terminate()
        server.wait(timeout=30)
