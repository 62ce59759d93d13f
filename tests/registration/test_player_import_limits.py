"""A hostile player list gets a German message and stores nothing: a sheet declaring a million
rows, a zip bomb, XML entity bombs and external entities, broken XML, workbooks without a sheet,
lists past the line, column or time limit, an unterminated quote (points 6 and 8).

The hostile files are built here: a workbook written by openpyxl, then its XML patched in the zip.
No test times anything: a reader that fills cells a sheet only declares is caught by counting the
cells it converts (`cell_budget`), a reader that runs too long by a clock that the test moves.
"""

from __future__ import annotations

import datetime
import io
import re
import zipfile
from collections.abc import Callable

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from openpyxl import Workbook
from openpyxl.chart import BarChart, Reference

from tournament.models import Player
from tournament.registration import player_import
from tournament.registration.player_import import player_list_read

SLUG = "beispielturnier-2026"
SHEET = "xl/worksheets/sheet1.xml"
UNREADABLE = "Die Datei ist keine lesbare .xlsx-Arbeitsmappe."


def _xlsx(rows: list[list], book: Workbook | None = None) -> bytes:
    book = book or Workbook()
    for row in rows:
        book.active.append(row)
    buffer = io.BytesIO()
    book.save(buffer)
    return buffer.getvalue()


def _patched(content: bytes, member: str, change: Callable[[bytes], bytes]) -> bytes:
    """The workbook with one member's bytes changed, zipped again."""
    source = zipfile.ZipFile(io.BytesIO(content))
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as target:
        for name in source.namelist():
            data = source.read(name)
            target.writestr(name, change(data) if name == member else data)
    return buffer.getvalue()


def _dimension(ref: str) -> Callable[[bytes], bytes]:
    return lambda xml: re.sub(rb'<dimension ref="[^"]*"', f'<dimension ref="{ref}"'.encode(), xml)


def _rows_added(rows: bytes) -> Callable[[bytes], bytes]:
    return lambda xml: xml.replace(b"</sheetData>", rows + b"</sheetData>")


def _doctype(declarations: bytes, use: bytes) -> Callable[[bytes], bytes]:
    """The sheet with a DTD declaring entities, and the first name replaced by `use`."""

    def change(xml: bytes) -> bytes:
        xml = re.sub(rb"^<\?xml[^>]*\?>", b"", xml)
        head = b'<?xml version="1.0"?><!DOCTYPE worksheet [' + declarations + b"]>"
        return head + xml.replace(b"<t>Anna Huber</t>", b"<t>" + use + b"</t>")

    return change


def _read(filename: str, content: bytes) -> tuple[list[tuple[int, str]], list[str]]:
    result = player_list_read(filename, content)
    return [(row.line, row.name) for row in result.rows], [str(e) for e in result.errors]


LIST = [["Name", "Verein"], ["Anna Huber", "SK Weiden"], ["Beni Bauer", None]]
LAUGHS = b'<!ENTITY lol "lol">' + b"".join(
    b'<!ENTITY lol%d "%s">' % (n, (b"&lol%d;" % (n - 1) if n > 1 else b"&lol;") * 10)
    for n in range(1, 10)
)


@pytest.fixture
def cell_budget(monkeypatch):
    """Fail, rather than hang, when the reader converts more cells than the test's file holds:
    a reader that fills the cells a sheet declares (A1:XFD1048576: 17 billion) never ends."""
    convert = player_import._cell_text
    calls = 0

    def counted(value):
        nonlocal calls
        calls += 1
        assert calls < 10_000, "the reader converts cells the file does not have"
        return convert(value)

    monkeypatch.setattr(player_import, "_cell_text", counted)


@pytest.fixture
def boss(client, supervisor):
    client.force_login(supervisor)
    return client


def _refused(client, content: bytes, filename: str = "liste.xlsx") -> str:
    """Upload as the supervisor; the page must refuse the file with 400 and store nothing."""
    before = Player.objects.count()
    url = reverse("manage:players_import", args=[SLUG])
    response = client.post(url, {"file": SimpleUploadedFile(filename, content)})
    assert response.status_code == 400
    assert response.context["token"] == ""
    assert "Es wurde nichts gespeichert." in response.content.decode()
    assert Player.objects.count() == before
    return response.content.decode()


# --- the declared dimension is never trusted ---------------------------------------------------


def test_a_sheet_declaring_a_million_rows_and_16384_columns_yields_only_its_real_rows(
    cell_budget,
):
    content = _patched(_xlsx(LIST), SHEET, _dimension("A1:XFD1048576"))
    assert _read("liste.xlsx", content) == ([(2, "Anna Huber"), (3, "Beni Bauer")], [])


def test_a_sheet_declaring_fewer_rows_than_it_has_loses_no_player():
    content = _xlsx([*LIST, ["Cilli Kern", "SK"]])
    content = _patched(content, SHEET, _dimension("A1:B2"))
    rows, errors = _read("liste.xlsx", content)
    assert rows == [(2, "Anna Huber"), (3, "Beni Bauer"), (4, "Cilli Kern")] and errors == []


