"""Errors of an interchange document, each named with its place in the document."""

# Declared boilerplate (duplicates): reading, checking and storing one field after another is alike
# in shape for every field.

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Problem:
    path: str
    message: str

    def __str__(self) -> str:
        return f"{self.path}: {self.message}" if self.path else self.message


class InterchangeError(Exception):
    """The document cannot be imported; `problems` names every error found."""

    def __init__(self, problems: list[Problem]):
        super().__init__("\n".join(str(p) for p in problems))
        self.problems = problems


class Problems:
    """Collects problems while a document is read."""

    def __init__(self) -> None:
        self.items: list[Problem] = []

    def add(self, path: str, message: object) -> None:
        self.items.append(Problem(path, str(message)))

    def __bool__(self) -> bool:
        return bool(self.items)

    def raise_if_any(self) -> None:
        if self.items:
            raise InterchangeError(self.items)
