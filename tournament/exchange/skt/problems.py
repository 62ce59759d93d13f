"""Problems of a SchafkopfTurnier import, each naming the table and row of its file (or the
tournament, round, table and seat where our rules refuse a result)."""

# Declared boilerplate (duplicates): a list of problems is alike in shape to the interchange
# reader's.

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import pgettext


@dataclass(frozen=True)
class SktProblem:
    table: str
    row: int | None
    message: str

    def __str__(self) -> str:
        if self.table and self.row is not None:
            where = pgettext("database", "Table %(table)s, row %(row)s") % {
                "table": self.table,
                "row": self.row,
            }
        elif self.table:
            where = pgettext("database", "Table %(table)s") % {"table": self.table}
        else:
            return self.message
        return f"{where}: {self.message}"


class SktError(Exception):
    """The database cannot be imported; `problems` names every one found. Nothing is stored."""

    def __init__(self, problems: list[SktProblem]):
        super().__init__("\n".join(str(p) for p in problems))
        self.problems = problems


class SktProblems:
    """Collects problems while a database is read or stored."""

    def __init__(self) -> None:
        self.items: list[SktProblem] = []

    @staticmethod
    def made(table: str, row: int | None, message: object) -> SktProblem:
        return SktProblem(table, row, str(message))

    def add(self, table: str, row: int | None, message: object) -> None:
        self.items.append(self.made(table, row, message))

    def __bool__(self) -> bool:
        return bool(self.items)

    def raise_if_any(self) -> None:
        if self.items:
            raise SktError(self.items)
