"""Sheets written row by row in openpyxl's write-only mode, with typed and safe cells.

A workbook in write-only mode streams each row to a temporary file, so memory stays flat however
many players a tournament has; the price is that a sheet's layout (column widths, frozen header)
is fixed before its first row. `sheet_write` does the layout, `cell_value` the typing:

- numbers and booleans stay numbers and booleans, dates and times become Excel dates (aware
  datetimes in the local time zone, as Excel has no time zones);
- text is always text. openpyxl turns a string starting with `=` into a formula and `#N/A` and
  the like into error values; such strings, and every text a spreadsheet could take for a
  formula (`cells.formula_like`, the test the CSV files use too), are written as explicit string
  cells instead. Text
  is escaped the way the file format (ST_Xstring) wants it: characters XML cannot hold and the
  carriage return (which XML would turn into a line feed) as `_xHHHH_`, and an underscore that
  would otherwise start such an escape as `_x005F_`, so Excel and LibreOffice show exactly the
  stored text.
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any, cast

from django.db.models import Field, Model
from django.utils import timezone
from django.utils.functional import Promise
from django.utils.text import capfirst
from openpyxl.cell import Cell, WriteOnlyCell
from openpyxl.cell.cell import ERROR_CODES
from openpyxl.styles import Font
from openpyxl.utils import get_column_letter
from openpyxl.workbook import Workbook
from openpyxl.worksheet._write_only import WriteOnlyWorksheet

from tournament.web.spreadsheet_cells import formula_like

EURO_FORMAT = '#,##0.00 "€"'
XLSX_CONTENT_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
DATETIME_FORMAT = "yyyy-mm-dd hh:mm"
MAX_WIDTH = 50

_ESCAPED = re.compile(r"_(?=x[0-9A-Fa-f]{4}_)|[\x00-\x08\x0b-\x0d\x0e-\x1f\ufffe\uffff]")
_BOLD = Font(bold=True)


@dataclass(frozen=True)
class Column:
    """A column of a sheet: its header and the width of its longest expected value."""

    header: str
    width: int = 8

    @property
    def chars(self) -> int:
        return min(MAX_WIDTH, max(self.width, len(self.header)) + 2)


@dataclass(frozen=True)
class Euros:
    """An amount of a money tariff: written as a number of euros in a euro format."""

    cents: int


def score_cells(unit: str) -> Callable[[int | None], Any]:
    """How the points of a point table with `unit` go into cells: as they are, or for a money
    tariff (`cents`) as euros that a spreadsheet can still add up."""
    if unit != "cents":
        return lambda value: value
    return lambda value: None if value is None else Euros(value)


def field_column(model: type[Model], name: str, width: int) -> Column:
    """A column holding a model field, headed by the field's name as forms and admin show it."""
    field = cast(Field, model._meta.get_field(name))  # a concrete field, not a relation's far end
    return Column(str(capfirst(field.verbose_name)), width)


def xlsx_text(value: str) -> str:
    """The text as the file stores it, so that a spreadsheet shows exactly `value`."""
    return _ESCAPED.sub(lambda m: f"_x{ord(m.group()):04X}_", value)


def text_cell(ws: WriteOnlyWorksheet, value: str) -> Any:
    """A cell that holds `value` as text, never as a formula or an error value."""
    stored = xlsx_text(value)
    if not (formula_like(value) or stored in ERROR_CODES):
        return stored  # openpyxl types any other string as text
    return _string_cell(ws, stored)


def _string_cell(ws: WriteOnlyWorksheet, stored: str) -> Cell:
    cell = WriteOnlyCell(ws, value=stored)  # typed by openpyxl, maybe as a formula or error
    cell.data_type = "s"
    return cell


def cell_value(ws: WriteOnlyWorksheet, value: Any) -> Any:
    """What to hand to `ws.append` for one value of a row."""
    if isinstance(value, Promise):
        value = str(value)
    if isinstance(value, str):
        return text_cell(ws, value) if value else None
    if isinstance(value, Euros):
        # openpyxl writes a Decimal as it is; its stubs leave Decimal out of WriteOnlyCell.
        cell = WriteOnlyCell(ws, value=Decimal(value.cents) / 100)  # type: ignore[arg-type]
        cell.number_format = EURO_FORMAT
        return cell
    if isinstance(value, datetime.datetime):
        if timezone.is_aware(value):
            value = timezone.localtime(value).replace(tzinfo=None)
        cell = WriteOnlyCell(ws, value=value)
        cell.number_format = DATETIME_FORMAT
        return cell
    return value


def sheet_write(
    workbook: Workbook, title: str, columns: Sequence[Column], rows: Iterable[Sequence[Any]]
) -> int:
    """Append a sheet with a bold, frozen header row and a filter over the data; returns the
    number of data rows written."""
    ws = workbook.create_sheet(title)
    for index, column in enumerate(columns, 1):
        ws.column_dimensions[get_column_letter(index)].width = column.chars
    ws.freeze_panes = "A2"
    header = []
    for column in columns:
        cell = _string_cell(ws, xlsx_text(column.header))
        cell.font = _BOLD
        header.append(cell)
    ws.append(header)
    count = 0
    for row in rows:
        ws.append([cell_value(ws, value) for value in row])
        count += 1
    ws.auto_filter.ref = f"A1:{get_column_letter(len(columns))}{count + 1}"
    return count
