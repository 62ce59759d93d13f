"""A process killed while it writes leaves the database consistent: all or nothing.

Real processes against a file-based SQLite database (WAL, as in production), killed with
SIGKILL while they write; a fresh connection then checks what was stored:
- the import of a large tournament (1,000 players) is one transaction: after the kill the
  tournament is absent or complete;
- games are entered one transaction per game (`hand_save`, as the sheet page does): after the
  kill every stored game is complete, with its scores and its history row, and nothing else.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from tests.waiting import until
from tournament.exchange.demo import demo_document

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]
WAIT = 20.0  # seconds at most until the process writes


def _env(db: Path) -> dict[str, str]:
    env = dict(os.environ)
    env.update(
        DATABASE_URL=f"sqlite:///{db}",
        DJANGO_SETTINGS_MODULE="config.settings",
        DJANGO_DEBUG="1",
        PYTHONUNBUFFERED="1",
    )
    return env


def _manage(db: Path, *args: str, **kwargs) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env=_env(db),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        **kwargs,
    )


@pytest.fixture(scope="module")
def migrated(tmp_path_factory) -> Path:
    """An empty, migrated database file, copied by each test."""
    db = tmp_path_factory.mktemp("template") / "db.sqlite3"
    process = _manage(db, "migrate", "--noinput", "-v0")
    _out, err = process.communicate(timeout=120)
    assert process.returncode == 0, err.decode()
    return db


@pytest.fixture
def db_file(migrated, tmp_path) -> Path:
    db = tmp_path / "db.sqlite3"
    shutil.copy(migrated, db)
    return db


def _size(path: Path) -> int:
    try:
        return path.stat().st_size
    except FileNotFoundError:
        return 0


def _kill_when(process: subprocess.Popen, started) -> bool:
    """SIGKILL the process once `started()` holds; whether it was still running then."""
    until(lambda: process.poll() is not None or started(), timeout=WAIT, interval=0.01)
    running = process.poll() is None
    process.send_signal(signal.SIGKILL)
    process.wait(timeout=10)
    return running


def _query(db: Path, sql: str, *params) -> list[tuple]:
    """A fresh connection (it recovers from the WAL exactly what was committed)."""
    connection = sqlite3.connect(db)
    try:
        return connection.execute(sql, params).fetchall()
    finally:
        connection.close()


def test_an_import_killed_while_it_writes_stores_the_tournament_completely_or_not_at_all(
    db_file, tmp_path
):
    document = demo_document(players=1000, durchgaenge=2, seed=7, slug="gross")
    path = tmp_path / "gross.json"
    path.write_text(json.dumps(document, ensure_ascii=False), encoding="utf-8")
    hands = sum(len(t["hands"]) for d in document["durchgaenge"] for t in d["tables"])
    wal = db_file.with_name(db_file.name + "-wal")

    process = _manage(db_file, "import_tournament", str(path))
    # The WAL grows as soon as the import's transaction writes pages (before its commit).
    running = _kill_when(process, lambda: _size(wal) > 256 * 1024)

    assert running, "the import ended before it could be killed"
    tournaments = _query(db_file, "SELECT count(*) FROM tournament_tournament")[0][0]
    players = _query(db_file, "SELECT count(*) FROM tournament_player")[0][0]
    stored = _query(db_file, "SELECT count(*) FROM tournament_hand")[0][0]
    scores = _query(db_file, "SELECT count(*) FROM tournament_handscore")[0][0]
    if tournaments == 0:
        assert (players, stored, scores) == (0, 0, 0)
    else:
        assert (players, stored) == (1000, hands)
        assert scores >= 4 * hands


ENTRY_SCRIPT = """
from tournament.exchange.interchange.importer import tournament_import
from tournament.models import Table
from tournament.sheets.services.hands import HandEntry, hand_save


doc = {
    "format": "schafkopf-turnier", "version": 1,
    "tournament": {"slug": "abend", "name": "Abend", "date": "2026-11-22"},
    "players": [{"id": str(n), "name": f"Spieler {n}"} for n in range(1, 41)],
    "durchgaenge": [{"number": 1, "tables": [
        {"number": t, "seats": [str(4 * t - k) for k in (3, 2, 1, 0)]} for t in range(1, 11)
    ]}],
}
tournament_import(doc)
print("ready", flush=True)
for table in Table.objects.order_by("number"):
    p = {s.position: s.player for s in table.seats.select_related("player")}
    for number in range(1, 33):
        game = HandEntry(contract="rufspiel", suit="eichel", declarer=p[1], partner=p[3],
                    won=number % 3 != 0)
        hand_save(table=table, number=number, game=game, version=0)
print("done", flush=True)
"""


def test_entries_killed_midway_leave_only_complete_games(db_file):
    process = _manage(db_file, "shell", "-c", ENTRY_SCRIPT)

    def some_games() -> bool:
        try:
            return _query(db_file, "SELECT count(*) FROM tournament_hand")[0][0] >= 40
        except sqlite3.OperationalError:  # busy or not yet there
            return False

    running = _kill_when(process, some_games)

    assert running, "the entries ended before they could be killed"
    games = _query(
        db_file,
        "SELECT h.id, h.table_id, h.number, "
        " (SELECT count(*) FROM tournament_handscore s WHERE s.hand_id = h.id), "
        " (SELECT coalesce(sum(points), 99) FROM tournament_handscore s WHERE s.hand_id = h.id), "
        " (SELECT count(*) FROM tournament_sheetevent e "
        "   WHERE e.table_id = h.table_id AND e.number = h.number AND e.kind = 'entered') "
        "FROM tournament_hand h",
    )
    assert len(games) >= 40
    for _id, _table, number, scores, total, events in games:
        assert (scores, total, events) == (4, 0, 1), f"game {number} is incomplete"
    entered = _query(db_file, "SELECT count(*) FROM tournament_sheetevent WHERE kind = 'entered'")
    assert entered[0][0] == len(games)
