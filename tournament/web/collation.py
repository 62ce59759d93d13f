"""Names sorted as German readers expect them (DIN 5007-1, the dictionary order).

Ä, Ö, Ü sort with A, O, U, ß as ss, and case does not matter: "Abel, Äbler, Ober, Ostler, Öttl,
Strasser, Straßer, strobl". The database's own order is bytewise on SQLite and depends on the
server's locale on PostgreSQL, so every list sorted by name sorts in Python with this key.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Iterable
from typing import TypeVar

T = TypeVar("T")


def german_sort_key(text: str) -> tuple[str, str, str]:
    """The DIN 5007-1 key of `text`: letters without their accents and case first; names equal
    so, the plain spelling before the accented one ("Strasser" before "Straßer"), then by case
    so the order never depends on the order the names came in."""
    folded = text.strip().casefold()  # casefold also turns ß into ss
    base = "".join(
        char for char in unicodedata.normalize("NFD", folded) if not unicodedata.combining(char)
    )
    return base, text.strip().lower(), text


def german_sorted(items: Iterable[T], name: Callable[[T], str]) -> list[T]:
    """`items` in the German order of `name(item)`."""
    return sorted(items, key=lambda item: german_sort_key(name(item)))
