"""The hostile-input walk of the SchafkopfTurnier import: a valid database (written by
SchafkopfTurnier's own code, tests/data/skt), one cell of one table changed at a time to a value
from a list of hostile ones (NUL, very long text, 2**40 and 2**63, negative numbers, floats,
text where numbers belong, empty, bytes that are no UTF-8, a row twice), uploaded through the
web page, previewed and confirmed. No answer is a server error; each file is refused in German
naming table and row, with nothing stored, or imported whole (a long title with a shortened
slug and seed)."""

from __future__ import annotations

import re
import shutil
import sqlite3
from dataclasses import dataclass
from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from tournament import models
from tournament.exchange.skt.schema import COLUMNS

pytestmark = [pytest.mark.django_db, pytest.mark.slow]

DATA = Path(__file__).resolve().parent.parent / "data" / "skt"
URL = reverse("manage:skt_import", args=["standard"])
WHERE = re.compile(r"Tabelle (\w+), Zeile \d+: ")


@dataclass(frozen=True)
class Sql:
    """A value written as an SQL expression: what Python's sqlite3 cannot bind."""

    text: str


HOSTILE: list[object] = [
    "Huber\x00Sepp",
    "\x00",
    "ß" * 100_000,
    2**40,
    2**63 - 1,
    Sql("9223372036854775808"),  # 2**63: SQLite keeps it as a float
    -1,
    -(2**63),
    0,
    1.5,
    float("nan"),
    "zwölf",
    "",
    None,
    Sql("CAST(X'EDA080' AS TEXT)"),  # a lone surrogate in UTF-8's form: no UTF-8
    Sql("X'FFFE00'"),  # bytes
    "2026-02-30",
]
TABLES = [t for t in COLUMNS if t != "meta"]


def hostile_file(tmp_path: Path, table: str, column: str | None, value: object) -> bytes:
    """club-abend with `table` rebuilt without its constraints (as a hostile file may be), then
    the first row's `column` set to `value`, or (column None) the first row twice."""
    path = tmp_path / "feindlich.sqlite3"
    shutil.copy(DATA / "club-abend.sqlite3", path)
    con = sqlite3.connect(path)
    con.executescript(
        f"CREATE TABLE neu AS SELECT * FROM {table}; DROP TABLE {table};"
        f"ALTER TABLE neu RENAME TO {table};"
    )
    first = con.execute(f"SELECT min(id) FROM {table}").fetchone()[0]
    if column is None:
        con.execute(f"CREATE TEMP TABLE kopie AS SELECT * FROM {table} WHERE id = ?", (first,))
        con.execute("UPDATE kopie SET id = (SELECT max(id) + 1 FROM main." + table + ")")
        con.execute(f"INSERT INTO {table} SELECT * FROM kopie")
    elif isinstance(value, Sql):
        con.execute(f"UPDATE {table} SET {column} = {value.text} WHERE id = ?", (first,))
    else:
        con.execute(f"UPDATE {table} SET {column} = ? WHERE id = ?", (value, first))
    con.commit()
    con.close()
    return path.read_bytes()


def stored() -> tuple[int, ...]:
    kinds = (models.Person, models.Tournament, models.Player, models.Durchgang, models.Table)
    return tuple(kind.objects.count() for kind in (*kinds, models.Seat))


def walk_one(client, content: bytes) -> str:
    """Upload, preview and confirm `content`; 'refused' or 'imported'."""
    before = stored()
    answer = client.post(
        URL, {"database": SimpleUploadedFile("f.sqlite3", content), "point_table": "freie-punkte"}
    )
    assert answer.status_code == 302, answer.content[:300]
    preview = client.get(answer.url)
    assert preview.status_code in (200, 409)
    text = preview.content.decode()
    token = answer.url.split("token=")[1]
    done = client.post(answer.url, {"token": token, "bestaetigt": "1"})
    assert done.status_code in (302, 409)
    if preview.status_code == 409:
        assert "nichts gespeichert" in text
        assert WHERE.search(text), text[-2000:]
        assert done.status_code == 409 and stored() == before
        return "refused"
    assert done.status_code == 302 and stored() != before
    return "imported"


@pytest.mark.parametrize("table", TABLES)
def test_every_hostile_value_in_each_column_is_refused_naming_table_and_row_or_imported(
    client, keeper, tmp_path, table
):
    client.force_login(keeper)
    columns = [c for c in COLUMNS[table] if c != "id"]
    outcomes = {}
    for n, value in enumerate(HOSTILE):
        column = columns[n % len(columns)]
        content = hostile_file(tmp_path, table, column, value)
        outcomes[(column, repr(value)[:20])] = walk_one(client, content)
    assert "refused" in outcomes.values()


@pytest.mark.parametrize("table", TABLES)
def test_a_row_twice_is_refused_naming_table_and_row_or_imported(client, keeper, tmp_path, table):
    client.force_login(keeper)
    walk_one(client, hostile_file(tmp_path, table, None, None))


@pytest.mark.parametrize(
    ("table", "column", "value", "where"),
    [
        ("tournaments", "title", "Turnier\x00", "Tabelle tournaments, Zeile 1: title enthält"),
        ("addresses", "vorname", "Sepp\x00", "Tabelle addresses, Zeile 1: vorname enthält"),
        ("addresses", "wohnort", "Au\x00", "Tabelle addresses, Zeile 1: wohnort enthält"),
        ("tournament_rounds", "draw_seed", "1\x00", "Tabelle tournament_rounds, Zeile 1:"),
        (
            "tournament_participants",
            "player_no",
            2**40,
            "Tabelle tournament_participants, Zeile 1:",
        ),
        ("tournament_seats", "table_no", 2**40, "Tabelle tournament_seats, Zeile 1:"),
        ("tournament_participants", "player_no", 2, "Die Spielernummer 2 ist schon vergeben"),
        ("tournament_rounds", "round_no", 2, "Runde 2 steht zweimal"),
    ],
)
def test_the_hostile_values_found_in_the_review_are_refused_in_german(
    client, keeper, tmp_path, table, column, value, where
):
    client.force_login(keeper)
    before = stored()
    answer = client.post(
        URL,
        {
            "database": SimpleUploadedFile(
                "f.sqlite3", hostile_file(tmp_path, table, column, value)
            ),
            "point_table": "freie-punkte",
        },
    )
    page = client.get(answer.url)
    assert page.status_code == 409
    assert where in page.content.decode()
    assert stored() == before


def test_a_generated_column_is_refused_before_anything_is_computed(client, keeper, tmp_path):
    path = tmp_path / "generiert.sqlite3"
    shutil.copy(DATA / "club-abend.sqlite3", path)
    con = sqlite3.connect(path)
    con.execute(
        "ALTER TABLE addresses ADD COLUMN schwer TEXT GENERATED ALWAYS AS "
        "(printf('%.*c', 100000000, 'x')) VIRTUAL"
    )
    con.commit()
    con.close()
    client.force_login(keeper)
    answer = client.post(
        URL,
        {
            "database": SimpleUploadedFile("g.sqlite3", path.read_bytes()),
            "point_table": "freie-punkte",
        },
    )
    page = client.get(answer.url)
    assert page.status_code == 409
    assert (
        "Tabelle addresses: Die Spalte schwer ist eine berechnete Spalte" in page.content.decode()
    )
