"""Write the SchafkopfTurnier test databases of this folder with SchafkopfTurnier's own code.

SchafkopfTurnier (github.com/dieter6605/SchafkopfTurnier, MIT licence) is NOT part of this
repository and no code of it is copied here. This script imports its modules from a checkout
whose path is given on the command line, and drives its Flask app through ``app.test_client()``:
every row of the databases is written by its own routes (address form, CSV import, tournament
form, participants add/quick-add/remove/swap, draw, result entry per table, close). The script
itself only reads the databases (to learn the ids and the drawn seats) and never writes them.

The expected standings (``<name>.standings.json``) are what its own standings view
(``GET /tournaments/<id>/standings``, view ``tournament_standings_overall``) computes: the rows it
passes to its template ``tournament_standings.html`` (captured with Flask's
``template_rendered`` signal), checked against the HTML table it renders.

Run it with the Python of a separate virtualenv that has SchafkopfTurnier's requirements::

    git --git-dir=<bare repo> archive 456a2d6 | tar -x -C /tmp/skt-src
    python3 -m venv /tmp/skt-venv
    /tmp/skt-venv/bin/pip install -r /tmp/skt-src/requirements.txt
    /tmp/skt-venv/bin/python tests/data/skt/make_databases.py --skt-src /tmp/skt-src \
        --out tests/data/skt

Work-around (see README.md): at 456a2d6 its ``create_app()`` cannot create a NEW database
(``sqlite3.OperationalError: cannot start a transaction within a transaction``). While
``create_app()`` runs, ``app.db.connect`` is wrapped so the connection it returns has
``isolation_level = None`` (autocommit); the wrapper is removed before any request is made.

This file is data tooling, not a test: pytest does not collect it (no ``test_`` prefix).
"""

from __future__ import annotations

import argparse
import html
import io
import json
import re
import sqlite3
import sys
from pathlib import Path
from typing import Any

SKT_COMMIT = "456a2d650e8fec19660d050a5aba4711414816a2"


