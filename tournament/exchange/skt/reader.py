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

from tournament.exchange.skt.cells import (
    NUMBER_RANGE,
    POINTS_RANGE,
    ROUND_RANGE,
    SOLI_RANGE,
    YEARS,
    Cells,
    shown,
)
from tournament.exchange.skt.problems import SktError, SktProblems
from tournament.exchange.skt.records import (
    Address,
    Database,
    Participant,
    Round,
    Score,
    Table,
    Tournament,
)
from tournament.exchange.skt.schema import COLUMNS, schema_check

SEATS = "ABCD"


@dataclass
class _Rows:
    seats: dict[tuple[int, int], dict[str, tuple[int, int]]] = field(default_factory=dict)
    #: By the cells as the file has them: a score whose round or table is no number sits at
    #: no table.
    scores: dict[tuple[object, object], dict[object, Score]] = field(default_factory=dict)


def skt_read(path: str | Path, *, upload: bool = False) -> Database:
    """The database at `path`; raises `SktError` naming every problem found. An `upload` is
    opened immutable: SQLite then writes nothing beside it (no -wal, no -shm), and a file in
    WAL mode is read as it was uploaded."""
    problems = SktProblems()
    try:
        options = "?mode=ro&immutable=1" if upload else "?mode=ro"
        con = sqlite3.connect(Path(path).resolve().as_uri() + options, uri=True)
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
    con.text_factory = bytes  # text that is no UTF-8 is named by its cell (cells.py)
    schema_check(con, problems)
    problems.raise_if_any()
    addresses = _addresses(_rows(con, "addresses", problems), problems)
    rows = _Grouped()
    for table in ("tournament_participants", "tournament_rounds", "tournament_seats"):
        for cells in _rows(con, table, problems):
            rows.of(table, cells["tournament_id"]).append(cells)
    for cells in _rows(con, "tournament_scores", problems):
        rows.of("tournament_scores", cells["tournament_id"]).append(cells)
    listed = _rows(con, "tournaments", problems)
    tournaments = tuple(_tournament(cells, rows, addresses, problems) for cells in listed)
    _orphans_check(rows, {cells["id"] for cells in listed})
    problems.raise_if_any()
    return Database(addresses=addresses, tournaments=tournaments)


@dataclass
class _Grouped:
    """Every row of the tournaments' tables, by table and tournament id: each table is read
    once, whatever the number of tournaments."""

    tables: dict[str, dict[object, list[Cells]]] = field(default_factory=dict)

    def of(self, table: str, tournament: object) -> list[Cells]:
        return self.tables.setdefault(table, {}).setdefault(tournament, [])


def _orphans_check(rows: _Grouped, tournaments: set[object]) -> None:
    """Rows of a tournament that the file does not have are refused (SchafkopfTurnier deletes
    them with their tournament)."""
    for by_tournament in rows.tables.values():
        for tid, listed in by_tournament.items():
            if tid not in tournaments:
                for cells in listed:
                    cells.problem(_("The tournament %(id)s does not exist.") % {"id": shown(tid)})


def _rows(con: sqlite3.Connection, table: str, problems: SktProblems) -> list[Cells]:
    """The rows of `table`, only the columns the import reads (named in COLUMNS), by id."""
    columns = COLUMNS[table]
    listed = ", ".join(f'"{c}"' for c in columns)
    return [
        Cells(table, dict(zip(columns, values, strict=True)), problems)
        for values in con.execute(f'SELECT {listed} FROM "{table}" ORDER BY "id"')
    ]


def _addresses(rows: list[Cells], problems: SktProblems) -> dict[int, Address]:
    found = {}
    for cells in rows:
        if cells.row is None:
            cells.problem(_("The address has no whole number as its id."))
            continue
        address = Address(
            id=cells.row,
            nachname=cells.text("nachname"),
            vorname=cells.text("vorname"),
            wohnort=cells.text("wohnort"),
            email=cells.text("email"),
            telefon=cells.text("telefon"),
        )
        if not address.name:
            cells.problem(_("The address has no name."))
        found[address.id] = address
    return found


def _date(cells: Cells) -> datetime.date:
    try:
        date = datetime.date.fromisoformat(cells.text("event_date"))
    except ValueError:
        cells.problem(
            _("The date %(value)s is not a date.") % {"value": shown(cells["event_date"])}
        )
        return datetime.date(2000, 1, 1)
    if not YEARS[0] <= date.year <= YEARS[1]:
        cells.problem(
            _("The date %(value)s is not within the years %(first)s to %(last)s.")
            % {"value": date.isoformat(), "first": YEARS[0], "last": YEARS[1]}
        )
    return date


def _timestamp(cells: Cells, column: str) -> datetime.datetime | None:
    """When the round was drawn (its datetime('now') is UTC); None when it does not say."""
    try:
        moment = datetime.datetime.fromisoformat(cells.text(column))
    except ValueError:
        return None
    if not YEARS[0] <= moment.year <= YEARS[1]:
        return None
    return moment.replace(tzinfo=datetime.UTC)


