"""What the day's steps read (tournament/steps/services.py), gathered in few queries, and the
step as the management page shows it."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Count, Q
from django.urls import reverse

from tournament import models
from tournament.sheets.services.sheet import SheetState, sheet_states
from tournament.sheets.services.supervision import approvals_pending

DONE, CURRENT, TODO, AVAILABLE = "done", "current", "todo", "available"


@dataclass(frozen=True)
class Step:
    """One step of the day as the management page shows it.

    `state`: DONE, CURRENT (the next action; exactly one step), TODO, or AVAILABLE (a step
    whose completion is not stored: it can be done any time). `action` is the label of the
    button when the step is the next action; `download`: `url` is a file, not a page.

    Each step's builder returns it with the state it has when it is not the next action,
    and whether the next action lies beyond it (`passed`)."""

    key: str
    title: str
    status: str
    url: str
    action: str
    state: str
    download: bool = False
    durchgang: int | None = None  # the Durchgang of a step done once per Durchgang
    attention: bool = False  # something waits here, even if it is not the next action

    @property
    def is_next(self) -> bool:
        return self.state == CURRENT


@dataclass(frozen=True)
class Facts:
    """What the steps read, gathered in few queries."""

    tournament: models.Tournament
    active: int
    withdrawn: int
    number: int  # the current Durchgang
    durchgang: models.Durchgang | None  # None: not drawn yet
    sheets: list[SheetState]  # of the current Durchgang
    earlier_open: list[tuple[int, int]]  # (Durchgang, sheets not closed) before the current one
    pending_approvals: int

    def url(self, name: str, *args: object) -> str:
        return reverse(f"manage:{name}", args=[self.tournament.slug, *args])

    @property
    def drawn(self) -> bool:
        return self.durchgang is not None

    @property
    def tables(self) -> int:
        return len(self.sheets)

    @property
    def complete(self) -> int:
        return sum(s.complete for s in self.sheets)

    @property
    def closed(self) -> int:
        return sum(s.table.closed for s in self.sheets)

    @property
    def entered(self) -> int:
        return sum(s.entered for s in self.sheets)


def tournament_facts(tournament: models.Tournament) -> Facts:
    playing = Q(withdrawn=False, waiting_since__isnull=True)
    if tournament.check_in:  # only those checked in at the door are drawn
        playing &= Q(checked_in_at__isnull=False)
    players = tournament.players.aggregate(
        active=Count("pk", filter=playing),
        withdrawn=Count("pk", filter=Q(withdrawn=True)),
    )
    durchgaenge = list(
        tournament.durchgaenge.annotate(
            table_count=Count("tables"),
            closed_count=Count("tables", filter=Q(tables__closed_at__isnull=False)),
        ).order_by("number")
    )
    current = durchgaenge[-1] if durchgaenge else None
    number = current.number if current else 1
    if current and current.closed_count == current.table_count and number < last(tournament):
        current, number = None, number + 1  # every sheet closed: on to the next draw
    return Facts(
        tournament=tournament,
        active=players["active"],
        withdrawn=players["withdrawn"],
        number=number,
        durchgang=current,
        sheets=sheet_states(current) if current else [],
        earlier_open=[
            (d.number, d.table_count - d.closed_count)
            for d in durchgaenge
            if d.number < number and d.closed_count < d.table_count
        ],
        pending_approvals=approvals_pending(tournament).count(),
    )


def last(tournament: models.Tournament) -> int:
    """The tournament's last Durchgang."""
    return tournament.number_of_durchgaenge
