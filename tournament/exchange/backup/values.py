"""One value of a backup against the model field it is stored in, before anything is written.

The checks come from the field itself: its JSON type (text, whole number, true/false, a time, an
amount), the range of its column as every database stores it (PostgreSQL's, also on SQLite,
which would take anything), its choices, its `max_length` and its validators (an e-mail's form,
an amount's digits and minimum), and what no database column holds in text (NUL, a lone
surrogate) or in JSON (NaN, Infinity). `value_problem` says what is wrong, in words, or None.
"""

from __future__ import annotations

import datetime as dt
import math
from decimal import Decimal, InvalidOperation
from typing import Any

from django.core.exceptions import ValidationError
from django.db import connection
from django.db import models as fields
from django.db.backends.base.operations import BaseDatabaseOperations
from django.utils.translation import gettext as _

from tournament.exchange.interchange.numbers import shown

#: How long a value may be in a message before it is cut.
SHOWN_LENGTH = 60


def value_shown(value: Any) -> str:
    """`value` for a message: cut short, every character that is no printable text escaped (NUL,
    a lone surrogate), a number of many digits by its length."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return shown(value)
    text = repr(value) if isinstance(value, list | dict) else str(value)
    cut = text[:SHOWN_LENGTH]
    out = "".join(c if c.isprintable() and not _surrogate(c) else ascii(c)[1:-1] for c in cut)
    out += "…" if len(text) > SHOWN_LENGTH else ""
    return f"„{out}“" if isinstance(value, str) else out


def _surrogate(c: str) -> bool:
    return 0xD800 <= ord(c) <= 0xDFFF


def text_problem(value: str) -> str | None:
    """What no text column holds: NUL (PostgreSQL refuses it) and lone surrogates (no UTF-8)."""
    if "\x00" in value:
        return _("must not contain NUL characters")
    if any(_surrogate(c) for c in value):
        return _("holds a character that is no text (a lone surrogate)")
    return None


def json_problem(value: Any, depth: int = 0) -> str | None:
    """What a JSON column refuses anywhere inside `value`: NaN or Infinity, NUL, lone
    surrogates, and numbers beyond 64 bits."""
    if depth > 50:
        return _("the JSON is nested too deeply")
    if isinstance(value, float) and not math.isfinite(value):
        return _("is no finite number")
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 63:
        return _("a number of %(n)s digits is out of range") % {"n": len(str(abs(value)))}
    if isinstance(value, str):
        return text_problem(value)
    if isinstance(value, dict):
        items = [*value.keys(), *value.values()]
    elif isinstance(value, list):
        items = value
    else:
        return None
    for item in items:
        problem = json_problem(item, depth + 1)
        if problem:
            return problem
    return None


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def value_problem(field: fields.Field, value: Any) -> str | None:
    """What is wrong with `value` (as the backup's JSON holds it) for `field`; None: it fits."""
    if value is None:
        return None if field.null else _("must not be empty")
    problem = _type_problem(field, value)
    if problem:
        return problem
    try:
        python = field.to_python(value)
        if field.choices and python not in field.empty_values:
            allowed = [str(key) for key, _label in field.flatchoices]
            if str(python) not in allowed:
                return _("unknown value %(value)s (allowed: %(allowed)s)") % {
                    "value": value_shown(value),
                    "allowed": ", ".join(allowed),
                }
        field.run_validators(python)
    except ValidationError as error:
        return " ".join(error.messages)
    except (ValueError, TypeError, OverflowError, ArithmeticError):
        return _("cannot be read as %(field)s") % {"field": field.verbose_name}
    return None


def _type_problem(field: fields.Field, value: Any) -> str | None:
    if isinstance(field, fields.JSONField):
        return json_problem(value)
    if isinstance(field, fields.BooleanField):
        return None if isinstance(value, bool) else _("must be true or false")
    if isinstance(field, fields.IntegerField):
        if not _is_int(value):
            return _("must be a whole number")
        low, high = BaseDatabaseOperations.integer_field_ranges[field.get_internal_type()]
        if not low <= value <= high:
            return _("%(value)s is out of range (%(low)s to %(high)s)") % {
                "value": shown(value),
                "low": low,
                "high": high,
            }
        return None
    if isinstance(field, fields.DecimalField):
        return _amount_problem(value)
    if isinstance(field, fields.DateTimeField):
        return _time_problem(value)
    if isinstance(field, fields.DateField):
        if not isinstance(value, str):
            return _("must be a date like 2026-11-21")
        try:
            dt.date.fromisoformat(value)
        except ValueError:
            return _("must be a date like 2026-11-21")
        return None
    if isinstance(field, fields.CharField | fields.TextField):
        if not isinstance(value, str):
            return _("must be text")
        return text_problem(value)
    return None


def _amount_problem(value: Any) -> str | None:
    if isinstance(value, bool) or not isinstance(value, str | int | float):
        return _("must be an amount like 12.50")
    try:
        amount = Decimal(str(value))
    except InvalidOperation:
        return _("must be an amount like 12.50")
    return None if amount.is_finite() else _("must be an amount like 12.50")


def _time_problem(value: Any) -> str | None:
    """A time as the restore stores it (ISO 8601, as the backup writes it)."""
    message = _("must be a date and time like 2026-11-21T19:30:00+01:00")
    if not isinstance(value, str) or len(value) > 40:
        return message
    try:
        connection.ops.adapt_datetimefield_value(dt.datetime.fromisoformat(value))
    except (ValueError, OverflowError):
        return message
    return None
