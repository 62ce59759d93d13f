"""`manage.py import_skt`: SchafkopfTurnier's databases (tests/data/skt, written by its own code)
imported all or nothing; our standings reproduce its own (`*.standings.json`) in every figure,
and in every rank its name order did not decide."""

from __future__ import annotations

import json
import shutil
import sqlite3
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

from tournament import models
from tournament.exchange.skt.reader import skt_read
from tournament.exchange.skt.standings import skt_standings
from tournament.ranking.standings import standings_compute

pytestmark = pytest.mark.django_db

DATA = Path(__file__).resolve().parent.parent / "data" / "skt"
NAMES = ["club-abend", "luecken-tausch", "zwei-turniere"]


def run(path, *args) -> str:
    out = StringIO()
    call_command("import_skt", str(path), *args, stdout=out, stderr=out)
    return out.getvalue()


def refused(path, *args) -> str:
    err = StringIO()
    with pytest.raises(CommandError) as exc:
        call_command("import_skt", str(path), *args, stdout=StringIO(), stderr=err)
    return err.getvalue() + str(exc.value)


def stored() -> dict[str, int]:
    kinds = (models.Person, models.Tournament, models.Player, models.Durchgang, models.Table)
    return {kind.__name__: kind.objects.count() for kind in (*kinds, models.Seat)}


def copy_of(tmp_path, name="club-abend") -> Path:
    target = tmp_path / f"{name}.sqlite3"
    shutil.copy(DATA / f"{name}.sqlite3", target)
    return target


def change(path: Path, sql: str) -> None:
    con = sqlite3.connect(path)
    con.executescript(sql)
    con.close()


@pytest.mark.parametrize("name", NAMES)
def test_every_figure_of_its_standings_is_ours(name):
    expected = json.loads((DATA / f"{name}.standings.json").read_text())
    output = run(DATA / f"{name}.sqlite3")
    for skt in expected["tournaments"]:
        tournament = models.Tournament.objects.get(name=skt["title"], date=skt["event_date"])
        assert tournament.tiebreak == "solos" and tournament.scoring == "freie-punkte"
        assert tournament.players.count() == skt["participants"]
        assert list(tournament.durchgaenge.values_list("number", flat=True)) == skt["round_numbers"]
        tables = models.Table.objects.filter(durchgang__tournament=tournament)
        assert {t.recording for t in tables} == {"totals"}
        assert tables.filter(totals_at__isnull=False).count() * 4 == skt["scores"]
        assert all(t.closed == skt["closed_at_set"] for t in tables.exclude(totals_at=None))
        ours = {s.player.start_number: s for s in standings_compute(tournament)}
        shared = {}
        for line in skt["standings"]:
            shared.setdefault(line["rank"], []).append(line["player_no"])
        for line in skt["standings"]:
            standing = ours[line["player_no"]]
            assert standing.player.name == f"{line['vorname']} {line['nachname']}"
            assert standing.player.club == line["wohnort"]
            assert standing.player.person.name == standing.player.name
            assert (standing.totals.points, standing.totals.solo_played) == (
                line["points"],
                line["soli"],
            )
            rounds = {int(n): r["points"] for n, r in line["rounds"].items()}
            assert {
                n: p for n, p in enumerate(standing.totals.durchgaenge, start=1) if n in rounds
            } == rounds
            tied = shared[line["rank"]]
            if len(tied) == 1:
                assert standing.rank == line["rank"]
            else:  # its name order decided; ours is the lot, within the same places
                assert line["rank"] <= standing.rank < line["rank"] + len(tied)
                assert f"Rang {line['rank']}: {len(tied)} Spieler mit" in output


@pytest.mark.parametrize("name", NAMES)
def test_its_own_standings_are_read_in_its_order_names_included(name):
    # ASCII-only NOCASE: "zenger" before "Öttl"; Wohnort after the name (the two Josef Hubers)
    expected = json.loads((DATA / f"{name}.standings.json").read_text())["tournaments"]
    db = skt_read(DATA / f"{name}.sqlite3")
    for tournament, skt in zip(db.tournaments, expected, strict=True):
        assert [
            (line.rank, line.player_no, line.points, line.soli)
            for line in skt_standings(tournament, db.addresses)
        ] == [(s["rank"], s["player_no"], s["points"], s["soli"]) for s in skt["standings"]]


def test_the_command_names_the_ranks_its_name_order_decided():
    output = run(DATA / "zwei-turniere.sqlite3")
    assert (
        "Rang 3: 4 Spieler mit 20 Punkten und 1 Soli. SchafkopfTurnier ordnete sie nach dem "
        "Namen (Nr. 7, 4, 5, 3), hier entscheidet das Los (Nr. " in output
    )
    assert "Rang 9: 2 Spieler mit -15 Punkten und 0 Soli." in output
    assert "Rang 1:" not in output


