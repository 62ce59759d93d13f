"""Names taken out of what a tournament keeps besides its players (for erasure and retention,
tournament/persons/privacy.py): the sheet history's "7 Josef Huber", typed signatures, and the
stored documents of background jobs (signed sheets, ranking PDF, workbook).

The history is append-only (`models.AppendOnly`); replacing a name is the one change made to it,
through the plain QuerySet's update, and only the name changes: the start numbers, which a
restore reads, stay.
"""

from __future__ import annotations

import logging
from typing import Any

from django.core.files.storage import default_storage
from django.db.models import QuerySet

from tournament import models

logger = logging.getLogger(__name__)

#: Stored documents of a tournament (files of background jobs) that hold players' names.
DOCUMENT_KINDS = (models.Job.Kind.SHEETS, models.Job.Kind.RANKING_PDF, models.Job.Kind.WORKBOOK)


def _renamed(value: Any, names: dict[int, str]) -> Any:
    """A history entry's "7 Josef Huber" as "7 <new name>" where no. 7 is renamed."""
    if not isinstance(value, str):
        return value
    number, _space, _name = value.partition(" ")
    if number.isdecimal() and int(number) in names:
        return f"{number} {names[int(number)]}"
    return value


def _snapshot_renamed(snapshot: Any, names: dict[int, str]) -> Any:
    if not isinstance(snapshot, dict):
        return snapshot
    renamed = dict(snapshot)
    for field in ("declarer", "partner"):
        if field in renamed:
            renamed[field] = _renamed(renamed[field], names)
    sanction = renamed.get("sanction")
    if isinstance(sanction, dict):
        people = {
            k: _renamed(sanction[k], names) for k in ("offender", "mistake_by") if k in sanction
        }
        renamed["sanction"] = {**sanction, **people}
    return renamed


def names_replace(tournament_id: int, names: dict[int, str], *, signature: str | None) -> None:
    """The players' new names (by start number) in the tournament's history; their typed
    signatures become `signature` (None: the new name)."""
    if not names:
        return
    events = models.SheetEvent.objects.filter(table__durchgang__tournament_id=tournament_id)
    for event in events.exclude(before=None, after=None):
        before = _snapshot_renamed(event.before, names)
        after = _snapshot_renamed(event.after, names)
        if (before, after) != (event.before, event.after):
            QuerySet.update(
                models.SheetEvent.objects.filter(pk=event.pk), before=before, after=after
            )
    seats = models.Seat.objects.filter(
        durchgang__tournament_id=tournament_id, player__start_number__in=names
    ).exclude(signature="")
    for seat in seats.select_related("player"):
        seat.signature = signature if signature is not None else names[seat.player.start_number]
        seat.save(update_fields=["signature"])


def documents_remove(slugs: set[str]) -> int:
    """Delete the finished documents of these tournaments with their files; they can be made
    again, with the names as they are now."""
    jobs = models.Job.objects.filter(
        slug__in=slugs,
        kind__in=DOCUMENT_KINDS,
        state__in=(models.Job.State.READY, models.Job.State.FAILED),
    )
    removed = 0
    for job in jobs:
        if job.result:
            try:
                default_storage.delete(job.result)
            except OSError:
                logger.warning("job %s: its file %s could not be deleted", job.pk, job.result)
        job.delete()
        removed += 1
    return removed