class Skt:
    """One SchafkopfTurnier app instance on one new database file."""

    def __init__(self, skt_src: Path, db_path: Path) -> None:
        if str(skt_src) not in sys.path:
            sys.path.insert(0, str(skt_src))
        import flask  # SchafkopfTurnier's dependency (its venv)
        from app import create_app  # SchafkopfTurnier's package
        from app import db as skt_db

        self.flask = flask
        self.db_path = db_path
        for suffix in ("", "-journal", "-wal", "-shm"):
            Path(str(db_path) + suffix).unlink(missing_ok=True)

        # --- the work-around: autocommit only while create_app() creates the schema ---
        original_connect = skt_db.connect

        def autocommit_connect() -> sqlite3.Connection:
            con = original_connect()
            con.isolation_level = None
            return con

        skt_db.connect = autocommit_connect
        try:
            self.app = create_app(db_path=db_path, backup_dir=db_path.parent / "skt-backups-unused")
        finally:
            skt_db.connect = original_connect
        self.app.testing = True
        self.client = self.app.test_client()

    # ----------------------------------------------------------------- reading (read-only)
    def rows(self, sql: str, params: tuple[Any, ...] = ()) -> list[sqlite3.Row]:
        con = sqlite3.connect(f"file:{self.db_path}?mode=ro", uri=True)
        con.row_factory = sqlite3.Row
        try:
            return list(con.execute(sql, params))
        finally:
            con.close()

    def one(self, sql: str, params: tuple[Any, ...] = ()) -> sqlite3.Row:
        found = self.rows(sql, params)
        assert len(found) == 1, (sql, params, found)
        return found[0]

    # ----------------------------------------------------------------- requests
    def _flashes(self) -> list[tuple[str, str]]:
        with self.client.session_transaction() as session:
            flashes = list(session.pop("_flashes", []))
        return flashes

    def post(
        self,
        url: str,
        data: dict[str, Any] | None = None,
        *,
        expect: str = "ok",
        content_type: str | None = None,
    ) -> tuple[str, list[tuple[str, str]]]:
        """POST like the browser form; returns (redirect location, flashed messages).

        ``expect`` is the flash category every message must have ("ok", or "error" when the
        program is expected to refuse).
        """
        kwargs: dict[str, Any] = {"data": data or {}}
        if content_type:
            kwargs["content_type"] = content_type
        response = self.client.post(url, **kwargs)
        flashes = self._flashes()
        assert response.status_code in (302, 303), (url, response.status_code, flashes)
        assert flashes, (url, "no flash message")
        assert all(cat == expect for cat, _ in flashes), (url, flashes)
        return response.headers.get("Location", ""), flashes

    # ----------------------------------------------------------------- address book
    def add_address(self, **fields: Any) -> int:
        form = {"invite": "1", "status": "aktiv"}
        form.update({k: str(v) for k, v in fields.items() if v is not None})
        if form.get("invite") == "0":
            form.pop("invite")  # an unticked checkbox is simply not sent
        self.post("/addresses/new", form)
        return int(self.one("SELECT MAX(id) AS id FROM addresses")["id"])

    def edit_address(self, address_id: int, **changes: Any) -> None:
        current = dict(self.one("SELECT * FROM addresses WHERE id=?", (address_id,)))
        current.update(changes)
        form = {
            k: ("" if current.get(k) is None else str(current[k]))
            for k in (
                "nachname",
                "vorname",
                "wohnort",
                "plz",
                "ort",
                "strasse",
                "hausnummer",
                "telefon",
                "email",
                "status",
                "notizen",
                "participation_count",
                "last_tournament_at",
                "tournament_years",
            )
        }
        if int(current.get("invite") or 0) == 1:
            form["invite"] = "1"
        self.post(f"/addresses/{address_id}/edit", form)

    def import_addresses_csv(self, csv_text: str) -> None:
        data = {"file": (io.BytesIO(csv_text.encode("utf-8")), "adressen.csv")}
        self.post("/addresses/import", data, content_type="multipart/form-data")

    # ----------------------------------------------------------------- tournaments
    def create_tournament(self, **fields: Any) -> int:
        location, _ = self.post("/tournaments/new", {k: str(v) for k, v in fields.items()})
        match = re.search(r"/tournaments/(\d+)$", location)
        assert match, location
        return int(match.group(1))

    def add_participant(self, tid: int, address_id: int) -> int:
        self.post(f"/tournaments/{tid}/participants/add/{address_id}")
        return self.tp_of_address(tid, address_id)

    def quickadd(self, tid: int, **fields: str) -> int:
        self.post(f"/tournaments/{tid}/participants/quickadd", fields)
        return int(
            self.one(
                "SELECT MAX(id) AS id FROM tournament_participants WHERE tournament_id=?", (tid,)
            )["id"]
        )

    def tp_of_address(self, tid: int, address_id: int) -> int:
        return int(
            self.one(
                "SELECT id FROM tournament_participants WHERE tournament_id=? AND address_id=?",
                (tid, address_id),
            )["id"]
        )

    def tp_of_number(self, tid: int, player_no: int) -> int:
        return int(
            self.one(
                "SELECT id FROM tournament_participants WHERE tournament_id=? AND player_no=?",
                (tid, player_no),
            )["id"]
        )

    def remove_participant(self, tid: int, tp_id: int, *, renumber: bool = False) -> None:
        form = {"renumber": "1" if renumber else "0"}
        self.post(f"/tournaments/{tid}/participants/{tp_id}/remove", form)

    def swap(self, tid: int, tp_id: int, new_address_id: int) -> list[tuple[str, str]]:
        _, flashes = self.post(
            f"/tournaments/{tid}/participants/swap",
            {"tp_id": str(tp_id), "new_address_id": str(new_address_id)},
        )
        return flashes

    def draw(self, tid: int, round_no: int, *, expect: str = "ok") -> list[tuple[str, str]]:
        _, flashes = self.post(f"/tournaments/{tid}/rounds/{round_no}/draw", expect=expect)
        return flashes

    def tables(self, tid: int, round_no: int) -> dict[int, list[int]]:
        """The drawn tables of a round: table_no -> tp_ids in seat order A..D."""
        out: dict[int, list[int]] = {}
        for r in self.rows(
            "SELECT table_no, seat, tp_id FROM tournament_seats"
            " WHERE tournament_id=? AND round_no=? ORDER BY table_no, seat",
            (tid, round_no),
        ):
            out.setdefault(int(r["table_no"]), []).append(int(r["tp_id"]))
        return out

    def enter_table(
        self,
        tid: int,
        round_no: int,
        table_no: int,
        results: dict[int, tuple[int, int | None]],
        *,
        expect: str = "ok",
    ) -> None:
        """Enter one table through the result form: tp_id -> (points, soli or None = empty)."""
        form: dict[str, str] = {}
        for tp_id, (points, soli) in results.items():
            form[f"points_{tp_id}"] = str(points)
            form[f"soli_{tp_id}"] = "" if soli is None else str(soli)
        self.post(f"/tournaments/{tid}/rounds/{round_no}/results/{table_no}", form, expect=expect)

    def close(self, tid: int) -> None:
        self.post(f"/tournaments/{tid}/close")

    # ----------------------------------------------------------------- its standings
    def standings(self, tid: int) -> dict[str, Any]:
        captured: list[dict[str, Any]] = []

        def on_render(sender: Any, template: Any, context: dict[str, Any], **extra: Any) -> None:
            if template.name == "tournament_standings.html":
                captured.append(context)

        self.flask.template_rendered.connect(on_render, self.app)
        try:
            response = self.client.get(f"/tournaments/{tid}/standings")
        finally:
            self.flask.template_rendered.disconnect(on_render, self.app)
        self._flashes()
        assert response.status_code == 200, response.status_code
        assert len(captured) == 1
        ctx = captured[0]
        t = ctx["t"]
        standings = []
        for r in ctx["rows"]:
            standings.append(
                {
                    "rank": r["place"],
                    "player_no": r["player_no"],
                    "name": f"{r['nachname']}, {r['vorname']}",
                    "nachname": r["nachname"],
                    "vorname": r["vorname"],
                    "wohnort": r["wohnort"],
                    "points": r["points"],
                    "soli": r["soli"],
                    "rounds": {
                        str(rn): r["rounds"][rn] for rn in ctx["round_numbers"] if rn in r["rounds"]
                    },
                }
            )
        self._check_against_html(response.get_data(as_text=True), standings)
        return {
            "tournament_id": int(t["id"]),
            "title": t["title"],
            "event_date": t["event_date"],
            "marker": t["marker"],
            "closed_at_set": bool(t["closed_at"]),
            "participants": ctx["participants_count"],
            "round_numbers": ctx["round_numbers"],
            "scores": ctx["scores_count"],
            "expected_scores": ctx["expected_scores"],
            "standings": standings,
        }

    @staticmethod
    def _check_against_html(page: str, standings: list[dict[str, Any]]) -> None:
        """The rendered table (screen version) must show the same rows in the same order."""
        body = page.split('<table class="table table-sm align-middle mb-0">', 1)[1]
        body = body.split("</table>", 1)[0]
        pattern = re.compile(
            r'<td class="sk-mono fw-bold text-end">(\d+)</td>\s*<td>\s*'
            r"<strong>(.*?)</strong>, (.*?)\s*"
            r'<span class="text-muted">· (.*?)</span>\s*'
            r'<span class="text-muted sk-mono"> \((\d+)\)</span>.*?'
            r'<div class="fw-bold">(-?\d+) \((-?\d+)\)</div>',
            re.S,
        )
        shown = [
            (
                int(m[0]),
                html.unescape(m[1]),
                html.unescape(m[2]),
                html.unescape(m[3]),
                int(m[4]),
                int(m[5]),
                int(m[6]),
            )
            for m in pattern.findall(body)
        ]
        expected = [
            (
                s["rank"],
                s["nachname"],
                s["vorname"],
                s["wohnort"],
                s["player_no"],
                s["points"],
                s["soli"],
            )
            for s in standings
        ]
        assert shown == expected, (shown, expected)


