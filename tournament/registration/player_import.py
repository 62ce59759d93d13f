"""Read a player list (CSV or .xlsx) into rows and errors; nothing is stored here.

A list has a header row naming its columns: the name (or first and last name), the club and,
optionally, the start number; other columns are ignored. Header names are matched in German or
English, case-insensitive (`COLUMNS`). Every error names the line of the file (the spreadsheet
row) it was found in, so the supervisor can fix the file and upload it again.

Cells are data: a name that looks like a formula or markup is kept as the text it is.

A hostile file gets a message, never a busy worker. The upload is at most `MAX_BYTES`. An .xlsx
is a zip: the sizes its directory declares must add up to at most `MAX_UNPACKED` before openpyxl
opens it, and as Python's zipfile never unpacks a member past its declared size, that bounds a
zip bomb too. Its XML is parsed by defusedxml (openpyxl uses it when it is installed), which
refuses entity declarations: no "billion laughs", no external entities. The sheet's declared
dimension is never trusted (a 5 kB file may declare A1:XFD1048576): rows are read as they come,
streamed. Any list, CSV or .xlsx, has at most `MAX_LINES` lines and `MAX_COLUMNS` columns, and
reading stops after `READ_SECONDS`; each limit is a message naming it.
"""

from __future__ import annotations

import csv
import io
import re
import zipfile
from collections.abc import Iterator
from dataclasses import dataclass, field
from time import monotonic

from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from openpyxl import load_workbook

from tournament.web.names import name_normal, name_problem

MAX_BYTES = 1_000_000
MAX_UNPACKED = 10_000_000
MAX_LINES = 5000
MAX_COLUMNS = 50
READ_SECONDS = 15  # a list of 5000 lines reads in about 3 s on a busy machine
ERROR_LINES_SHOWN = 20
NAME_LENGTH = 200
CLUB_LENGTH = 200

#: Column → accepted header names, compared without case, spaces, dots, dashes and underscores.
COLUMNS: dict[str, frozenset[str]] = {
    "name": frozenset(
        {"name", "spieler", "spielername", "teilnehmer", "player", "playername", "fullname"}
    ),
    "first_name": frozenset({"vorname", "firstname", "givenname"}),
    "last_name": frozenset({"nachname", "familienname", "lastname", "surname", "familyname"}),
    "club": frozenset(
        {"verein", "club", "ort", "verein/ort", "vereinort", "wohnort", "team", "place", "town"}
    ),
    "start_number": frozenset(
        {"startnummer", "startnr", "nr", "nummer", "no", "number", "startnumber", "startno", "#"}
    ),
}


@dataclass(frozen=True)
class PlayerRow:
    line: int
    name: str
    club: str = ""
    start_number: int | None = None


@dataclass(frozen=True, order=True)
class LineError:
    """A problem of one line of the file (line 0: of the file as a whole)."""

    line: int
    message: str

    def __str__(self) -> str:
        if not self.line:
            return self.message
        return _("Line %(line)s: %(message)s") % {"line": self.line, "message": self.message}


@dataclass
class PlayerList:
    rows: list[PlayerRow] = field(default_factory=list)
    errors: list[LineError] = field(default_factory=list)


def errors_shown(errors: list[LineError]) -> tuple[list[LineError], str]:
    """The errors of the first `ERROR_LINES_SHOWN` lines with errors, and a note saying how many
    more lines have errors ("" when none), so that the preview of a bad file stays short."""
    lines = sorted({error.line for error in errors})
    if len(lines) <= ERROR_LINES_SHOWN:
        return errors, ""
    last = lines[ERROR_LINES_SHOWN - 1]
    n = len(lines) - ERROR_LINES_SHOWN
    more = ngettext("and %(n)s more line with errors", "and %(n)s more lines with errors", n) % {
        "n": n
    }
    return [error for error in errors if error.line <= last], more


def _file_error(message: str) -> PlayerList:
    return PlayerList(errors=[LineError(0, message)])


