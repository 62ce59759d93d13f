"""The cells of one row of a SchafkopfTurnier database, read as the import needs them: text that
our database can hold (no NUL, valid UTF-8) and whole numbers within the range of the column
they go into. A cell that is neither records a problem naming the table and row and gives a
harmless value instead, so that one reading names every problem of the file.

The database is opened with `text_factory = bytes`: a cell that is no valid UTF-8 then reaches
this module as bytes (instead of stopping the whole read), and is named here."""

from __future__ import annotations

from django.utils.translation import gettext as _

from tournament.exchange.skt.problems import SktProblems

#: What a round, table or player number may be: our smallint columns (Durchgang, table, start
#: number as the interchange format bounds it).
NUMBER_RANGE = (1, 32767)
#: What a round number may be: a tournament here has at most 20 Durchgänge.
ROUND_RANGE = (1, 20)
#: The years an event date or a moment of drawing may be in.
YEARS = (1900, 2999)
#: Points of a participant in one round: the score column (a 32-bit integer).
POINTS_RANGE = (-(2**31) + 1, 2**31 - 1)
#: Soli of a participant in one round: a smallint counter.
SOLI_RANGE = (-32768, 32767)
#: How much of a value a message quotes.
QUOTED = 40


def shown(value: object) -> str:
    """`value` for a message: short, without NUL, bytes as the text they may be."""
    if isinstance(value, bytes):
        value = value.decode("utf-8", "replace")
    text = "–" if value is None else str(value)
    text = text.replace("\x00", "\\0")
    return text if len(text) <= QUOTED else f"{text[:QUOTED]}…"


class Cells:
    """One row of `table`, its values by column name; `row` is its id (None when the id is no
    whole number)."""

    def __init__(self, table: str, values: dict[str, object], problems: SktProblems):
        self.table = table
        self.values = values
        self.problems = problems
        ident = values.get("id")
        self.row = ident if isinstance(ident, int) and not isinstance(ident, bool) else None

    def __getitem__(self, column: str) -> object:
        return self.values[column]

    def problem(self, message: object) -> None:
        self.problems.add(self.table, self.row, message)

    def text(self, column: str) -> str:
        """The cell as text, stripped; "" for NULL, and for a cell our database cannot hold (a
        NUL character, bytes that are no UTF-8), with a problem."""
        value = self.values[column]
        if value is None:
            return ""
        if isinstance(value, bytes):
            try:
                value = value.decode("utf-8")
            except UnicodeDecodeError:
                self.problem(_("%(column)s is no valid UTF-8 text.") % {"column": column})
                return ""
        text = str(value)
        if "\x00" in text:
            self.problem(
                _("%(column)s contains a NUL character: %(value)s")
                % {"column": column, "value": shown(text)}
            )
            return ""
        return text.strip()

    def number(self, column: str, bounds: tuple[int, int] | None = None) -> int | None:
        """The cell as a whole number within `bounds`, or None with a problem."""
        value = self.values[column]
        if not isinstance(value, int) or isinstance(value, bool):
            self.problem(
                _("%(column)s is not a whole number: %(value)s")
                % {"column": column, "value": shown(value)}
            )
            return None
        low, high = bounds or (-(2**63), 2**63 - 1)
        if not low <= value <= high:
            self.problem(
                _("%(column)s is %(value)s, out of the range %(low)s to %(high)s.")
                % {"column": column, "value": value, "low": low, "high": high}
            )
            return None
        return value
