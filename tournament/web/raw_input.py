"""What views read by hand from a request, checked before anything uses it: numbers from the
query string and a phone's JSON body. Forms check their own fields; a NUL character anywhere
in a request is refused before any view (tournament/web/middleware.py).

Hostile values this guards against: digits that are not ASCII (`"²".isdigit()` is true, but
`int("²")` fails), numbers of thousands of digits (Python refuses to convert more than 4,300),
JSON's NaN, Infinity and 1e400 (which `json.loads` accepts), nesting deep enough to exhaust the
recursion limit, a list or an object where a number or a text belongs, and a lone surrogate
(`"\\ud800"`): JSON's escapes let a text name half of a UTF-16 pair, which `json.loads` keeps as
a character no database, file or page can encode.
"""

from __future__ import annotations

import json
import re
from typing import Any

from django.utils.translation import gettext as _

#: A whole number as the views take it from a query string: ASCII digits, at most nine.
NUMBER = re.compile(r"[0-9]{1,9}")
#: Digits a number in a phone's JSON may have; more fit no column of the database.
JSON_DIGITS = 18


def number_or_none(text: object) -> int | None:
    """`text` as a whole number if it is one of at most nine ASCII digits (after blanks are
    stripped), else None."""
    if not isinstance(text, str):
        return None
    text = text.strip()
    return int(text) if NUMBER.fullmatch(text) else None


class BadInput(ValueError):
    """A request's JSON that cannot be used; the message says why, in the user's language."""


def _refuse_constant(name: str):
    raise BadInput(_("%(name)s is no number JSON knows.") % {"name": name})


def _bounded_int(text: str) -> int:
    if len(text.lstrip("-")) > JSON_DIGITS:
        raise BadInput(_("A number has more than %(n)s digits.") % {"n": JSON_DIGITS})
    return int(text)


def _finite_float(text: str) -> float:
    value = float(text)
    if value in (float("inf"), float("-inf")):
        raise BadInput(_("A number is too large."))
    return value


def json_object(raw: bytes, kinds: dict[str, tuple[type, ...]]) -> dict[str, Any]:
    """The JSON object of a request body whose fields named in `kinds` have one of their
    kinds (a missing or null field is left out); raises `BadInput` naming what is wrong."""
    try:
        data = json.loads(
            raw or b"{}",
            parse_constant=_refuse_constant,
            parse_int=_bounded_int,
            parse_float=_finite_float,
        )
    except RecursionError:
        raise BadInput(_("The request is nested too deeply.")) from None
    except BadInput:
        raise
    except ValueError:  # also no UTF-8: UnicodeDecodeError is a ValueError
        raise BadInput(_("The request is no valid JSON.")) from None
    if not isinstance(data, dict):
        raise BadInput(_("The request must be a JSON object."))
    problem = _bad_character(data)
    if problem is not None:
        raise BadInput(problem)
    for name, allowed in kinds.items():
        value = data.get(name)
        if value is None:
            data.pop(name, None)
        elif not isinstance(value, allowed) or (isinstance(value, bool) and bool not in allowed):
            raise BadInput(_("“%(name)s” %(kind)s.") % {"name": name, "kind": _kind(allowed)})
    return data


def _kind(allowed: tuple[type, ...]) -> str:
    if bool in allowed:
        return _("must be true or false")
    return _("must be a whole number") if int in allowed else _("must be text")


#: Half of a UTF-16 pair: JSON's "\\ud800" alone; no database, file or page can encode it.
SURROGATES = re.compile("[\ud800-\udfff]")


def _bad_character(value: object) -> str | None:
    """Why a text or key of `value` (a value of `json.loads`, nested no deeper than it could
    parse) cannot be used: it holds a NUL character or a lone surrogate; None when none does."""
    pending = [value]
    while pending:
        item = pending.pop()
        if isinstance(item, str):
            if "\x00" in item:
                return _("The request contains a NUL character, which no text may contain.")
            if SURROGATES.search(item):
                return _(
                    "The request contains a character that is no Unicode character (half of "
                    "a UTF-16 pair). Nothing was saved."
                )
        elif isinstance(item, dict):
            pending += [*item.keys(), *item.values()]
        elif isinstance(item, list):
            pending += item
    return None
