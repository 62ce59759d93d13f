"""The Excel workbook of a tournament: the command, the download, and what the sheets hold."""

from __future__ import annotations

import datetime
import io
import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.conf import settings
from django.core.management import call_command
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone, translation
from openpyxl import load_workbook
from openpyxl.utils.escape import unescape

from tests.constants import EXAMPLES
from tournament.models import Correction, Hand, HandScore, Player, Sanction, SheetEvent, Table
from tournament.ranking.standings import standings_compute
from tournament.sheets.services.supervision import hand_strike

ROOT = Path(__file__).resolve().parents[2]
SLUG = "beispielturnier-2026"
SHEETS = [
    "Rangliste",
    "Durchgang 1",
    "Durchgang 2",
    "Spiele",
    "Genehmigungen",
    "Strafen",
    "Korrekturen",
    "Verlauf",
    "Kasse",
    "Einlass",
]
SEAT_POINTS = [f"Points seat {n}" for n in range(1, 6)]
HOSTILE = ['=HYPERLINK("http://x","y")', "+1", "-2", "@SUM(A1)", "\tx", "#N/A"]


@pytest.fixture(scope="module")
def manage(tmp_path_factory):
    """manage.py as a process, on a database of its own holding the worked example."""
    db = tmp_path_factory.mktemp("xlsx") / "xlsx.sqlite3"
    env = {
        **os.environ,
        "DATABASE_URL": f"sqlite:///{db}",
        "DJANGO_DEBUG": "0",
        "DJANGO_SECRET_KEY": "xlsx-test-key",
    }

    def run(*args: str) -> subprocess.CompletedProcess:
        return subprocess.run(
            [sys.executable, "manage.py", *args],
            cwd=ROOT,
            env=env,
            capture_output=True,
            text=True,
            timeout=120,
        )

    for args in (
        ("migrate", "--noinput", "-v0"),
        ("import_tournament", str(EXAMPLES / f"{SLUG}.json")),
    ):
        done = run(*args)
        assert done.returncode == 0, done.stderr
    return run


def _export(tournament, tmp_path, language="en"):
    """The workbook as the command writes it, reopened; headers in `language`."""
    out = tmp_path / "turnier.xlsx"
    with translation.override(language):
        call_command("export_xlsx", tournament.slug, "--out", str(out))
    return load_workbook(out)


def _rows(ws) -> list[dict]:
    """The data rows of a sheet as {header: cell}."""
    rows = list(ws.iter_rows())
    head = [cell.value for cell in rows[0]]
    return [dict(zip(head, row, strict=False)) for row in rows[1:]]


def _values(ws) -> list[dict]:
    return [{key: cell.value for key, cell in row.items()} for row in _rows(ws)]


@pytest.mark.slow
def test_the_command_writes_a_workbook_with_a_sheet_per_durchgang(manage, tmp_path):
    out = tmp_path / "beispiel.xlsx"
    done = manage("export_xlsx", SLUG, "--out", str(out))
    assert done.returncode == 0, done.stderr
    workbook = load_workbook(out)
    assert workbook.sheetnames == SHEETS
    assert workbook["Rangliste"]["A1"].value == "Platz"  # German, the site's default language
    assert workbook["Rangliste"]["C2"].value == "Michl Hofbauer 8"


@pytest.mark.slow
def test_an_unknown_tournament_exits_non_zero_with_a_message_and_writes_nothing(manage, tmp_path):
    out = tmp_path / "nichts.xlsx"
    done = manage("export_xlsx", "gibts-nicht", "--out", str(out))
    assert done.returncode != 0
    assert "gibts-nicht" in done.stderr and "Traceback" not in done.stderr
    assert not out.exists()


