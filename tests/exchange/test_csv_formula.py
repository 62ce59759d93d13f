"""CSV files are formula-safe: text that a spreadsheet would run as a formula
comes out inert, numbers stay numbers. `standings --format csv` is the one CSV the app writes."""

from __future__ import annotations

import csv
import io

import pytest
from django.core.management import call_command

from tournament.models import Player
from tournament.web.spreadsheet_cells import csv_cell, formula_like

HOSTILE = {
    "P0003": ('=HYPERLINK("http://x")', "@SUM(A1)"),
    "P0005": ("+1", "-2+3+cmd|' /C calc'!A0"),
    "P0011": ("\t=1+1", "\r=1+1"),
    "P0012": ("Anna\r=1+1", "SK\n@SUM(A1)"),  # a line break inside must not start a new row
}


@pytest.mark.parametrize(
    ("value", "written"),
    [
        ('=HYPERLINK("http://x")', '\'=HYPERLINK("http://x")'),
        ("+49 151", "'+49 151"),
        ("-2+3", "'-2+3"),
        ("@SUM(A1)", "'@SUM(A1)"),
        ("\t=1", "'\t=1"),
        ("\r=1", "'\r=1"),
        ("Anna = Huber", "Anna = Huber"),
        ("", ""),
        (-5, -5),
        (0, 0),
        (None, None),
    ],
)
def test_only_text_a_spreadsheet_would_run_is_made_inert(value, written):
    assert csv_cell(value) == written


def test_standings_csv_writes_formula_names_inert_and_negative_points_as_numbers(
    example_tournament,
):
    for ident, (name, club) in HOSTILE.items():
        Player.objects.filter(tournament=example_tournament, ident=ident).update(
            name=name, club=club
        )
    out = io.StringIO()
    call_command("standings", example_tournament.slug, "--format", "csv", stdout=out)
    rows = {row["player"]: row for row in csv.DictReader(io.StringIO(out.getvalue(), newline=""))}
    for ident, (name, club) in HOSTILE.items():
        inert = [text if text[0].isalpha() else "'" + text for text in (name, club)]
        assert [rows[ident]["name"], rows[ident]["club"]] == inert
    assert (rows["P0003"]["points"], rows["P0003"]["durchgang_1"]) == ("-36", "-12")
    assert rows["P0005"]["points"] == "-19"
    assert "'-36" not in out.getvalue() and ",-36," in out.getvalue()  # a bare number
    assert len(rows) == 13 and all(len(row) == len(rows["P0003"]) for row in rows.values())
    cells = [cell for row in rows.values() for cell in row.values()]
    assert not [c for c in cells if formula_like(c) and not c.lstrip("-").isdecimal()]
