"""A SchafkopfTurnier database (schema_version 3) read into plain data, checked row by row.

The file is opened read-only; nothing of it is changed. What its tables mean is described in
tests/data/skt/README.md. Every problem names the table and row of the file, in the user's
language; `SktError` carries them all.
"""

from __future__ import annotations

import datetime
import sqlite3
from dataclasses import dataclass, field
from pathlib import Path

from django.utils.translation import gettext as _

from tournament.exchange.skt.problems import SktError, SktProblems
from tournament.web.names import name_normal

SCHEMA_VERSION = "3"
SEATS = "ABCD"

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


@dataclass(frozen=True)
class Address:
    id: int
    nachname: str
    vorname: str
    wohnort: str
    email: str = ""
    telefon: str = ""

    @property
    def name(self) -> str:
        """The name as the register writes it: given name first."""
        return name_normal(f"{self.vorname.strip()} {self.nachname.strip()}")


@dataclass(frozen=True)
class Participant:
    tp_id: int
    player_no: int
    address_id: int


@dataclass(frozen=True)
class Score:
    row: int
    points: int
    soli: int


@dataclass(frozen=True)
class Table:
    """A drawn table of four: the tp_ids on seats A–D, and their results (None: not entered)."""

    number: int
    seats: tuple[int, ...]  # 0: a seat nobody holds (refused by the checks)
    scores: tuple[Score, ...] | None


@dataclass(frozen=True)
class Round:
    number: int
    draw_seed: str
    drawn_at: datetime.datetime | None
    tables: tuple[Table, ...]


@dataclass(frozen=True)
class Tournament:
    id: int
    title: str
    date: datetime.date
    location: str
    closed: bool
    participants: tuple[Participant, ...]
    rounds: tuple[Round, ...]


@dataclass(frozen=True)
class Database:
    addresses: dict[int, Address]
    tournaments: tuple[Tournament, ...]


@dataclass
class _Rows:
    seats: dict[tuple[int, int], dict[str, tuple[int, int]]] = field(default_factory=dict)
    scores: dict[tuple[int, int], dict[int, Score]] = field(default_factory=dict)


def skt_read(path: str | Path) -> Database:
    """The database at `path`; raises `SktError` naming every problem found."""
    problems = SktProblems()
    try:
        uri = Path(path).resolve().as_uri() + "?mode=ro"
        con = sqlite3.connect(uri, uri=True)
    except (OSError, sqlite3.Error):
        raise SktError([problems.made("", None, _("The file cannot be opened."))]) from None
    try:
        return _read(con, problems)
    except sqlite3.DatabaseError as exc:
        problems.add("", None, _("The file is no SQLite database (%(error)s).") % {"error": exc})
        raise SktError(problems.items) from None
    finally:
        con.close()


def _read(con: sqlite3.Connection, problems: SktProblems) -> Database:
    con.row_factory = sqlite3.Row
    _schema_check(con, problems)
    problems.raise_if_any()
    addresses = _addresses(con, problems)
    tournaments = tuple(
        _tournament(con, row, addresses, problems)
        for row in con.execute("SELECT * FROM tournaments ORDER BY id")
    )
    problems.raise_if_any()
    return Database(addresses=addresses, tournaments=tournaments)