@pytest.mark.django_db
def test_the_ranking_sheet_holds_the_standings_of_the_worked_example(
    example_tournament, example_standings, tmp_path
):
    rows = _values(_export(example_tournament, tmp_path)["Rangliste"])
    start = dict(example_tournament.players.values_list("ident", "start_number"))
    expected = [
        {
            "Rank": s["rank"],
            "Start number": start[s["player"]],
            "Name": s["name"],
            "Club": s["club"] or None,
            "Points": s["points"],
            "Plus": s["plus"],
            "Minus": s["minus"],
            "Durchgang 1": s["durchgaenge"][0],
            "Durchgang 2": s["durchgaenge"][1],
            "Sie": s["sie"],
            "Touts won": s["tout_won"],
            "Touts played": s["tout_played"],
            "Solos won": s["solo_won"],
            "Solos played": s["solo_played"],
            "Lot": s["lot"],
        }
        for s in example_standings["standings"]
    ]
    assert rows == expected
    computed = standings_compute(example_tournament)
    assert [r["Start number"] for r in rows] == [s.player.start_number for s in computed]
    assert [r["Points"] for r in rows] == [s.points for s in computed]


@pytest.mark.django_db
def test_every_sheet_has_a_bold_frozen_header_and_a_filter_over_its_data(
    example_tournament, tmp_path
):
    workbook = _export(example_tournament, tmp_path)
    for ws in workbook.worksheets:
        assert ws.freeze_panes == "A2", ws.title
        assert ws.auto_filter.ref == f"A1:{ws.cell(1, ws.max_column).column_letter}{ws.max_row}"
        assert all(cell.font.b for cell in ws[1]), ws.title
        assert ws.column_dimensions["A"].width >= 6
    assert workbook["Rangliste"].column_dimensions["C"].width >= len("Wastl Obermeier 13")


@pytest.mark.django_db
def test_numbers_are_numbers_and_times_are_excel_dates(example_tournament, tmp_path):
    workbook = _export(example_tournament, tmp_path)
    first = _rows(workbook["Rangliste"])[0]
    for header in ("Rank", "Start number", "Points", "Minus", "Durchgang 2", "Solos won"):
        assert first[header].data_type == "n" and isinstance(first[header].value, int)
    game = _rows(workbook["Spiele"])[0]
    assert game["Game"].value == 1 and game["Points seat 1"].data_type == "n"
    assert game["Schneider"].value is False and game["Schneider"].data_type == "b"
    sanction = _sanctions_in_game_order().first()
    cell = _rows(workbook["Strafen"])[0]["Recorded at"]
    assert cell.is_date
    local = timezone.localtime(sanction.recorded_at).replace(tzinfo=None)
    assert abs(cell.value - local) < datetime.timedelta(seconds=1)


@pytest.mark.django_db
def test_the_games_sheet_has_one_row_per_game_and_every_game_sums_to_zero(
    example_tournament, tmp_path
):
    rows = _values(_export(example_tournament, tmp_path)["Spiele"])
    ranking = standings_compute(example_tournament)
    assert len(rows) == Hand.objects.filter(table__durchgang__tournament=example_tournament).count()
    assert len(rows) == 2 * (32 + 32 + 40)
    for row in rows:
        assert sum(row[h] or 0 for h in SEAT_POINTS) == 0, row
    totals: dict[str, int] = {}
    for row in rows:
        for n in range(1, 6):
            if row[f"Seat {n}"]:
                totals[row[f"Seat {n}"]] = totals.get(row[f"Seat {n}"], 0) + row[f"Points seat {n}"]
    assert totals == {f"{s.player.start_number} {s.player.name}": s.points for s in ranking}
    five = [r for r in rows if r["Durchgang"] == 1 and r["Table"] == 3]
    assert len(five) == 40 and all(r["Seat 5"] for r in five)
    assert rows[0]["Seat 5"] is None and rows[0]["Points seat 5"] is None


@pytest.mark.django_db
def test_a_sanctioned_game_shows_the_offence_and_the_points_of_each_seat(
    example_tournament, tmp_path
):
    rows = _values(_export(example_tournament, tmp_path)["Spiele"])
    game = rows[0]  # Durchgang 1, table 1, game 1: a Wenz; a defender threw a card early
    names = dict(example_tournament.players.values_list("ident", "name"))
    assert (game["Durchgang"], game["Table"], game["Game"]) == (1, 1, 1)
    assert game["Dealer"] == f"1 {names['P0001']}"
    assert game["Contract"] == "Wenz" and game["Suit"] is None
    assert game["Declarer"] == f"6 {names['P0006']}"
    assert game["Offender"] == f"11 {names['P0011']}" and game["Reason"] == "Vorwerfen"
    seats = [game[f"Seat {n}"] for n in range(1, 5)]
    assert seats == [f"{n} {names[f'P{n:04d}']}" for n in (1, 11, 3, 6)]
    assert [game[f"Points seat {n}"] for n in range(1, 5)] == [0, -9, 0, 9]