# --------------------------------------------------------------------------- result helpers
def table_pattern(
    tables: dict[int, list[int]], patterns: list[list[tuple[int, int | None]]]
) -> dict[int, dict[int, tuple[int, int | None]]]:
    """Give table k the k-th pattern (cyclic); seat A gets the first entry, and so on."""
    out: dict[int, dict[int, tuple[int, int | None]]] = {}
    for k, (table_no, tps) in enumerate(sorted(tables.items())):
        pattern = patterns[k % len(patterns)]
        assert sum(p for p, _ in pattern) == 0
        out[table_no] = dict(zip(tps, pattern, strict=True))
    return out


def totals_before(skt: Skt, tid: int, round_no: int) -> dict[int, tuple[int, int]]:
    """tp_id -> (points, soli) summed over the rounds before ``round_no`` (read-only)."""
    return {
        int(r["tp_id"]): (int(r["p"]), int(r["s"]))
        for r in skt.rows(
            "SELECT tp_id, SUM(points) AS p, SUM(soli) AS s FROM tournament_scores"
            " WHERE tournament_id=? AND round_no<? GROUP BY tp_id",
            (tid, round_no),
        )
    }


def max_soli(skt: Skt, tid: int, round_no: int, tp_ids: list[int]) -> int:
    before = totals_before(skt, tid, round_no)
    return max(before.get(tp, (0, 0))[1] for tp in tp_ids)