def _schema_check(con: sqlite3.Connection, problems: SktProblems) -> None:
    tables = {r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    for table, columns in COLUMNS.items():
        if table not in tables:
            problems.add(
                table,
                None,
                _("The table %(table)s is missing: this is no SchafkopfTurnier database.")
                % {"table": table},
            )
            continue
        present = {r[1] for r in con.execute(f'PRAGMA table_info("{table}")')}
        for column in columns:
            if column not in present:
                problems.add(
                    table, None, _("The column %(column)s is missing.") % {"column": column}
                )
    if "meta" not in tables or problems:
        return
    row = con.execute("SELECT v FROM meta WHERE k = 'schema_version'").fetchone()
    if row is None or str(row[0]) != SCHEMA_VERSION:
        problems.add(
            "meta",
            None,
            _("schema_version is %(found)s; only SchafkopfTurnier's schema %(version)s is read.")
            % {"found": "–" if row is None else row[0], "version": SCHEMA_VERSION},
        )


def _text(value: object) -> str:
    return "" if value is None else str(value).strip()


def _addresses(con: sqlite3.Connection, problems: SktProblems) -> dict[int, Address]:
    found = {}
    for row in con.execute("SELECT * FROM addresses ORDER BY id"):
        address = Address(
            id=row["id"],
            nachname=_text(row["nachname"]),
            vorname=_text(row["vorname"]),
            wohnort=_text(row["wohnort"]),
            email=_text(row["email"]),
            telefon=_text(row["telefon"]),
        )
        if not address.name:
            problems.add("addresses", row["id"], _("The address has no name."))
        found[address.id] = address
    return found


def _integer(value: object, table: str, row: int, name: str, problems: SktProblems) -> int:
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    problems.add(
        table,
        row,
        _("%(column)s is not a whole number: %(value)s") % {"column": name, "value": value},
    )
    return 0


def _positive(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 1


def _date(value: object, table: str, row: int, problems: SktProblems) -> datetime.date:
    try:
        return datetime.date.fromisoformat(_text(value))
    except ValueError:
        problems.add(table, row, _("The date %(value)s is not a date.") % {"value": value})
        return datetime.date(2000, 1, 1)


def _timestamp(value: object) -> datetime.datetime | None:
    try:
        moment = datetime.datetime.fromisoformat(_text(value))
    except ValueError:
        return None
    return moment.replace(tzinfo=datetime.UTC)  # its datetime('now') is UTC


def _tournament(
    con: sqlite3.Connection,
    row: sqlite3.Row,
    addresses: dict[int, Address],
    problems: SktProblems,
) -> Tournament:
    tid = row["id"]
    participants = []
    for p in con.execute(
        "SELECT * FROM tournament_participants WHERE tournament_id = ? ORDER BY player_no", (tid,)
    ):
        if p["address_id"] not in addresses:
            problems.add(
                "tournament_participants",
                p["id"],
                _("The address %(id)s does not exist.") % {"id": p["address_id"]},
            )
        number = _integer(p["player_no"], "tournament_participants", p["id"], "player_no", problems)
        if number < 1:
            problems.add("tournament_participants", p["id"], _("The player number is below 1."))
        participants.append(Participant(p["id"], number, p["address_id"]))
    known = {p.tp_id for p in participants}
    rows = _Rows()
    seated: set[tuple[object, int]] = set()
    for s in con.execute("SELECT * FROM tournament_seats WHERE tournament_id = ?", (tid,)):
        if not _positive(s["round_no"]) or not _positive(s["table_no"]):
            message = _("Round and table are numbered from 1: %(round)s, %(table)s.")
            values = {"round": s["round_no"], "table": s["table_no"]}
            problems.add("tournament_seats", s["id"], message % values)
        elif (s["round_no"], s["tp_id"]) in seated:
            message = _("The participant sits twice in round %(round)s.")
            problems.add("tournament_seats", s["id"], message % {"round": s["round_no"]})
        elif s["seat"] not in tuple(SEATS):
            problems.add("tournament_seats", s["id"], _("The seat is not A, B, C or D."))
        elif s["tp_id"] not in known:
            problems.add(
                "tournament_seats", s["id"], _("The participant is not in the tournament.")
            )
        else:
            table = rows.seats.setdefault((s["round_no"], s["table_no"]), {})
            table[s["seat"]] = (s["tp_id"], s["id"])
            seated.add((s["round_no"], s["tp_id"]))
    for s in con.execute("SELECT * FROM tournament_scores WHERE tournament_id = ?", (tid,)):
        points = _integer(s["points"], "tournament_scores", s["id"], "points", problems)
        soli = _integer(s["soli"], "tournament_scores", s["id"], "soli", problems)
        rows.scores.setdefault((s["round_no"], s["table_no"]), {})[s["tp_id"]] = Score(
            s["id"], points, soli
        )
    rounds = _rounds(con, tid, rows, problems)
    return Tournament(
        id=tid,
        title=_text(row["title"]) or str(tid),
        date=_date(row["event_date"], "tournaments", tid, problems),
        location=_text(row["location"]),
        closed=bool(_text(row["closed_at"])),
        participants=tuple(participants),
        rounds=rounds,
    )


def _rounds(
    con: sqlite3.Connection, tid: int, rows: _Rows, problems: SktProblems
) -> tuple[Round, ...]:
    rounds = []
    numbers = set()
    for r in con.execute(
        "SELECT * FROM tournament_rounds WHERE tournament_id = ? ORDER BY round_no", (tid,)
    ):
        number = r["round_no"]
        numbers.add(number)
        tables = []
        for (round_no, table_no), seats in sorted(rows.seats.items()):
            if round_no == number:
                scores = rows.scores.get((round_no, table_no))
                tables.append(_table(table_no, seats, scores))
                _table_check(tables[-1], seats, scores, problems)
        rounds.append(
            Round(number, _text(r["draw_seed"]), _timestamp(r["created_at"]), tuple(tables))
        )
    for round_no, _table_no in rows.seats:
        if round_no not in numbers:
            problems.add(
                "tournament_rounds",
                None,
                _("Round %(round)s of tournament %(tournament)s has seats but no round.")
                % {"round": round_no, "tournament": tid},
            )
            numbers.add(round_no)
    for (round_no, table_no), scores in rows.scores.items():
        if (round_no, table_no) not in rows.seats:
            for score in scores.values():
                problems.add("tournament_scores", score.row, _("Nobody sits at this table."))
    return tuple(rounds)


def _table(
    number: int, seats: dict[str, tuple[int, int]], scores: dict[int, Score] | None
) -> Table:
    tp_ids = tuple(seats[s][0] if s in seats else 0 for s in SEATS)
    entered = None
    if scores and all(tp in scores for tp in tp_ids):
        entered = tuple(scores[tp] for tp in tp_ids)
    return Table(number, tp_ids, entered)


def _table_check(
    table: Table,
    seats: dict[str, tuple[int, int]],
    scores: dict[int, Score] | None,
    problems: SktProblems,
) -> None:
    any_row = min(row for _tp, row in seats.values())
    if len(seats) != len(SEATS):
        problems.add(
            "tournament_seats",
            any_row,
            _("Table %(table)s has %(n)s seats, not 4.") % {"table": table.number, "n": len(seats)},
        )
    for tp, score in (scores or {}).items():
        if tp not in table.seats:
            problems.add(
                "tournament_scores", score.row, _("The participant does not sit at this table.")
            )
    if scores and table.scores is None:
        problems.add(
            "tournament_scores",
            min(s.row for s in scores.values()),
            _("Table %(table)s has results for only some of its seats.") % {"table": table.number},
        )