def player_list_read(filename: str, content: bytes) -> PlayerList:
    """The rows of an uploaded player list, with every problem found in it."""
    deadline = monotonic() + READ_SECONDS
    if len(content) > MAX_BYTES:
        return _file_error(_("The file is larger than 1 MB."))
    if filename.lower().endswith(".xls"):
        return _file_error(_("Save the list as .xlsx or as CSV, please."))
    if filename.lower().endswith(".xlsx") or content.startswith(b"PK\x03\x04"):
        return _rows_read(_bounded(_xlsx_lines(content), deadline))
    text = _decode(content)
    if text is None:
        return _file_error(_("The file is neither UTF-8 nor Windows-1252 text."))
    return _rows_read(_bounded(_csv_lines(text), deadline))


def _bounded(
    lines: Iterator[tuple[int, list[str]]], deadline: float
) -> Iterator[tuple[int, list[str]]]:
    """The lines, stopped with an error at the line limit or when the time is up."""
    for line, cells in lines:
        if line > MAX_LINES:
            raise _Unreadable(
                LineError(line, _("the list is longer than %(n)s lines") % {"n": MAX_LINES})
            )
        if monotonic() > deadline:
            raise _Unreadable(
                LineError(
                    line,
                    _("reading the file took longer than %(n)s seconds and was stopped here")
                    % {"n": READ_SECONDS},
                )
            )
        yield line, cells


def _too_wide(line: int) -> _Unreadable:
    return _Unreadable(LineError(line, _("more than %(n)s columns") % {"n": MAX_COLUMNS}))


def _decode(content: bytes) -> str | None:
    """UTF-8 (with or without BOM), UTF-16 with BOM (Excel's "Unicode text"), else Windows-1252."""
    utf16 = content.startswith((b"\xff\xfe", b"\xfe\xff"))
    for encoding in ("utf-16",) if utf16 else ("utf-8-sig", "cp1252"):
        try:
            return content.decode(encoding)
        except UnicodeDecodeError:
            continue
    return None


def _csv_lines(text: str):
    """(line number, cells) of each record; a quoted cell may span lines, but a quote left open
    is an error of its line, not a name that swallows the rest of the file."""
    first = next((line for line in text.splitlines() if line.strip()), "")
    delimiter = max(";,\t", key=first.count)
    ended = False

    def source():
        nonlocal ended
        yield from io.StringIO(text, newline="")
        ended = True

    # The reader asks for the next physical line only while a record is unfinished: a record it
    # returns after the text has ended was cut off inside a quoted cell.
    reader = csv.reader(source(), delimiter=delimiter)
    start = 1
    try:
        for cells in reader:
            if ended:
                raise _Unreadable(
                    LineError(
                        start,
                        _('the quotation mark (") that opens a cell in this line is never closed'),
                    )
                )
            if len(cells) > MAX_COLUMNS and any(c.strip() for c in cells[MAX_COLUMNS:]):
                raise _too_wide(start)
            yield start, cells
            start = reader.line_num + 1
    except csv.Error:  # the only one left to a non-strict reader: a cell past the field limit
        raise _Unreadable(
            LineError(
                start,
                _("the line cannot be read: a cell is longer than %(n)s characters")
                % {"n": csv.field_size_limit()},
            )
        ) from None