def solve_last_round(
    skt: Skt,
    tid: int,
    round_no: int,
    base: list[list[tuple[int, int | None]]],
    targets: dict[int, tuple[int, int]],
) -> dict[int, dict[int, tuple[int, int | None]]]:
    """Results of the last round so that the players in ``targets`` (tp_id -> total points,
    total soli) end exactly there; per table one player without a target absorbs the rest so
    that the table sums to 0 (the program's rule)."""
    before = totals_before(skt, tid, round_no)
    plan = table_pattern(skt.tables(tid, round_no), base)
    for table_no, seats in plan.items():
        free = [tp for tp in seats if tp not in targets]
        assert free, f"table {table_no} has only players with a target"
        for tp in seats:
            if tp in targets:
                p0, s0 = before.get(tp, (0, 0))
                tp_points, tp_soli = targets[tp]
                assert tp_soli - s0 >= 0, (tp, tp_soli, s0)
                seats[tp] = (tp_points - p0, tp_soli - s0)
        rest = sum(p for p, _ in seats.values()) - seats[free[0]][0]
        seats[free[0]] = (-rest, seats[free[0]][1])
    return plan


def enter_round(skt: Skt, tid: int, round_no: int, plan: dict[int, dict[int, Any]]) -> None:
    for table_no, seats in sorted(plan.items()):
        skt.enter_table(tid, round_no, table_no, seats)


# --------------------------------------------------------------------------- the people
# nachname;vorname;wohnort;plz;ort;strasse;hausnummer;telefon;email (empty: not given)
CLUB = [
    "Huber;Josef;Freising;85354;Freising;Obere Hauptstraße;12;08161 1234;sepp.huber@example.org",
    "Maier;Anna;Freising;85356;Freising;Wippenhauser Straße;3a;;anna.maier@example.org",
    "Obermeier;Franz;Moosburg;85368;Moosburg a.d. Isar;Stadtplatz;7;08761 555;",
    "Schmid;Theresia;Attenkirchen;85395;Attenkirchen;;;;",
    "Gruber;Xaver;Allershausen;85391;Allershausen;Freisinger Str.;21;08166 9090;xaver@example.org",
    "Brandl;Michael;Moosburg;85368;Moosburg a.d. Isar;Thalbacher Straße;5;;",
    "Wimmer;Kathrin;Zolling;85406;Zolling;Hauptstraße;1;08167 4711;k.wimmer@example.org",
    "Lechner;Georg;Freising;85354;Freising;Karlwirtsweg;2;;",
    "Sedlmair;Rosa;Kranzberg;85402;Kranzberg;Kirchweg;8;;rosa.s@example.org",
    "Forster;Alois;Nandlstadt;85405;Nandlstadt;;;08756 321;",
    "Kiermaier;Barbara;Haag;85410;Haag a.d. Amper;Schloßberg;4;;",
    "Zehetmair;Ludwig;Freising;85356;Freising;Erdinger Straße;40;0170 1234567;lucki@example.org",
    "Stangl;Monika;Hallbergmoos;85399;Hallbergmoos;Ludwigstraße;9;;",
    "Pichlmaier;Johann;Marzling;85417;Marzling;Am Bach;11;;",
]


