"""A table recorded by its totals (Summenliste): the clerk types each seat's points of the
Durchgang and the counters the tie-break reads; they are checked by the rules engine
(scoring/totals.py) and stored on the seats, where the standings read every table's totals, so
totals tables and per-game tables rank alike. The supervisor switches a table between games and
totals until its first entry. Every write is one transaction with its history entry.
"""

from __future__ import annotations

from collections.abc import Sequence

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from rules.tiebreaks import COUNTERS
from scoring.scoresheet import SEAT_TOTAL_FIELDS
from scoring.totals import SeatTotals, totals_problems
from tournament import models
from tournament.scorekeeping.changes import public_pages_changed
from tournament.scorekeeping.engine import tournament_rules
from tournament.scorekeeping.history import event_log
from tournament.totals.messages import problem_message
from tournament.web.form_errors import ServiceError

Recording = models.Tournament.Recording

#: The seat fields a totals line writes (the standings read them): the points, their plus or
#: minus part, and the tie-break counters.
FIELDS = SEAT_TOTAL_FIELDS


class TotalsError(ServiceError):
    """The totals cannot be stored; `errors` maps a field ("seat-N-points", "__all__") to
    messages in the user's language. Nothing was stored."""


def table_has_entries(table: models.Table) -> bool:
    return table.totals_at is not None or models.Hand.objects.filter(table=table).exists()


def table_recording_set(*, table: models.Table, recording: str, user=None) -> models.Table:
    """Switch `table` to every game or to totals; only until its first entry."""
    if recording not in Recording.values:
        raise TotalsError({"recording": [_("Choose every game or totals.")]})
    with transaction.atomic():
        locked = models.Table.objects.select_for_update().get(pk=table.pk)
        if locked.recording == recording:
            return locked
        if table_has_entries(locked) or locked.closed:
            raise TotalsError(
                {
                    "__all__": [
                        _("Table %(table)s has entries already: it is recorded as it was begun.")
                        % {"table": locked.number}
                    ]
                }
            )
        before = {"recording": locked.recording}
        locked.recording = recording
        locked.save(update_fields=["recording"])
        event_log(
            table=locked,
            kind=models.SheetEvent.Kind.RECORDING,
            user=user,
            before=before,
            after={"recording": recording},
        )
    return locked


def table_totals_drop(*, table: models.Table, user=None) -> models.Table:
    """Switch a table whose totals are entered to every game: its totals are dropped (kept in
    the history) and the games entered from now on make its totals. Not once it is closed."""
    with transaction.atomic():
        locked = (
            models.Table.objects.select_for_update()
            .select_related("durchgang__tournament")
            .get(pk=table.pk)
        )
        if not locked.by_totals:
            return locked
        if locked.closed:
            raise TotalsError(
                {"__all__": [_("The sheet is closed: its totals stay as they were signed.")]}
            )
        seats = list(locked.seats.select_related("player").order_by("position"))
        before = {str(s.player.start_number): {n: getattr(s, n) for n in FIELDS} for s in seats}
        for seat in seats:
            for name in FIELDS:
                setattr(seat, name, 0)
        models.Seat.objects.bulk_update(seats, FIELDS)
        locked.recording = Recording.GAMES
        locked.totals_at = None
        locked.totals_version += 1
        locked.save(update_fields=["recording", "totals_at", "totals_version"])
        event_log(
            table=locked,
            kind=models.SheetEvent.Kind.RECORDING,
            user=user,
            before={"recording": Recording.TOTALS, "totals": before},
            after={"recording": Recording.GAMES},
        )
        public_pages_changed(locked.durchgang.tournament_id)
    return locked


def seat_values(line: SeatTotals) -> dict[str, int]:
    points = line.points
    return {"points": points, "plus": max(points, 0), "minus": min(points, 0)} | {
        name: getattr(line, name) for name in COUNTERS
    }


def totals_save(
    *,
    table: models.Table,
    lines: Sequence[SeatTotals],
    version: int,
    user=None,
    correction: str = "",
) -> models.Table:
    """Store the totals line of `table` (one `SeatTotals` per seat, in seat order), checked by
    the rules; `version` is the table's totals version the clerk saw (another clerk's save in
    between is refused). A closed table's totals change only as a `correction` (its reason)
    by a supervisor, who signs it off by saving it (5.3.4); the caller checks the role. Raises
    `TotalsError`, storing nothing."""
    with transaction.atomic():
        locked = (
            models.Table.objects.select_for_update()
            .select_related("durchgang__tournament")
            .get(pk=table.pk)
        )
        tournament = locked.durchgang.tournament
        if not locked.by_totals:
            raise TotalsError({"__all__": [_("This table records every game, not totals.")]})
        if locked.closed and not correction.strip():
            raise TotalsError(
                {
                    "__all__": [
                        _(
                            "The sheet is closed: only the Turnierleitung changes its totals, "
                            "as a correction with its reason."
                        )
                    ]
                }
            )
        if version != locked.totals_version:
            raise TotalsError(
                {
                    "__all__": [
                        _(
                            "The totals of table %(table)s were changed meanwhile by somebody "
                            "else: check them and save again."
                        )
                        % {"table": locked.number}
                    ]
                }
            )
        seats = list(locked.seats.select_related("player").order_by("position"))
        if len(lines) != len(seats):
            raise TotalsError({"__all__": [_("Enter one line per seat.")]})
        problems = totals_problems(
            lines, rules=tournament_rules(tournament), counters=tournament.chain
        )
        if problems:
            errors: dict[str, list[str]] = {}
            for problem in problems:
                key = f"seat-{problem.seat}" if problem.seat else "__all__"
                player = seats[problem.seat - 1].player if problem.seat else None
                errors.setdefault(key, []).append(problem_message(problem, player, tournament))
            raise TotalsError(errors)
        before = (
            {str(s.player.start_number): {name: getattr(s, name) for name in FIELDS} for s in seats}
            if locked.totals_at
            else None
        )
        after = {}
        for seat, line in zip(seats, lines, strict=True):
            values = seat_values(line)
            for name, value in values.items():
                setattr(seat, name, value)
            after[str(seat.player.start_number)] = values
        models.Seat.objects.bulk_update(seats, FIELDS)
        locked.totals_at = timezone.now()
        locked.totals_version += 1
        locked.save(update_fields=["totals_at", "totals_version"])
        kind = models.SheetEvent.Kind.CORRECTED if locked.closed else models.SheetEvent.Kind.TOTALS
        event_log(table=locked, kind=kind, user=user, before=before, after=after, reason=correction)
        public_pages_changed(tournament.pk)
    return locked
