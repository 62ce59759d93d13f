"""The optional `totals` of a table (a Summenliste, docs/interchange-format.md): instead of its
`hands`, each seated player's points of the Durchgang and the tie-break counters."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from rules.tiebreaks import COUNTERS
from tournament.exchange.interchange.document import DocTotals
from tournament.exchange.interchange.fields import MISSING, FieldReader
from tournament.exchange.interchange.numbers import POINTS_RANGE


def read_totals(
    r: FieldReader, obj: dict, p: str, seats: list[str], *, has_hands: bool
) -> dict[str, DocTotals] | None:
    """The table's `totals` (None when it has none); every problem recorded on `r`."""
    if "totals" not in obj or obj["totals"] is None:
        return None
    raw = r.take(obj, "totals", "object", p)
    if raw is MISSING:
        return None
    where = f"{p}.totals"
    if has_hands:
        r.problems.add(where, _("a table has either hands or totals, not both"))
    totals: dict[str, DocTotals] = {}
    for ident, values in raw.items():
        place = f"{where}.{ident}"
        if ident not in seats:
            r.problems.add(place, _("player %(id)s does not sit at this table") % {"id": ident})
            continue
        if not r.is_kind(values, "object"):
            r.problems.add(place, r.kind_message("object"))
            continue
        unknown = sorted(set(values) - {"points", *COUNTERS})
        if unknown:
            r.problems.add(place, _("unknown fields: %(names)s") % {"names": ", ".join(unknown)})
        points = _points(r, values, place)
        counters = {name: _counter(r, values, name, place) for name in COUNTERS}
        if points is MISSING or MISSING in counters.values():
            continue
        totals[ident] = DocTotals(points=points, **counters)
    if raw and set(raw) != set(seats):
        missing = ", ".join(s for s in seats if s not in raw)
        if missing:
            r.problems.add(where, _("the totals miss the players %(ids)s") % {"ids": missing})
    return totals


def _points(r: FieldReader, values: dict, place: str) -> Any:
    if "points" not in values:
        r.problems.add(f"{place}.points", _("is missing"))
        return MISSING
    value = values["points"]
    if not r.is_kind(value, "number"):
        r.problems.add(f"{place}.points", r.kind_message("number"))
        return MISSING
    if not r.in_range(value, POINTS_RANGE, f"{place}.points"):
        return MISSING
    return value


def _counter(r: FieldReader, values: dict, name: str, place: str) -> Any:
    value = r.take(values, name, "number", place)
    if value is MISSING:
        return 0 if values.get(name) is None else MISSING
    if value < 0:
        r.problems.add(f"{place}.{name}", _("must not be negative"))
        return MISSING
    return value