def address_fields(row: str) -> dict[str, Any]:
    keys = ("nachname", "vorname", "wohnort", "plz", "ort")
    keys += ("strasse", "hausnummer", "telefon", "email")
    return {k: (v or None) for k, v in zip(keys, row.split(";"), strict=True)}


# --------------------------------------------------------------------------- database 1
def make_club_abend(skt: Skt) -> list[dict[str, Any]]:
    """One address book, one tournament of 12 players, 3 rounds, closed."""
    ids = []
    for i, row in enumerate(CLUB):
        fields = address_fields(row)
        if i == 3:
            fields["notizen"] = "Kommt meist mit dem Bus."
        if i == 12:
            fields["invite"] = "0"  # no invitation
        if i == 13:
            fields["status"] = "inaktiv"
        ids.append(skt.add_address(**fields))

    tid = skt.create_tournament(
        title="Schafkopfabend im März",
        event_date="2026-03-13",
        start_time="19:30",
        marker="260313SFBA",
        location="Gasthaus Zur Post, Freising",
        organizer="Schafkopffreunde Freising",
        description="Drei Runden zu je 32 Spielen.",
        min_participants="8",
        max_participants="16",
    )
    for aid in ids[:12]:
        skt.add_participant(tid, aid)

    patterns = [
        [(45, 1), (-15, None), (-20, 0), (-10, None)],
        [(-35, 0), (70, 2), (-5, None), (-30, 0)],
        [(10, None), (25, 1), (-60, 0), (25, 1)],
    ]
    for round_no in (1, 2, 3):
        skt.draw(tid, round_no)
        shifted = patterns[round_no - 1 :] + patterns[: round_no - 1]
        enter_round(skt, tid, round_no, table_pattern(skt.tables(tid, round_no), shifted))
    skt.close(tid)
    return [skt.standings(tid)]


