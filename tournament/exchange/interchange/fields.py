"""Typed access to the JSON objects of an interchange document.

`FieldReader` takes one field at a time: a field of the wrong type, too long or out of range is
recorded as a problem naming its path, and the caller gets `MISSING` instead of an exception,
so that one reading of a document names every problem at once.
"""

from __future__ import annotations

from collections.abc import Collection
from enum import Enum
from typing import Any

from django.utils.translation import gettext as _

from tournament.exchange.interchange.numbers import (
    NUMBER_RANGE,
    BadNumber,
    short,
    shown,
)
from tournament.exchange.interchange.problems import Problems
from tournament.web.raw_input import SURROGATES

TEXT_LIMITS = {
    "id": 40,
    "offender": 40,
    "mistake_by": 40,
    "declarer": 40,
    "partner": 40,
    "replaces": 40,
}
TEXT_LIMITS |= {"reason": 300, "lot_seed": 64, "slug": 80}
MISSING = object()


class FieldReader:
    """Typed access to JSON objects that records a problem instead of failing."""

    KINDS: dict[str, tuple[type, ...]] = {
        "text": (str,),
        "number": (int,),
        "bool": (bool,),
        "list": (list,),
        "object": (dict,),
    }

    def __init__(self) -> None:
        self.problems = Problems()

    def kind_message(self, kind: str) -> str:
        return {
            "text": _("must be text"),
            "number": _("must be a whole number"),
            "bool": _("must be true or false"),
            "list": _("must be a list"),
            "object": _("must be an object"),
        }[kind]

    def is_kind(self, value: Any, kind: str) -> bool:
        if kind == "number" and isinstance(value, bool):
            return False
        return isinstance(value, self.KINDS[kind])

    def take(self, obj: dict, key: str, kind: str, path: str, *, required: bool = False) -> Any:
        """obj[key] if it has the right kind; MISSING (and a problem if required) otherwise.

        Text is at most `TEXT_LIMITS[key]` (default 200) characters and holds no NUL and no lone
        surrogate; numbers lie within what the database stores.
        """
        where = f"{path}.{key}" if path else key
        if key not in obj or obj[key] is None:
            if required:
                self.problems.add(where, _("is missing"))
            return MISSING
        value = obj[key]
        if isinstance(value, BadNumber):
            self.problems.add(where, value.problem())
            return MISSING
        if not self.is_kind(value, kind):
            self.problems.add(where, self.kind_message(kind))
            return MISSING
        if kind == "text":
            limit = TEXT_LIMITS.get(key, 200)
            if len(value) > limit:
                self.problems.add(where, _("at most %(n)s characters") % {"n": limit})
                return MISSING
            if "\x00" in value:
                self.problems.add(where, _("must not contain NUL characters"))
                return MISSING
            if SURROGATES.search(value):  # JSON's "\\ud800" alone: no database stores it
                self.problems.add(where, _("holds half of a UTF-16 pair, which is no character"))
                return MISSING
        if kind == "number" and not self.in_range(value, NUMBER_RANGE, where):
            return MISSING
        return value

    def in_range(self, value: int, bounds: tuple[int, int], where: str) -> bool:
        low, high = bounds
        if low <= value <= high:
            return True
        self.problems.add(
            where,
            _("%(value)s is out of range (%(low)s to %(high)s)")
            % {"value": shown(value), "low": low, "high": high},
        )
        return False

    def ident(self, obj: dict, key: str, path: str, *, required: bool = False) -> Any:
        """A player id: text (a whole number is accepted and read as text)."""
        value = obj.get(key)
        if isinstance(value, int) and not isinstance(value, bool):
            obj = {key: str(value) if short(value) else "-" * 41}  # too long for an id
        return self.take(obj, key, "text", path, required=required)

    def choice(self, obj: dict, key: str, enum: type[Enum], path: str, *, required: bool = False):
        value = self.take(obj, key, "text", path, required=required)
        if value is MISSING:
            return MISSING
        try:
            return enum(value)
        except ValueError:
            allowed = ", ".join(e.value for e in enum)
            self.problems.add(
                f"{path}.{key}",
                _("unknown value %(value)s (allowed: %(allowed)s)")
                % {"value": value, "allowed": allowed},
            )
            return MISSING

    def one_of(self, obj: dict, key: str, allowed: Collection[str], path: str, message: str) -> Any:
        """obj[key] if it is text and one of `allowed`; MISSING otherwise, with `message` (a
        translated text with `%(name)s` and `%(allowed)s`) as the problem for an unknown one."""
        value = self.take(obj, key, "text", path)
        if value is MISSING or value in allowed:
            return value
        self.problems.add(f"{path}.{key}", message % {"name": value, "allowed": ", ".join(allowed)})
        return MISSING