@pytest.mark.django_db
def test_the_durchgang_sheets_seat_every_player_with_the_points_of_that_durchgang(
    example_tournament, example_standings, tmp_path
):
    workbook = _export(example_tournament, tmp_path)
    by_name = {s["name"]: s["durchgaenge"] for s in example_standings["standings"]}
    for number in (1, 2):
        rows = _values(workbook[f"Durchgang {number}"])
        seats = [(r["Table"], r["Seat"]) for r in rows]
        assert seats == [(1, n) for n in range(1, 5)] + [(2, n) for n in range(1, 5)] + [
            (3, n) for n in range(1, 6)
        ]
        assert {r["Name"]: r["Points"] for r in rows} == {
            name: points[number - 1] for name, points in by_name.items()
        }
    first = _values(workbook["Durchgang 1"])[0]
    assert first["Start number"] == 1 and first["Name"] == "Sepp Hofbauer 1"


@pytest.mark.django_db
def test_the_sanctions_sheet_lists_every_sanction_with_the_offenders_points(
    example_tournament, supervisor, tmp_path
):
    Sanction.objects.filter(reason="Vorwerfen").update(recorded_by=supervisor)
    rows = _values(_export(example_tournament, tmp_path)["Strafen"])
    assert len(rows) == Sanction.objects.count() == 11
    first = rows[0]
    assert (first["Durchgang"], first["Table"], first["Game"]) == (1, 1, 1)
    assert first["Offender"].startswith("11 ") and first["Reason"] == "Vorwerfen"
    assert first["Recorded by"] == "leitung" and first["Points"] == -9
    for row, sanction in zip(rows, _sanctions_in_game_order(), strict=True):
        stored = HandScore.objects.get(hand=sanction.hand, player=sanction.offender).points
        assert row["Points"] == stored < 0


def _sanctions_in_game_order():
    return Sanction.objects.select_related("hand").order_by(
        "hand__table__durchgang__number", "hand__table__number", "hand__number"
    )


@pytest.mark.django_db
def test_the_corrections_sheet_shows_who_asked_and_who_decided(
    example_tournament, supervisor, clerk, tmp_path
):
    table = Table.objects.get(
        durchgang__tournament=example_tournament, durchgang__number=2, number=1
    )
    decided = timezone.now()
    Correction.objects.create(
        table=table,
        number=7,
        proposed=None,
        reason="=doppelt eingetragen",
        requested_by=clerk,
        status=Correction.Status.APPLIED,
        decided_by=supervisor,
        decided_at=decided,
        decision_note="Geprüft",
    )
    Correction.objects.create(table=table, number=9, proposed=None, reason="Schneider vergessen")
    rows = _rows(_export(example_tournament, tmp_path)["Korrekturen"])
    values = [{key: cell.value for key, cell in row.items()} for row in rows]
    assert [(r["Durchgang"], r["Table"], r["Game"]) for r in values] == [(2, 1, 7), (2, 1, 9)]
    applied, pending = values
    assert applied["Reason"] == "=doppelt eingetragen" and rows[0]["Reason"].data_type == "s"
    assert applied["Status"] == "signed off" and pending["Status"] == "waiting for sign-off"
    assert applied["Requested by"] == "schreiber" and applied["Decided by"] == "leitung"
    assert rows[0]["Decided at"].is_date and rows[0]["Requested at"].is_date
    local = timezone.localtime(decided).replace(tzinfo=None)
    assert abs(applied["Decided at"] - local) < datetime.timedelta(seconds=1)
    assert applied["Note"] == "Geprüft"
    assert pending["Decided by"] is None and pending["Decided at"] is None