# --------------------------------------------------------------------------- database 2
def make_luecken_tausch(skt: Skt) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """Removal (gap), replace, swap, a re-draw, a 13-player draw refused, not closed."""
    ids = [skt.add_address(**address_fields(row)) for row in CLUB]
    substitute = skt.add_address(
        nachname="Ostermaier", vorname="Korbinian", wohnort="Freising", plz="85354",
        ort="Freising", email="korbi@example.org",
    )  # fmt: skip
    tid = skt.create_tournament(
        title="Pokalturnier mit Umbesetzungen",
        event_date="2026-04-18",
        start_time="14:00",
        marker="260418POKL",
        location="Sportheim Attenkirchen",
        organizer="SV Attenkirchen",
        min_participants="12",
        max_participants="20",
    )
    for aid in ids[:12]:
        skt.add_participant(tid, aid)
    walk_in = skt.quickadd(
        tid, nachname="Riedl", vorname="Sebastian", wohnort="Gammelsdorf", plz="85408",
        ort="Gammelsdorf", telefon="08766 1000",
    )  # fmt: skip
    notes: dict[str, Any] = {"tournament_id": tid}

    refused = skt.draw(tid, 1, expect="error")  # 13 players: no table of five, no draw
    notes["draw_with_13_players_refused"] = refused[0][1]

    removed_tp = skt.tp_of_number(tid, 5)
    removed_address = int(
        skt.one("SELECT address_id FROM tournament_participants WHERE id=?", (removed_tp,))[
            "address_id"
        ]
    )
    skt.remove_participant(tid, removed_tp, renumber=False)
    notes["removed"] = {"tp_id": removed_tp, "player_no": 5, "address_id": removed_address}
    notes["walk_in_quickadd_tp_id"] = walk_in

    skt.draw(tid, 1)
    skt.draw(tid, 1)  # "Neu auslosen": draw_attempt 2, another seed
    plan = table_pattern(
        skt.tables(tid, 1),
        [
            [(40, 1), (-10, 0), (-10, None), (-20, 0)],
            [(-25, 0), (-25, 0), (60, 2), (-10, None)],
            [(15, 0), (-45, None), (5, 0), (25, 1)],
        ],
    )
    enter_round(skt, tid, 1, plan)

    # Replace: number 9 leaves, the substitute (not yet in the tournament) takes over tp and number
    replaced_tp = skt.tp_of_number(tid, 9)
    old = int(
        skt.one("SELECT address_id FROM tournament_participants WHERE id=?", (replaced_tp,))[
            "address_id"
        ]
    )
    flashes = skt.swap(tid, replaced_tp, substitute)
    notes["replace"] = {
        "tp_id": replaced_tp,
        "player_no": 9,
        "address_id_before": old,
        "address_id_after": substitute,
        "flash": flashes[0][1],
    }
    # Swap: numbers 2 and 11 exchange their persons (both already in the tournament)
    tp2, tp11 = skt.tp_of_number(tid, 2), skt.tp_of_number(tid, 11)
    a2 = int(skt.one("SELECT address_id FROM tournament_participants WHERE id=?", (tp2,))[0])
    a11 = int(skt.one("SELECT address_id FROM tournament_participants WHERE id=?", (tp11,))[0])
    flashes = skt.swap(tid, tp2, a11)
    notes["swap"] = {
        "tp_ids": [tp2, tp11],
        "player_nos": [2, 11],
        "address_ids_before": [a2, a11],
        "address_ids_after": [a11, a2],
        "flash": flashes[0][1],
    }

    skt.draw(tid, 2)
    plan = table_pattern(
        skt.tables(tid, 2),
        [
            [(-30, 0), (55, 2), (-5, None), (-20, 0)],
            [(20, 1), (20, 1), (-20, 0), (-20, 0)],
            [(-50, 0), (10, None), (30, 1), (10, 0)],
        ],
    )
    enter_round(skt, tid, 2, plan)
    # A table whose points do not sum to 0 is refused and nothing is stored:
    t1 = skt.tables(tid, 2)[1]
    skt.enter_table(tid, 2, 1, dict.fromkeys(t1, (10, 0)), expect="error")

    skt.draw(tid, 3)
    plan = table_pattern(
        skt.tables(tid, 3),
        [
            [(35, 1), (-35, 0), (15, 0), (-15, None)],
            [(-10, 0), (-10, 0), (5, 0), (15, 1)],
        ],
    )
    skt.enter_table(tid, 3, 1, plan[1])
    skt.enter_table(tid, 3, 2, plan[2])  # table 3 of round 3 is still open
    notes["round_3_open_table"] = 3
    return [skt.standings(tid)], notes


# --------------------------------------------------------------------------- database 3
CSV_COLUMNS = (
    "id;nachname;vorname;wohnort;plz;ort;strasse;hausnummer;email;telefon;invite;status;"
    "notizen;participation_count;last_tournament_at;tournament_years"
)
CSV_ROWS = [
    "101;Huber;Josef;Freising;85354;Freising;Obere Hauptstraße;12;sepp.huber@example.org;;"
    "1;aktiv;;2;251228SFB1;241228SFB1,251228SFB1",
    "102;Huber;Josef;Moosburg;85368;Moosburg a.d. Isar;Auenstraße;3;;08761 222;1;aktiv;"
    "der Moosburger;0;;",
    "105;Öttl;Maria;Zolling;85406;Zolling;;;;;1;aktiv;;1;251228SFB1;251228SFB1",
    "106;Ostermaier;Korbinian;Freising;85354;Freising;;;korbi@example.org;;1;aktiv;;0;;",
    "107;zenger;Paul;Kranzberg;85402;Kranzberg;;;;;1;aktiv;klein geschrieben importiert;0;;",
    "110;Maier;Anna;Freising;85356;Freising;Wippenhauser Straße;3a;anna.maier@example.org;"
    ";1;aktiv;;1;241228SFB1;241228SFB1",
    "111;Maier;Anna;Freising;85356;Freising;;;;;0;aktiv;Dublette von 110;0;;",
    "120;Gruber;Xaver;Allershausen;85391;Allershausen;Freisinger Straße;21;"
    "xaver@example.org;08166 9090;1;aktiv;;0;;",
    "121;Brandl;Michael;Moosburg;85368;Moosburg a.d. Isar;;;;;1;aktiv;;0;;",
    "130;Wimmer;Kathrin;Zolling;85406;Zolling;Hauptstraße;1;;;1;aktiv;;0;;",
    "131;Lechner;Georg;Freising;85354;Freising;;;;;1;aktiv;;0;;",
    "140;Sedlmair;Rosa;Kranzberg;85402;Kranzberg;Kirchweg;8;;;1;aktiv;;0;;",
    "141;Forster;Alois;Nandlstadt;85405;Nandlstadt;;;;08756 321;1;aktiv;;0;;",
    "150;Kiermaier;Barbara;Haag;85410;Haag a.d. Amper;;;;;1;inaktiv;;0;;",
    "151;Stangl;Monika;Hallbergmoos;85399;Hallbergmoos;;;;;1;aktiv;;0;;",
    "152;;Ohne;Nirgendwo;;;;;;;1;aktiv;ohne Nachname: wird beim Import übersprungen;0;;",
]


