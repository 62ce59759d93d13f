"""Read a player list (CSV or .xlsx) into rows and errors; nothing is stored here.

A list has a header row naming its columns: the name (or first and last name), the club and,
optionally, the start number; other columns are ignored. Header names are matched in German or
English, case-insensitive (`COLUMNS`). Every error names the line of the file (the spreadsheet
row) it was found in, so the supervisor can fix the file and upload it again.

Cells are data: a name that looks like a formula or markup is kept as the text it is.
"""

from __future__ import annotations

import csv
import io
import re
import zipfile
from dataclasses import dataclass, field

from django.utils.translation import gettext as _
from openpyxl import load_workbook
from openpyxl.utils.exceptions import InvalidFileException

MAX_BYTES = 1_000_000
MAX_ROWS = 3000
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


def _file_error(message: str) -> PlayerList:
    return PlayerList(errors=[LineError(0, message)])


def player_list_read(filename: str, content: bytes) -> PlayerList:
    """The rows of an uploaded player list, with every problem found in it."""
    if len(content) > MAX_BYTES:
        return _file_error(_("The file is larger than 1 MB."))
    if filename.lower().endswith(".xls"):
        return _file_error(_("Save the list as .xlsx or as CSV, please."))
    if filename.lower().endswith(".xlsx") or content.startswith(b"PK\x03\x04"):
        return _rows_read(_xlsx_lines(content))
    text = _decode(content)
    if text is None:
        return _file_error(_("The file is neither UTF-8 nor Windows-1252 text."))
    return _rows_read(_csv_lines(text))


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
    """(line number, cells) of each record; a quoted cell may span lines."""
    first = next((line for line in text.splitlines() if line.strip()), "")
    delimiter = max(";,\t", key=first.count)
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter)
    start = 1
    try:
        for cells in reader:
            yield start, cells
            start = reader.line_num + 1
    except csv.Error as exc:
        raise _Unreadable(
            LineError(start, _("the line cannot be read (%(error)s)") % {"error": exc})
        ) from None


def _xlsx_lines(content: bytes):
    try:
        # Not data_only: a formula is kept as its text, never replaced by what it computes.
        book = load_workbook(io.BytesIO(content), read_only=True, data_only=False)
    except (zipfile.BadZipFile, InvalidFileException, KeyError, OSError, ValueError, TypeError):
        raise _Unreadable(LineError(0, _("The file is not a readable .xlsx workbook."))) from None
    try:
        for number, values in enumerate(book.worksheets[0].iter_rows(values_only=True), 1):
            yield number, [_cell_text(v) for v in values]
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
            if len(result.rows) > MAX_ROWS:
                result.errors.append(
                    LineError(line, _("more than %(n)s players") % {"n": MAX_ROWS})
                )
                break
    except _Unreadable as exc:
        result.errors.append(exc.args[0])
    return result


def _row_read(result: PlayerList, line: int, cells: list[str], columns: dict[str, int]) -> None:
    def cell(column: str) -> str:
        index = columns.get(column)
        return cells[index].strip() if index is not None and index < len(cells) else ""

    name = cell("name") or " ".join(filter(None, (cell("first_name"), cell("last_name"))))
    club, number_text = cell("club"), cell("start_number")
    errors = []
    if not name:
        errors.append(LineError(line, _("name missing")))
    elif len(name) > NAME_LENGTH:
        errors.append(LineError(line, _("the name is longer than 200 characters")))
    if len(club) > CLUB_LENGTH:
        errors.append(LineError(line, _("the club is longer than 200 characters")))
    number = None
    if number_text:
        if number_text.isdecimal() and 1 <= int(number_text) <= 99999:
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
