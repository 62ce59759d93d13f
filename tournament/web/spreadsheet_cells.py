"""Text that a spreadsheet shows and never runs, in CSV files and in .xlsx workbooks alike.

Excel, LibreOffice and Google Sheets take a cell that starts with `=`, `+`, `-` or `@` as a
formula, and strip a leading tab or carriage return before they look: a player registered as
`=HYPERLINK("http://x")` would become a link, `-2+3+cmd|' /C calc'!A0` a command ("CSV
injection"). `formula_like` is the one test for such text. A CSV file holds it behind an
apostrophe (`csv_cell`), so that a spreadsheet shows it as text; the .xlsx export writes it as an
explicit string cell (`xlsx.text_cell`). Only text is touched: numbers stay numbers, -5 points
stay -5.
"""

from __future__ import annotations

from typing import Any

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def formula_like(text: str) -> bool:
    """Whether a spreadsheet would read `text` as a formula."""
    return text.startswith(FORMULA_STARTS)


def csv_cell(value: Any) -> Any:
    """`value` as a CSV writer should get it: text a spreadsheet would run is made inert."""
    if isinstance(value, str) and formula_like(value):
        return "'" + value
    return value