@pytest.mark.django_db
def test_names_that_look_like_formulas_come_back_as_the_exact_text(example_tournament, tmp_path):
    players = list(Player.objects.filter(tournament=example_tournament).order_by("start_number"))
    for player, name in zip(players, HOSTILE, strict=False):
        player.name = name
        player.club = "=1+1"
        player.save(update_fields=["name", "club"])
    workbook = _export(example_tournament, tmp_path)
    for title, column in (("Rangliste", "Name"), ("Durchgang 1", "Name")):
        cells = {row[column].value: row[column] for row in _rows(workbook[title])}
        for name in HOSTILE:
            assert cells[name].value == name and cells[name].data_type == "s", (title, name)
    club = next(r["Club"] for r in _rows(workbook["Rangliste"]) if r["Name"].value == "+1")
    assert club.value == "=1+1" and club.data_type == "s"
    dealers = {row["Dealer"].value for row in _rows(workbook["Spiele"])}
    assert f"1 {HOSTILE[0]}" in dealers


@pytest.mark.django_db
def test_text_xml_cannot_hold_is_escaped_the_way_spreadsheets_read_it(example_tournament, tmp_path):
    names = ["\rWagenrücklauf", "_x0041_ bleibt", "Glocke\x07"]
    players = Player.objects.filter(tournament=example_tournament).order_by("start_number")
    for player, name in zip(players, names, strict=False):
        player.name = name
        player.save(update_fields=["name"])
    workbook = _export(example_tournament, tmp_path)
    stored = {unescape(r["Name"].value): r["Name"] for r in _rows(workbook["Rangliste"])}
    for name in names:
        assert stored[name].data_type == "s"
    assert stored["_x0041_ bleibt"].value == "_x005F_x0041_ bleibt"


def test_the_export_takes_the_same_few_queries_however_many_games(
    example_tournament, evening, tmp_path
):
    counts = []
    for tournament in (example_tournament, evening):  # 216 games; none
        with CaptureQueriesContext(connection) as queries:
            _export(tournament, tmp_path)
        counts.append(len(queries))
    assert (
        counts[0] == counts[1] <= 20
    )  # one or two per sheet (the team sheet: one to learn there is none)


def test_the_download_is_for_the_supervisor_only(client, example_tournament, clerk, other_clerk):
    url = reverse("manage:export_xlsx", args=[SLUG])
    response = client.get(url)
    assert response.status_code == 302 and response.url.startswith(reverse("login"))
    for user in (other_clerk, clerk):
        client.force_login(user)
        assert client.get(url).status_code == 403


def test_the_supervisor_downloads_the_workbook_from_the_dashboard(client, supervisor):
    client.force_login(supervisor)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    url = reverse("manage:export_xlsx", args=[SLUG])
    assert url == f"/turnier/{SLUG}/leitung/export.xlsx"
    dashboard = client.get(reverse("manage:dashboard", args=[SLUG])).content.decode()
    assert f'href="{url}"' in dashboard
    response = client.get(url)
    assert response.status_code == 200
    assert response["Content-Type"] == (
        "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
    )
    assert response["Content-Disposition"] == f'attachment; filename="{SLUG}.xlsx"'
    workbook = load_workbook(io.BytesIO(b"".join(response.streaming_content)))
    assert workbook.sheetnames == SHEETS
    assert workbook["Rangliste"]["A1"].value == "Rank"


def test_the_history_sheet_holds_every_change_of_every_game_append_only(
    example_tournament, tmp_path
):
    """Audit: the history the application keeps, in the export."""
    hand = Hand.objects.filter(table__durchgang__tournament=example_tournament).first()
    hand_strike(hand=hand, user=None, struck=True, reason="Karten vertauscht")
    events = SheetEvent.objects.filter(table__durchgang__tournament=example_tournament)
    rows = _values(_export(example_tournament, tmp_path, "de")["Verlauf"])
    assert len(rows) == events.count() >= 1
    struck = [row for row in rows if row["Warum"] == "Karten vertauscht"]
    assert len(struck) == 1 and struck[0]["Spiel"] == hand.number
    assert struck[0]["Was"] == "Gestrichen"
    # Before and after in words, as the sheet's history shows them, not raw JSON.
    assert not str(struck[0]["Nachher"]).startswith("{")
    assert "Gestrichen" in str(struck[0]["Nachher"]) and "+0" in str(struck[0]["Nachher"])