def _participants(
    rows: list[Cells], addresses: dict[int, Address], problems: SktProblems
) -> list[Participant]:
    participants = []
    numbers: dict[int, int | None] = {}
    for p in rows:
        if p["address_id"] not in addresses:
            p.problem(_("The address %(id)s does not exist.") % {"id": shown(p["address_id"])})
        number = p.number("player_no")
        if number is not None and number < 1:
            p.problem(_("The player number is below 1."))
            continue
        if number is None or p.number("player_no", NUMBER_RANGE) is None:
            continue
        if number in numbers:
            p.problem(
                _("The player number %(number)s is taken by row %(row)s already.")
                % {"number": number, "row": shown(numbers[number])}
            )
            continue
        numbers[number] = p.row
        if p.row is not None and isinstance(p["address_id"], int):
            participants.append(Participant(p.row, number, p["address_id"]))
    return sorted(participants, key=lambda p: p.player_no)


def _tournament(
    t: Cells, rows: _Grouped, addresses: dict[int, Address], problems: SktProblems
) -> Tournament:
    tid = t["id"]
    participants = _participants(rows.of("tournament_participants", tid), addresses, problems)
    known = {p.tp_id for p in participants}
    seated = _Rows()
    taken: set[tuple[int, object]] = set()
    for s in rows.of("tournament_seats", tid):
        place = _round_and_table(s)
        if place is None:
            continue
        round_no, table_no = place
        seat = s.text("seat")
        table = seated.seats.setdefault(place, {})
        if (round_no, s["tp_id"]) in taken:
            message = _("The participant sits twice in round %(round)s.")
            s.problem(message % {"round": round_no})
        elif seat not in tuple(SEATS):
            s.problem(_("The seat is not A, B, C or D."))
        elif s["tp_id"] not in known:
            s.problem(_("The participant is not in the tournament."))
        elif seat in table:
            s.problem(
                _("Seat %(seat)s of table %(table)s is taken by row %(row)s already.")
                % {"seat": seat, "table": table_no, "row": table[seat][1]}
            )
        elif s.row is not None and isinstance(s["tp_id"], int):
            table[seat] = (s["tp_id"], s.row)
            taken.add((round_no, s["tp_id"]))
        if not table:
            del seated.seats[place]
    for s in rows.of("tournament_scores", tid):
        points = s.number("points", POINTS_RANGE)
        soli = s.number("soli", SOLI_RANGE)
        if points is None or soli is None or s.row is None:
            continue
        key = (s["round_no"], s["table_no"])
        seated.scores.setdefault(key, {})[s["tp_id"]] = Score(s.row, points, soli)
    return Tournament(
        id=tid if isinstance(tid, int) else 0,
        title=t.text("title") or shown(tid),
        date=_date(t),
        location=t.text("location"),
        closed=bool(t.text("closed_at")),
        participants=tuple(participants),
        rounds=_rounds(rows.of("tournament_rounds", tid), tid, seated, problems),
    )


def _round_and_table(s: Cells) -> tuple[int, int] | None:
    """The round and table of a seat, numbered from 1 (else None, with a problem)."""
    round_no, table_no = s["round_no"], s["table_no"]
    if not _positive(round_no) or not _positive(table_no):
        message = _("Round and table are numbered from 1: %(round)s, %(table)s.")
        s.problem(message % {"round": shown(round_no), "table": shown(table_no)})
        return None
    first, second = s.number("round_no", ROUND_RANGE), s.number("table_no", NUMBER_RANGE)
    return None if first is None or second is None else (first, second)


def _order(value: object) -> int:
    """A round's place in the order of its number (one that is none first)."""
    return value if isinstance(value, int) else 0


def _positive(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 1


def _rounds(
    listed: list[Cells], tid: object, rows: _Rows, problems: SktProblems
) -> tuple[Round, ...]:
    rounds = []
    numbers: dict[int, int | None] = {}
    tables_of: dict[int, list[tuple[int, dict[str, tuple[int, int]]]]] = {}
    for (round_no, table_no), seats in sorted(rows.seats.items()):
        tables_of.setdefault(round_no, []).append((table_no, seats))
    for r in sorted(listed, key=lambda c: _order(c["round_no"])):
        number = r.number("round_no", ROUND_RANGE)
        if number is None:
            continue
        if number in numbers:
            r.problem(
                _("Round %(round)s is listed twice: also in row %(row)s.")
                % {"round": number, "row": shown(numbers[number])}
            )
            continue
        numbers[number] = r.row
        tables = []
        for table_no, seats in tables_of.get(number, []):
            scores = rows.scores.get((number, table_no))
            tables.append(_table(table_no, seats, scores))
            _table_check(tables[-1], seats, scores, problems)
        seed = r.text("draw_seed")
        rounds.append(Round(number, seed, _timestamp(r, "created_at"), tuple(tables)))
    for round_no in sorted(tables_of):
        if round_no not in numbers:
            problems.add(
                "tournament_seats",
                min(row for _n, seats in tables_of[round_no] for _tp, row in seats.values()),
                _("Round %(round)s of tournament %(tournament)s has seats but no round.")
                % {"round": round_no, "tournament": shown(tid)},
            )
    for place, scores in rows.scores.items():
        if place not in rows.seats:
            for score in scores.values():
                problems.add("tournament_scores", score.row, _("Nobody sits at this table."))
    return tuple(rounds)


def _table(
    number: int, seats: dict[str, tuple[int, int]], scores: dict[object, Score] | None
) -> Table:
    tp_ids = tuple(seats[s][0] if s in seats else 0 for s in SEATS)
    entered = None
    if scores and all(tp in scores for tp in tp_ids):
        entered = tuple(scores[tp] for tp in tp_ids)
    return Table(number, tp_ids, entered)


def _table_check(
    table: Table,
    seats: dict[str, tuple[int, int]],
    scores: dict[object, Score] | None,
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