def make_zwei_turniere(skt: Skt) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """CSV-imported address book, three tournaments sharing addresses, forced ties."""
    # A first address typed in by hand is wiped by the import (it replaces the address book).
    skt.add_address(nachname="Wegwerf", vorname="Erich", wohnort="Freising")
    skt.import_addresses_csv(CSV_COLUMNS + "\n" + "\n".join(CSV_ROWS) + "\n")
    notes: dict[str, Any] = {}

    # --- Tournament A: 8 players, 2 rounds, closed. Equal points, soli decide (Gruber/Brandl).
    ta = skt.create_tournament(
        title="Dreikönigsturnier",
        event_date="2026-01-06",
        start_time="14:00",
        marker="260106DREI",
        location="Pfarrheim Zolling",
    )
    for aid in (101, 105, 110, 120, 121, 130, 131, 140):
        skt.add_participant(ta, aid)
    skt.draw(ta, 1)
    enter_round(
        skt,
        ta,
        1,
        table_pattern(
            skt.tables(ta, 1),
            [[(30, 1), (-10, 0), (-30, 0), (10, None)], [(-20, 0), (50, 2), (-15, 0), (-15, 0)]],
        ),
    )
    skt.draw(ta, 2)
    gruber, brandl = skt.tp_of_address(ta, 120), skt.tp_of_address(ta, 121)
    s = max_soli(skt, ta, 2, [gruber, brandl])
    plan = solve_last_round(
        skt,
        ta,
        2,
        [[(20, 0), (-20, 0), (5, 0), (-5, None)], [(-10, 0), (25, 1), (-5, 0), (-10, 0)]],
        {gruber: (15, s + 2), brandl: (15, s + 1)},
    )
    enter_round(skt, ta, 2, plan)
    skt.close(ta)
    notes["A"] = {"tournament_id": ta, "equal_points_soli_decide_tp_ids": [gruber, brandl]}

    # After A was closed: Gruber moves; A's standings (live join on addresses) show the new
    # Wohnort, while tournament_participants.display_name keeps the old text.
    skt.edit_address(120, wohnort="Kranzberg", plz="85402", ort="Kranzberg")

    # --- Tournament B: 12 players, 2 rounds, closed. Full ties decided by the name.
    tb = skt.create_tournament(
        title="Faschingsturnier",
        event_date="2026-02-14",
        start_time="19:00",
        marker="260214FASC",
        location="Gasthaus Zur Post, Freising",
        organizer="Schafkopffreunde Freising",
    )
    for aid in (101, 102, 105, 106, 107, 111, 120, 121, 130, 141, 150, 151):
        skt.add_participant(tb, aid)
    skt.draw(tb, 1)
    enter_round(
        skt,
        tb,
        1,
        table_pattern(
            skt.tables(tb, 1),
            [
                [(25, 1), (-5, 0), (-30, 0), (10, None)],
                [(-15, 0), (40, 1), (-10, 0), (-15, 0)],
                [(5, 0), (-20, None), (35, 2), (-20, 0)],
            ],
        ),
    )
    skt.draw(tb, 2)
    tie3 = [skt.tp_of_address(tb, a) for a in (105, 106, 107)]  # Öttl, Ostermaier, zenger
    huber = [skt.tp_of_address(tb, a) for a in (101, 102)]  # Huber Josef Freising / Moosburg
    s3, s2 = max_soli(skt, tb, 2, tie3), max_soli(skt, tb, 2, huber)
    targets = dict.fromkeys(tie3, (20, s3 + 1))
    targets.update(dict.fromkeys(huber, (-15, s2)))
    plan = solve_last_round(
        skt,
        tb,
        2,
        [
            [(10, 0), (-10, 0), (15, 1), (-15, 0)],
            [(-5, 0), (5, 0), (20, 0), (-20, None)],
            [(30, 1), (-30, 0), (0, None), (0, 0)],
        ],
        targets,
    )
    enter_round(skt, tb, 2, plan)
    skt.close(tb)
    notes["B"] = {
        "tournament_id": tb,
        "tie_points_20_equal_soli_tp_ids_oettl_ostermaier_zenger": tie3,
        "tie_points_minus15_equal_soli_tp_ids_huber_freising_moosburg": huber,
    }

    # --- Tournament C: 8 players, round 1 drawn, only table 1 entered, open.
    tc = skt.create_tournament(
        title="Frühjahrsturnier",
        event_date="2026-03-20",
        start_time="19:00",
        marker="260320FRUE",
    )
    for aid in (101, 110, 111, 106, 120, 131, 140, 151):
        skt.add_participant(tc, aid)
    skt.draw(tc, 1)
    first = skt.tables(tc, 1)[1]
    skt.enter_table(tc, 1, 1, dict(zip(first, [(20, 1), (-20, 0), (10, 0), (-10, 0)], strict=True)))
    notes["C"] = {"tournament_id": tc, "entered_tables": [1], "open_tables": [2]}
    return [skt.standings(ta), skt.standings(tb), skt.standings(tc)], notes


