"""Tables recorded by their totals (tournament/totals/) in a backup: the interchange document
carries the totals, the history when they were entered and their version."""

from __future__ import annotations

from typing import Any

from django.utils import timezone

from scoring.scoresheet import SEAT_TOTAL_FIELDS
from tournament import models
from tournament.exchange.interchange.document import DocTable
from tournament.totals.services import seat_values

NOTHING = (0,) * len(SEAT_TOTAL_FIELDS)


def table_recording(table: DocTable, history: dict[str, Any]) -> dict[str, Any]:
    """The fields of a restored table that say how it is recorded."""
    if table.totals is None:
        return {}
    entered = bool(table.totals)
    at = history.get("totals_at")
    return {
        "recording": models.Tournament.Recording.TOTALS,
        "totals_at": (at or timezone.now()) if entered else None,
        "totals_version": int(history.get("totals_version") or (1 if entered else 0)),
    }


def seat_typed(table: DocTable, ident: str) -> tuple[int, ...]:
    """A seat's typed totals (`SEAT_TOTAL_FIELDS` order); zeros at a table of games, whose
    totals the restore computes from its games."""
    if not table.totals or ident not in table.totals:
        return NOTHING
    values = seat_values(table.totals[ident])
    return tuple(values[name] for name in SEAT_TOTAL_FIELDS)