def test_a_5_kb_workbook_with_a_row_far_down_stops_at_the_line_limit(boss, cell_budget):
    content = _patched(
        _xlsx(LIST),
        SHEET,
        lambda xml: _rows_added(b'<row r="1048576"><c r="A1048576"><v>1</v></c></row>')(
            _dimension("A1:XFD1048576")(xml)
        ),
    )
    assert len(content) < 6000
    text = _refused(boss, content)
    assert "Zeile 5001: die Liste ist länger als 5000 Zeilen" in text


def test_a_value_beyond_the_column_limit_is_refused_but_empty_formatted_cells_are_not(
    boss, cell_budget
):
    far_empty = _patched(
        _xlsx(LIST), SHEET, lambda xml: xml.replace(b"</row>", b'<c r="XFD1" s="0"/></row>', 1)
    )
    assert _read("liste.xlsx", far_empty) == ([(2, "Anna Huber"), (3, "Beni Bauer")], [])
    wide = _xlsx([LIST[0], LIST[1], ["Beni Bauer", *[None] * 49, "Spalte 51"]])
    assert "Zeile 3: mehr als 50 Spalten" in _refused(boss, wide)


# --- size, XML attacks, broken workbooks ---------------------------------------------------------


def test_a_workbook_that_unpacks_to_more_than_10_mb_is_refused_before_it_is_parsed(boss):
    padded = _patched(
        _xlsx(LIST), SHEET, lambda xml: xml.replace(b"<sheetData>", b"<sheetData>" + b" " * 11**7)
    )
    assert len(padded) < 100_000  # spaces compress a thousandfold: a small zip bomb
    assert "Die Arbeitsmappe ist entpackt größer als 10 MB." in _refused(boss, padded)


@pytest.mark.parametrize(
    "part", ["docProps/core.xml", "xl/styles.xml", "xl/_rels/workbook.xml.rels"]
)
def test_the_xlsx_reader_parses_xml_with_defusedxml(boss, part):
    """Not the sheet alone: every part openpyxl reads is parsed with defusedxml, so entities
    declared in any of them refuse the file, and nothing is stored."""
    bomb = _patched(_xlsx(LIST), part, _doctype(LAUGHS, b""))
    assert UNREADABLE in _refused(boss, bomb)


XLSX_ATTACKS = {
    "billion laughs": _patched(_xlsx(LIST), SHEET, _doctype(LAUGHS, b"&lol9;")),
    "external entity": _patched(
        _xlsx(LIST),
        SHEET,
        _doctype(b'<!ENTITY xxe SYSTEM "file:///etc/passwd">', b"&xxe;"),
    ),
    "entities in the workbook part": _patched(
        _xlsx(LIST), "xl/workbook.xml", _doctype(LAUGHS, b"")
    ),
    "a zip that is no workbook": _patched(_xlsx(LIST), "[Content_Types].xml", lambda xml: b""),
    "no zip at all": b"PK\x03\x04" + b"\x00" * 100,
}


@pytest.mark.parametrize("attack", XLSX_ATTACKS)
def test_hostile_xml_or_a_zip_that_is_no_workbook_gets_a_german_message(boss, attack):
    text = _refused(boss, XLSX_ATTACKS[attack])
    assert UNREADABLE in text
    assert "root:" not in text  # nothing of /etc/passwd


def test_broken_xml_in_the_sheet_names_the_line_where_reading_stopped(boss):
    broken = _patched(
        _xlsx(LIST), SHEET, lambda xml: xml.replace(b'</row><row r="3"', b'</ro><row r="3"')
    )
    assert "Zeile 2: die Arbeitsmappe ist ab dieser Zeile nicht lesbar" in _refused(boss, broken)


def _chartsheet_only() -> bytes:
    book = Workbook()
    book.active.append(["Name"])
    book.active.append([1])
    chart = BarChart()
    chart.add_data(Reference(book.active, min_col=1, min_row=1, max_row=2))
    book.create_chartsheet().add_chart(chart)
    content = _xlsx([], book)
    return _patched(
        content, "xl/workbook.xml", lambda xml: re.sub(rb"<sheet [^>]*/>", b"", xml, count=1)
    )


@pytest.mark.parametrize(
    "content",
    [
        pytest.param(_chartsheet_only(), id="only a chart sheet"),
        pytest.param(
            _patched(
                _xlsx(LIST),
                "xl/workbook.xml",
                lambda xml: re.sub(rb"<sheets>.*</sheets>", b"<sheets/>", xml),
            ),
            id="no sheet",
        ),
    ],
)
def test_a_workbook_without_a_worksheet_says_so(boss, content):
    assert "Die Arbeitsmappe enthält kein Tabellenblatt." in _refused(boss, content)


