"""`manage.py takeover --no-serve` on real files: the example tournament's database (the test
database, committed) copied into a laptop's folder, its continuous copy made by Litestream, and
the take-over run as a process into another folder. Back home it gives the same database, and
`manage.py backup` makes the same backup of it; a copy whose stored totals were tampered with
is refused, naming the table and player, and nothing is touched."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from tests.replication.takeover_helpers import (
    ROOT,
    SECRET_KEY,
    database_copy,
    hall_facts,
    replicate_once,
    takeover_environment,
    takeover_run,
)
from tests.sheets.helpers import enter
from tournament.replication.layout import copy_root, db_replica

pytestmark = [pytest.mark.slow, pytest.mark.django_db(transaction=True)]

TABLES = ("tournament_hand", "tournament_seat", "tournament_sheetevent", "tournament_tablelink")


def rows(database: Path, table: str) -> list[tuple]:
    with sqlite3.connect(database) as connection:
        found = connection.execute(f"SELECT * FROM {table} ORDER BY id").fetchall()
    connection.close()
    return found


@pytest.fixture
def evening_copy(evening, clerk, client, server_database_url, tmp_path):
    """The first laptop's database (the example tournament with its games; the evening with
    two games a clerk entered, and their history) and the stick with its continuous copy."""
    client.force_login(clerk)
    assert enter(client, "r e 1 3 +", 1).status_code == 302
    assert enter(client, "r g 2 4 +", 2).status_code == 302
    laptop = database_copy(server_database_url.removeprefix("sqlite:///"), tmp_path / "a" / "db")
    stick = tmp_path / "stick"
    hall_facts(stick, "127.0.0.2", 8000)
    return laptop, stick


def backup_members(database: Path, folder: Path) -> dict[str, bytes]:
    folder.mkdir()
    done = subprocess.run(
        [sys.executable, "manage.py", "backup", "--output", str(folder)],
        cwd=ROOT,
        env=takeover_environment(database),
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    (archive,) = folder.glob("schafkopf-backup-*.zip")
    with zipfile.ZipFile(archive) as opened:
        return {name: opened.read(name) for name in opened.namelist() if "manifest" not in name}


def test_back_home_the_take_over_gives_the_same_database_and_backup(evening_copy, tmp_path):
    laptop, stick = evening_copy
    replicate_once(laptop, stick)
    home = tmp_path / "home" / "db.sqlite3"
    home.parent.mkdir()
    home.write_text("the old database at home")
    key = tmp_path / "home" / "secret_key"

    done = takeover_run(stick, home, key)

    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "Prüfung der Datei durch SQLite (integrity_check): in Ordnung." in out
    assert "Die Kopie enthält 2 Turnier(e)" in out
    assert (
        "Die letzten Einträge des Verlaufs" in out
        and "Abendturnier · Durchgang 1 · Tisch 1 · Spiel 2" in out
    )
    assert "Prüfung bestanden." in out
    assert "Nichts gestartet (--no-serve)" in out
    for table in TABLES:
        assert rows(home, table) == rows(laptop, table), table
    kept = list(home.parent.glob("db.sqlite3.vor-uebernahme-*"))
    assert [p.read_text() for p in kept] == ["the old database at home"]
    assert f"aufbewahrt als {kept[0]}" in out
    assert key.read_text().strip() == SECRET_KEY and key.stat().st_mode & 0o777 == 0o600
    assert not list(home.parent.glob("db.sqlite3.uebernahme*"))  # no staging file left

    # make backup on the home PC: the same tournaments and history as the hall's database.
    assert backup_members(home, tmp_path / "b-home") == backup_members(laptop, tmp_path / "b-hall")


@pytest.mark.parametrize("named", ["stick", "root", "db"])
def test_the_stick_its_copy_folder_or_the_db_folder_may_be_named(evening_copy, tmp_path, named):
    laptop, stick = evening_copy
    replicate_once(laptop, stick)
    given = {"stick": stick, "root": copy_root(stick), "db": db_replica(stick)}[named]
    target = tmp_path / "b" / "db.sqlite3"
    target.parent.mkdir()

    done = takeover_run(given, target, tmp_path / "b" / "secret_key")

    assert done.returncode == 0, done.stdout + done.stderr
    assert rows(target, "tournament_hand") == rows(laptop, "tournament_hand")


def test_a_copy_whose_totals_do_not_add_up_is_refused_and_nothing_is_touched(
    evening_copy, tmp_path
):
    laptop, stick = evening_copy
    with sqlite3.connect(laptop) as connection:
        connection.execute(
            "UPDATE tournament_seat SET points = points + 7 WHERE id = (SELECT MIN(id) FROM "
            "tournament_seat WHERE points != 0)"
        )
    connection.close()
    replicate_once(laptop, stick)
    target = tmp_path / "b" / "db.sqlite3"
    target.parent.mkdir()
    target.write_text("the database of laptop B")

    done = takeover_run(stick, target, tmp_path / "b" / "secret_key")

    assert done.returncode == 1
    assert "Prüfung fehlgeschlagen" in done.stderr and "Nichts wurde gestartet" in done.stderr
    assert "Durchgang 1, Tisch" in done.stderr and "gespeichert" in done.stderr
    assert "Traceback" not in done.stderr
    assert sorted(p.name for p in target.parent.iterdir()) == ["db.sqlite3"]
    assert target.read_text() == "the database of laptop B"


def test_a_folder_without_a_copy_is_refused_in_german(tmp_path):
    target = tmp_path / "b" / "db.sqlite3"
    done = takeover_run(tmp_path, target, tmp_path / "secret_key", timeout=120)
    assert done.returncode == 1
    assert "enthält keine laufende Kopie" in done.stderr and "Traceback" not in done.stderr
    done = takeover_run(tmp_path / "nothing", target, tmp_path / "secret_key", timeout=120)
    assert "Den Ordner" in done.stderr and "gibt es nicht" in done.stderr
    assert not target.exists()


def test_a_copy_without_its_secret_key_is_refused(evening_copy, tmp_path):
    laptop, stick = evening_copy
    replicate_once(laptop, stick)
    (copy_root(stick) / "secret_key").unlink()
    done = takeover_run(stick, tmp_path / "b.sqlite3", tmp_path / "secret_key", timeout=120)
    assert done.returncode == 1
    assert "keinen geheimen Schlüssel" in done.stderr
    assert not (tmp_path / "b.sqlite3").exists()
