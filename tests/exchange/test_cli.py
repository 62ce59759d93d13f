"""The command-line contract of the interchange spec, run as real processes."""

from __future__ import annotations

import csv
import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.management import call_command

from tests.constants import EXAMPLES
from tournament.exchange.interchange.importer import tournament_import
from tournament.models import Hand, Membership, TableLink, Tournament

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = EXAMPLES / "beispielturnier-2026.json"


@pytest.fixture(scope="module")
def manage(tmp_path_factory):
    """Run manage.py against a fresh SQLite database of its own."""
    db = tmp_path_factory.mktemp("cli") / "cli.sqlite3"
    env = {
        **os.environ,
        "DATABASE_URL": f"sqlite:///{db}",
        "DJANGO_DEBUG": "0",
        "DJANGO_SECRET_KEY": "cli-test-key",
    }

    def run(*args: str, check: bool = True) -> subprocess.CompletedProcess:
        done = subprocess.run(
            [sys.executable, "manage.py", *args],
            cwd=ROOT,
            env=env,
            capture_output=True,
            text=True,
            timeout=120,
        )
        if check:
            assert done.returncode == 0, done.stderr
        return done

    run("migrate", "--noinput", "-v0")
    return run


def test_import_prints_the_slug_and_standings_match_the_worked_example(manage):
    done = manage("import_tournament", str(EXAMPLE))
    assert done.stdout.strip() == "beispielturnier-2026"
    out = manage("standings", "beispielturnier-2026", "--format", "json").stdout
    expected = json.loads((EXAMPLES / "beispielturnier-2026.standings.json").read_text())
    assert json.loads(out) == expected


def test_a_broken_file_exits_non_zero_names_the_errors_and_stores_nothing(manage, tmp_path):
    document = json.loads(EXAMPLE.read_text())
    document["tournament"]["slug"] = "kaputt"
    document["durchgaenge"][0]["tables"][0]["hands"][3]["partner"] = "P0006"  # = declarer
    bad = tmp_path / "kaputt.json"
    bad.write_text(json.dumps(document))
    done = manage("import_tournament", str(bad), check=False)
    assert done.returncode != 0
    assert "durchgaenge[0].tables[0].hands[3].partner" in done.stderr
    assert "Traceback" not in done.stderr
    missing = manage("standings", "kaputt", check=False)
    assert missing.returncode != 0 and "kaputt" in missing.stderr


def test_a_file_that_is_not_there_gives_a_message_not_a_traceback(manage):
    done = manage("import_tournament", "/nonexistent/datei.json", check=False)
    assert done.returncode != 0
    assert "/nonexistent/datei.json" in done.stderr and "Traceback" not in done.stderr


def test_standings_after_the_first_durchgang_only_count_it(manage):
    manage("import_tournament", str(EXAMPLE), "--replace")
    rows = json.loads(
        manage("standings", "beispielturnier-2026", "--format", "json", "--after", "1").stdout
    )
    assert rows["after"] == 1
    assert all(len(r["durchgaenge"]) == 1 for r in rows["standings"])
    assert all(r["points"] == r["durchgaenge"][0] for r in rows["standings"])


def test_standings_as_csv_and_text(manage):
    manage("import_tournament", str(EXAMPLE), "--replace")
    text = manage("standings", "beispielturnier-2026", "--format", "csv").stdout
    table = list(csv.DictReader(io.StringIO(text)))
    assert table[0]["player"] == "P0008" and table[0]["points"] == "30"
    assert len(table) == 13
    plain = manage("standings", "beispielturnier-2026").stdout
    assert "Michl Hofbauer 8" in plain.splitlines()[3]


def test_export_of_an_import_round_trips_through_the_files(manage, tmp_path):
    manage("import_tournament", str(EXAMPLE), "--replace")
    out = tmp_path / "export.json"
    manage("export_tournament", "beispielturnier-2026", "--out", str(out))
    manage("import_tournament", str(out), "--replace")
    again = tmp_path / "again.json"
    manage("export_tournament", "beispielturnier-2026", "--out", str(again))
    assert json.loads(out.read_text()) == json.loads(again.read_text())


def test_seed_demo_creates_a_tournament_with_tables_of_four_and_five(manage, tmp_path):
    manage("seed_demo", "--players", "22", "--durchgaenge", "2", "--seed", "7", "--slug", "demo22")
    document = json.loads(manage("export_tournament", "demo22").stdout)
    sizes = sorted(len(t["seats"]) for t in document["durchgaenge"][0]["tables"])
    assert sizes == [4, 4, 4, 5, 5]
    hands = [h for d in document["durchgaenge"] for t in d["tables"] for h in t["hands"]]
    assert len(hands) == 2 * (3 * 32 + 2 * 40)
    assert any(h["contract"] == "sie" for h in hands)
    assert any(h.get("tout") for h in hands)
    assert any("sanction" in h for h in hands)
    assert any(h.get("disallowed") for h in hands)
    ranking = json.loads(manage("standings", "demo22", "--format", "json").stdout)["standings"]
    assert [r["rank"] for r in ranking] == list(range(1, 23))
    assert sum(r["points"] for r in ranking) == 0


@pytest.mark.django_db
def test_the_demo_of_make_run_has_logins_and_an_empty_drawn_durchgang_to_enter():
    out = io.StringIO()
    call_command("seed_demo", "--if-empty", "--players", "9", stdout=out)
    printed = out.getvalue()
    assert "leitung" in printed and "schreiber" in printed and "schafkopf-demo" in printed
    tournament = Tournament.objects.get(slug="demo-turnier")
    assert list(tournament.durchgaenge.values_list("number", flat=True)) == [1, 2, 3]
    assert not Hand.objects.filter(table__durchgang__number=3).exists()
    assert tournament.durchgaenge.get(number=3).seats.count() == 9
    # As after the draw page, each of its tables has its phone link and PIN for the printouts.
    assert TableLink.objects.filter(table__durchgang__number=3, revoked_at=None).count() == 2
    roles = dict(
        Membership.objects.filter(tournament=tournament).values_list("user__username", "role")
    )
    assert roles == {"leitung": "supervisor", "schreiber": "clerk"}


@pytest.mark.django_db
def test_the_draw_command_seats_and_prints_a_festival_hall_of_1000_players():
    document = {
        "format": "schafkopf-turnier",
        "version": 1,
        "tournament": {"slug": "festzelt", "name": "Festzelt", "date": "2026-11-22"},
        "players": [{"id": str(n), "name": f"Spieler {n}"} for n in range(1, 1003)],
    }
    tournament_import(document)
    out = io.StringIO()
    call_command("draw", "festzelt", "--durchgang", "1", "--seed", "zelt", stdout=out)
    lines = out.getvalue().splitlines()
    tables = [line for line in lines if line.startswith("Tisch ")]
    assert len(tables) == 250  # 1,002 players: 248 tables of four and 2 of five
    assert sum(line.count(": ") - 1 for line in tables) == 1002
    assert lines[-1] == "Wiederholte Begegnungen: 0"
