"""The schema of a SchafkopfTurnier database as the import reads it: the tables and columns it
takes (and no others), and the check that a file has them, none of them computed on read."""

from __future__ import annotations

import sqlite3

from django.utils.translation import gettext as _

from tournament.exchange.skt.cells import shown
from tournament.exchange.skt.problems import SktProblems

SCHEMA_VERSION = "3"

#: The tables and columns the import reads.
COLUMNS: dict[str, tuple[str, ...]] = {
    "meta": ("k", "v"),
    "addresses": ("id", "nachname", "vorname", "wohnort", "email", "telefon"),
    "tournaments": ("id", "title", "event_date", "location", "closed_at"),
    "tournament_participants": ("id", "tournament_id", "player_no", "address_id"),
    "tournament_rounds": ("id", "tournament_id", "round_no", "draw_seed", "created_at"),
    "tournament_seats": ("id", "tournament_id", "round_no", "table_no", "seat", "tp_id"),
    "tournament_scores": (
        "id",
        "tournament_id",
        "round_no",
        "table_no",
        "tp_id",
        "points",
        "soli",
    ),
}


def schema_check(con: sqlite3.Connection, problems: SktProblems) -> None:
    """Every table and column of COLUMNS there, none generated or virtual, SchafkopfTurnier's
    schema version; what is not is added to `problems`."""
    tables = {
        schema_name(name): schema_name(sql)
        for name, sql in con.execute("SELECT name, sql FROM sqlite_master WHERE type = 'table'")
    }
    for table, columns in COLUMNS.items():
        if table not in tables:
            problems.add(
                table,
                None,
                _("The table %(table)s is missing: this is no SchafkopfTurnier database.")
                % {"table": table},
            )
            continue
        if tables[table].lstrip().upper().startswith("CREATE VIRTUAL"):
            problems.add(
                table, None, _("The table is a virtual table, not one of SchafkopfTurnier.")
            )
            continue
        present = {}
        for row in con.execute(f'PRAGMA table_xinfo("{table}")'):
            present[schema_name(row[1])] = row[6]
        for column in columns:
            if column not in present:
                problems.add(
                    table, None, _("The column %(column)s is missing.") % {"column": column}
                )
        for column, hidden in present.items():
            if hidden in (2, 3):  # computed on every read: SchafkopfTurnier has none
                problems.add(
                    table,
                    None,
                    _(
                        "The column %(column)s is a generated column: SchafkopfTurnier writes "
                        "none, so the file is not taken."
                    )
                    % {"column": column},
                )
    if "meta" not in tables or problems:
        return
    row = con.execute("SELECT v FROM meta WHERE k = 'schema_version'").fetchone()
    found = None if row is None else schema_name(row[0])
    if found != SCHEMA_VERSION:
        problems.add(
            "meta",
            None,
            _("schema_version is %(found)s; only SchafkopfTurnier's schema %(version)s is read.")
            % {"found": shown(found), "version": SCHEMA_VERSION},
        )


def schema_name(value: object) -> str:
    """A name or statement of the schema as text (the connection gives bytes)."""
    if isinstance(value, bytes):
        return value.decode("utf-8", "replace")
    return "" if value is None else str(value)