def _cell(xml: bytes) -> Callable[[bytes], bytes]:
    """The sheet with the cell of Anna Huber's name replaced by `xml`."""
    return lambda sheet: re.sub(rb'<c r="A2"[^>]*><is><t>Anna Huber</t></is></c>', xml, sheet)


def test_formulas_errors_and_dates_are_read_as_the_text_they_show():
    content = _xlsx(
        [
            ["Name", "Verein"],
            ["=1+1", "SK"],
            ["#DIV/0!", "SK"],
            [datetime.datetime(2026, 11, 22, 19, 30), "SK"],
            [1e15, "SK"],
        ]
    )
    rows, errors = _read("liste.xlsx", content)
    assert [name for _, name in rows] == ["=1+1", "#DIV/0!", "2026-11-22 19:30:00", "1" + "0" * 15]
    assert errors == []


@pytest.mark.parametrize(
    ("cell", "message"),
    [
        pytest.param(
            b'<c r="A2"><v>' + b"9" * 5000 + b"</v></c>",
            "Zeile 2: die Arbeitsmappe ist ab dieser Zeile nicht lesbar",
            id="a number of 5000 digits",
        ),
        pytest.param(
            b'<c r="A2"><v>x</v></c>',
            "Zeile 2: die Arbeitsmappe ist ab dieser Zeile nicht lesbar",
            id="a number that is none",
        ),
    ],
)
def test_a_cell_openpyxl_cannot_convert_is_a_message_naming_its_line(boss, cell, message):
    content = _patched(_xlsx(LIST), SHEET, _cell(cell))
    assert message in _refused(boss, content)


def test_a_huge_start_number_is_refused_with_its_line(boss):
    content = _xlsx([["Nr", "Name"], [1e300, "Anna Huber"]])
    text = _refused(boss, content)
    assert "Zeile 2: Startnummer" in text and "ist keine Zahl von 1 bis 99999" in text
    digits = ("9" * 5000).encode()
    text = _refused(boss, b"Nr;Name\n" + digits + b";Anna Huber\n", "liste.csv")
    assert "Zeile 2: Startnummer" in text


# --- time and CSV ------------------------------------------------------------------------------


def test_reading_stops_with_a_message_when_the_time_is_up(boss, monkeypatch):
    seconds = player_import.READ_SECONDS
    clock = iter([0, 0, 0, seconds + 1, seconds + 2])  # the start, then a look per line
    monkeypatch.setattr(player_import, "monotonic", lambda: next(clock))
    text = _refused(boss, b"Name\nAnna Huber\nBeni Bauer\nCilli Kern\n", "liste.csv")
    assert (
        f"Zeile 3: das Lesen der Datei dauerte länger als {seconds} Sekunden und wurde hier "
        "abgebrochen" in text
    )


def test_an_unterminated_quote_is_refused_naming_its_line_not_merged_into_one_name(boss):
    content = b'Name;Verein\nAnna Huber;SK\n"Beni Bauer;SK\nCilli Kern;SK\nDori Dax;\n'
    rows, errors = _read("liste.csv", content)
    assert rows == [(2, "Anna Huber")]
    text = _refused(boss, content, "liste.csv")
    assert (
        "Zeile 3: das Anführungszeichen (&quot;), das in dieser Zeile eine Zelle öffnet, "
        "wird nie geschlossen" in text
    )


def test_a_quoted_cell_may_still_span_lines_at_the_end_of_the_file():
    rows, errors = _read("liste.csv", b'Name;Verein\nAnna Huber;"SK\nWeiden"')
    assert rows == [(2, "Anna Huber")] and errors == []


def test_a_csv_list_past_the_line_limit_is_refused(boss):
    names = "".join(f"Spieler {n}\n" for n in range(1, 5001))
    text = _refused(boss, ("Name\n" + names).encode(), "liste.csv")
    assert "Zeile 5001: die Liste ist länger als 5000 Zeilen" in text
    blank = _refused(boss, b"Name\nAnna\n" + b"\n" * 600_000, "liste.csv")
    assert "Zeile 5001: die Liste ist länger als 5000 Zeilen" in blank


def test_a_csv_line_past_the_column_limit_is_refused_but_empty_cells_beyond_are_not(boss):
    rows, errors = _read("liste.csv", b"Name;Verein" + b";" * 200 + b"\nAnna Huber;SK\n")
    assert rows == [(2, "Anna Huber")] and errors == []
    wide = b"Name;Verein\nAnna Huber;SK" + b";x" * 49 + b"\n"
    assert "Zeile 2: mehr als 50 Spalten" in _refused(boss, wide, "liste.csv")


def test_the_preview_of_a_file_with_many_bad_lines_lists_twenty_then_counts_the_rest(boss):
    content = b"Name;Verein\n" + b";SK\n" * 100
    text = _refused(boss, content, "liste.csv")
    assert text.count("<li>Zeile ") == 20
    assert "Zeile 21: Name fehlt" in text and "Zeile 22:" not in text
    assert "und 80 weitere fehlerhafte Zeilen" in text