# --------------------------------------------------------------------------- main
def summary(skt: Skt) -> dict[str, Any]:
    tables = [
        r["name"]
        for r in skt.rows("SELECT name FROM sqlite_master WHERE type='table' ORDER BY name")
    ]
    return {
        "schema_version": skt.one("SELECT v FROM meta WHERE k='schema_version'")["v"],
        "row_counts": {t: skt.one(f'SELECT COUNT(*) AS c FROM "{t}"')["c"] for t in tables},
    }


def write_json(path: Path, data: Any) -> None:
    path.write_text(json.dumps(data, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--skt-src", type=Path, required=True, help="SchafkopfTurnier checkout")
    parser.add_argument("--out", type=Path, required=True, help="folder for the databases")
    parser.add_argument(
        "--skt-commit", default=SKT_COMMIT, help="the commit the checkout was made from"
    )
    args = parser.parse_args()
    skt_src = args.skt_src.resolve()
    out = args.out.resolve()

    commit = args.skt_commit

    makers = {
        "club-abend": make_club_abend,
        "luecken-tausch": make_luecken_tausch,
        "zwei-turniere": make_zwei_turniere,
    }
    for name, maker in makers.items():
        db_path = out / f"{name}.sqlite3"
        skt = Skt(skt_src, db_path)
        made = maker(skt)
        standings, notes = made if isinstance(made, tuple) else (made, {})
        write_json(
            out / f"{name}.standings.json",
            {
                "database": db_path.name,
                "skt_commit": commit,
                "computed_by": "SchafkopfTurnier GET /tournaments/<id>/standings"
                " (tournament_standings_overall): rows passed to tournament_standings.html,"
                " equal to its rendered table",
                "rank_rule": "points desc, soli desc; equal (points, soli) share the rank"
                " (1,1,3); then nachname, vorname, wohnort (SQLite NOCASE), player_no",
                "notes": notes,
                **summary(skt),
                "tournaments": standings,
            },
        )
        print(f"{db_path.name}: {db_path.stat().st_size} bytes")


if __name__ == "__main__":
    main()
