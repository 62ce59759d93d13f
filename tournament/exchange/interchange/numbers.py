"""Numbers of an interchange document that no field can hold, kept so that the reader names
their place instead of failing: more digits than any column stores (Python's `int()` refuses
more than 4,300), NaN and Infinity (which Python's json reads though JSON has them not), and
whole numbers shown in messages by their length."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

#: Digits a whole number of a document may have: more fit no column of the database (and
#: Python converts no more than 4,300).
LONGEST_NUMBER = 20
#: What a whole number of the document may be: a smallint column for the small ones; a game's
#: `points` fit the score column (a 32-bit integer).
NUMBER_RANGE = (-32768, 32767)
POINTS_RANGE = (-(2**31) + 1, 2**31 - 1)


class BadNumber:
    """A number JSON's syntax allows but no field can hold: more than `LONGEST_NUMBER` digits,
    or NaN and Infinity (which Python's json reads though JSON has them not). Kept as its text
    so that the reader names its place instead of failing."""

    def __init__(self, text: str):
        self.text = text

    def __repr__(self) -> str:
        return self.text if len(self.text) <= LONGEST_NUMBER else f"{self.text[:12]}…"

    def problem(self) -> str:
        if self.text.lstrip("-").isdigit():
            digits = len(self.text.lstrip("-"))
            return _("a number of %(n)s digits is out of range") % {"n": digits}
        return _("%(value)s is no number of JSON") % {"value": self.text}


def json_int(text: str) -> int | BadNumber:
    return int(text) if len(text.lstrip("-")) <= LONGEST_NUMBER else BadNumber(text)


def short(value: int) -> bool:
    """Whether a whole number has few enough digits to be read as a player id."""
    return value.bit_length() <= 200


class Shown:
    """`value` in a message with `%r`: a whole number of very many digits by its length."""

    def __init__(self, value: Any):
        self.value = value

    def __repr__(self) -> str:
        return shown(self.value)


def shown(value: Any) -> str:
    """`value` for a message: a whole number of very many digits by its length (`str()`
    refuses more than 4,300 digits, and a message need not repeat them)."""
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 64:
        digits = int(value.bit_length() * 0.30103) + 1
        return _("a number of about %(n)s digits") % {"n": digits}
    return repr(value) if isinstance(value, str) else str(value)