def test_after_a_replace_and_a_swap_the_rows_results_belong_to_its_current_person():
    run(DATA / "luecken-tausch.sqlite3")
    tournament = models.Tournament.objects.get()
    numbers = list(tournament.players.values_list("start_number", flat=True))
    assert numbers == [1, 2, 3, 4, 6, 7, 8, 9, 10, 11, 12, 13]  # the gap at 5 kept
    ostermaier = tournament.players.get(start_number=9)  # replaced Sedlmair after round 1
    assert ostermaier.name == "Korbinian Ostermaier"
    assert ostermaier.seats.get(durchgang__number=1).points == -20
    assert models.Person.objects.filter(name="Rosa Sedlmair").exists()  # kept, no player
    assert tournament.players.get(start_number=2).name == "Barbara Kiermaier"  # swapped with 11
    assert tournament.players.get(start_number=11).name == "Anna Maier"
    assert tournament.status == "running"
    open_table = models.Table.objects.get(
        durchgang__tournament=tournament, durchgang__number=3, number=3
    )
    assert open_table.totals_at is None and open_table.seats.count() == 4


def test_a_dry_run_shows_what_it_would_make_and_stores_nothing():
    before = stored()
    output = run(DATA / "zwei-turniere.sqlite3", "--dry-run")
    assert stored() == before
    assert output.startswith("Probelauf: es wurde nichts gespeichert.")
    assert "Personen: 14 neu, 0 schon in der Kartei, 1 dieselbe Person" in output
    assert "Adresse 111: Anna Maier, Freising, dieselbe wie Adresse 110" in output
    assert (
        "Turnier „Faschingsturnier“ (faschingsturnier-2026-02-14): 12 Spieler, 2 Durchgänge, "
        "6 Tische, davon 6 mit Summen, abgeschlossen" in output
    )


def test_a_second_import_into_the_same_organiser_reuses_its_persons():
    run(DATA / "zwei-turniere.sqlite3")
    persons = models.Person.objects.count()
    assert persons == 14  # 15 addresses, 110 and 111 the same Anna Maier of Freising
    output = run(DATA / "zwei-turniere.sqlite3")
    assert models.Person.objects.count() == persons
    assert "Personen: 0 neu, 15 schon in der Kartei" in output
    assert "gibt es schon; es wird noch einmal übernommen." in output
    assert models.Tournament.objects.filter(name="Faschingsturnier").count() == 2
    run(DATA / "club-abend.sqlite3")  # shares some of the people, by name and place
    hubers = models.Person.objects.filter(name="Josef Huber")
    assert sorted(hubers.values_list("club", flat=True)) == ["Freising", "Moosburg"]


def test_an_organiser_of_its_own_keeps_its_own_persons():
    other = models.Organiser.objects.create(name="Anderer Verein", slug="anderer")
    run(DATA / "club-abend.sqlite3", "--organiser", "anderer")
    assert other.persons.count() == 14 and other.tournaments.count() == 1
    assert "Einen Veranstalter fehlt gibt es nicht." in refused(
        DATA / "club-abend.sqlite3", "--organiser", "fehlt"
    )


@pytest.mark.parametrize(
    ("sql", "message"),
    [
        (
            "DROP TABLE tournament_scores;",
            "Tabelle tournament_scores: Die Tabelle tournament_scores fehlt: das ist keine "
            "Datenbank von SchafkopfTurnier.",
        ),
        (
            "UPDATE meta SET v = '2' WHERE k = 'schema_version';",
            "Tabelle meta: schema_version ist 2; gelesen wird nur das Schema 3",
        ),
        ("DELETE FROM tournament_seats WHERE id = 5;", "Tisch 2 hat 3 Plätze, nicht 4."),
        (
            "UPDATE tournament_scores SET points = points + 5 WHERE id = 1;",
            "Turnier „Schafkopfabend im März“, Runde 1, Tisch ",
        ),
        ("UPDATE tournament_scores SET soli = -1 WHERE id = 2;", "kann nicht kleiner als 0 sein"),
        (
            "UPDATE tournament_seats SET table_no = 0 WHERE round_no = 1 AND table_no = 1;",
            "Tabelle tournament_seats, Zeile 1: Runde und Tisch werden ab 1 gezählt: 1, 0.",
        ),
    ],
)
def test_a_broken_database_is_refused_in_german_and_nothing_is_stored(tmp_path, sql, message):
    path = copy_of(tmp_path)
    change(path, sql)
    before = stored()
    text = refused(path)
    assert message in text
    assert "Fehler; es wurde nichts gespeichert." in text
    assert stored() == before


def test_a_file_that_is_no_sqlite_database_is_refused(tmp_path):
    path = tmp_path / "turnier.sqlite3"
    path.write_bytes(b"Nachname;Vorname;Wohnort\n" * 100)
    assert "Die Datei ist keine SQLite-Datenbank" in refused(path)
    assert "Die Datei lässt sich nicht öffnen." in refused(tmp_path / "fehlt.sqlite3")
    assert stored()["Person"] == 0


def test_points_that_break_the_chosen_point_table_name_tournament_round_table_and_seat():
    text = refused(DATA / "club-abend.sqlite3", "--point-table", "plus-only")
    assert "Tabelle tournament_scores, Zeile " in text
    assert "Turnier „Schafkopfabend im März“, Runde 1, Tisch 1: Sitz " in text
    assert stored()["Tournament"] == 0
    assert "Unbekannte Punktetabelle keine" in refused(
        DATA / "club-abend.sqlite3", "--point-table", "keine"
    )