def _zip_check(content: bytes) -> None:
    """Refuse a zip whose members unpack to more than `MAX_UNPACKED` bytes, before parsing any."""
    try:
        with zipfile.ZipFile(io.BytesIO(content)) as archive:
            unpacked = sum(member.file_size for member in archive.infolist())
    except Exception:  # a hostile zip directory fails in many ways; each means "not a workbook"
        raise _Unreadable(LineError(0, _("The file is not a readable .xlsx workbook."))) from None
    if unpacked > MAX_UNPACKED:
        raise _Unreadable(
            LineError(
                0,
                _("The workbook unpacks to more than %(n)s MB.") % {"n": MAX_UNPACKED // 1_000_000},
            )
        )


def _xlsx_lines(content: bytes):
    """(row number, cell texts) of each row of the first worksheet, streamed as the sheet's XML
    has them; the rows it leaves out come as empty lines."""
    _zip_check(content)
    try:
        # Not data_only: a formula is kept as its text, never replaced by what it computes.
        book = load_workbook(io.BytesIO(content), read_only=True, data_only=False)
    except Exception:  # openpyxl's errors on a broken or hostile file are many and undocumented
        raise _Unreadable(LineError(0, _("The file is not a readable .xlsx workbook."))) from None
    try:
        if not book.worksheets:  # no sheet at all, or only chart sheets
            raise _Unreadable(LineError(0, _("The workbook has no worksheet.")))
        sheet = book.worksheets[0]
        sheet.reset_dimensions()  # a row is as wide as its cells, not as the declaration says
        rows = sheet.iter_rows(values_only=True)
        number = 0
        while True:
            number += 1
            try:
                values = next(rows, None)
            except Exception:  # broken XML or a value openpyxl cannot convert, in this row or later
                raise _Unreadable(
                    LineError(number, _("the workbook cannot be read from this line on"))
                ) from None
            if values is None:
                return
            if len(values) > MAX_COLUMNS and (
                values[MAX_COLUMNS:].count(None) < len(values) - MAX_COLUMNS
            ):
                raise _too_wide(number)
            yield number, [_cell_text(v) for v in values[:MAX_COLUMNS]]
    finally:
        book.close()


def _cell_text(value) -> str:
    if value is None:
        return ""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


class _Unreadable(Exception):
    pass


def _header_key(text: str) -> str:
    return re.sub(r"[\s._\-]+", "", text.strip().casefold())


def _columns(header: list[str]) -> dict[str, int]:
    found: dict[str, int] = {}
    for index, text in enumerate(header):
        key = _header_key(text)
        for column, names in COLUMNS.items():
            if key in names:
                found.setdefault(column, index)
    return found


def _rows_read(lines) -> PlayerList:
    result = PlayerList()
    try:
        lines = iter(lines)
        header = next(((n, cells) for n, cells in lines if any(c.strip() for c in cells)), None)
        if header is None:
            result.errors.append(LineError(0, _("The file is empty.")))
            return result
        header_line, header_cells = header
        columns = _columns(header_cells)
        if "name" not in columns and not {"first_name", "last_name"} <= columns.keys():
            result.errors.append(
                LineError(
                    header_line,
                    _("no column for the name (a header such as Name, Spieler or Player)"),
                )
            )
            return result
        for line, cells in lines:
            if any(c.strip() for c in cells):
                _row_read(result, line, cells, columns)
    except _Unreadable as exc:
        result.errors.append(exc.args[0])
    return result


def _row_read(result: PlayerList, line: int, cells: list[str], columns: dict[str, int]) -> None:
    def cell(column: str) -> str:
        index = columns.get(column)
        return cells[index].strip() if index is not None and index < len(cells) else ""

    name = cell("name") or " ".join(filter(None, (cell("first_name"), cell("last_name"))))
    name = name_normal(name)  # NFC, no invisible characters at the ends (tournament/web/names.py)
    club, number_text = cell("club"), cell("start_number")
    errors = []
    if not name:
        errors.append(LineError(line, _("name missing")))
    elif problem := name_problem(name, field=_("Name")):
        errors.append(LineError(line, problem))
    elif len(name) > NAME_LENGTH:
        errors.append(LineError(line, _("the name is longer than 200 characters")))
    if len(club) > CLUB_LENGTH:
        errors.append(LineError(line, _("the club is longer than 200 characters")))
    if "\x00" in name + club + number_text:  # PostgreSQL stores no NUL in text
        errors.append(LineError(line, _("the line contains a NUL character")))
    number = None
    if number_text:
        # The length first: int() refuses a text of more than 4300 digits with ValueError.
        if len(number_text) <= 10 and number_text.isdecimal() and 1 <= int(number_text) <= 99999:
            number = int(number_text)
        else:
            errors.append(
                LineError(
                    line,
                    _("start number “%(value)s” is not a number from 1 to 99999")
                    % {"value": number_text},
                )
            )
    result.errors.extend(errors)
    if not errors:
        result.rows.append(PlayerRow(line=line, name=name, club=club, start_number=number))
