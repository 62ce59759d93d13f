"""A scoresheet as a whole: its state, the players' signatures (5.3.2) and its closing."""

from __future__ import annotations

from dataclasses import dataclass

from django.db import transaction
from django.db.models import Count, Q, QuerySet
from django.utils import timezone
from django.utils.translation import gettext as _

from rules.contracts import Contract
from tournament import models
from tournament.scorekeeping.changes import public_pages_changed
from tournament.scorekeeping.engine import sheet_lines
from tournament.scorekeeping.history import Kind, event_log
from tournament.sheets.services.hand_errors import HandRuleError
from tournament.sheets.services.hands import sheet_closed_error, table_lock
from tournament.sheets.signatures import PAPER


@dataclass(frozen=True)
class SheetState:
    table: models.Table
    games: int
    entered: int
    awaiting_approval: int
    signed: int
    pending_corrections: int

    @property
    def complete(self) -> bool:
        """Every game entered; for a table recorded by its totals: its totals entered."""
        if self.table.by_totals:
            return self.table.totals_at is not None
        return self.entered == self.games

    @property
    def all_signed(self) -> bool:
        return self.signed == self.table.seat_count

    @property
    def closable(self) -> bool:
        return (
            not self.table.closed
            and self.complete
            and not self.awaiting_approval
            and self.all_signed
        )


@dataclass(frozen=True)
class SheetsSummary:
    """The line above a Durchgang's sheets: how far the Durchgang is."""

    sheets: int
    complete: int
    awaiting_approval: int
    closable: int
    closed: int


def sheets_summary(states: list[SheetState]) -> SheetsSummary:
    return SheetsSummary(
        sheets=len(states),
        complete=sum(s.complete for s in states),
        awaiting_approval=sum(s.awaiting_approval for s in states),
        closable=sum(s.closable for s in states),
        closed=sum(s.table.closed for s in states),
    )


def sheet_states(durchgang: models.Durchgang) -> list[SheetState]:
    """The state of every sheet of a Durchgang, in one query."""
    return _states(durchgang.tables.all(), durchgang.tournament)


def table_sheet_state(
    *, tournament: models.Tournament, number: int, table: int
) -> SheetState | None:
    """The state of the sheet of table `table` in Durchgang `number`, with its Durchgang and
    tournament, in one query whatever the size of the tournament (None: no such table)."""
    tables = models.Table.objects.filter(
        durchgang__tournament=tournament, durchgang__number=number, number=table
    ).select_related("durchgang__tournament")
    return next(iter(_states(tables, tournament)), None)


def _states(tables: QuerySet[models.Table], tournament: models.Tournament) -> list[SheetState]:
    tables = (
        tables.order_by("number")
        .annotate(
            entered=Count("hands", distinct=True),
            thrown_in=Count(
                "hands", filter=Q(hands__contract=Contract.ZUSAMMENGEWORFEN), distinct=True
            ),
            awaiting=Count(
                "hands",
                filter=Q(hands__needs_approval=True, hands__approved_by="", hands__struck=False),
                distinct=True,
            ),
            signed=Count("seats", filter=Q(seats__signed_at__isnull=False), distinct=True),
            pending=Count(
                "corrections",
                filter=Q(corrections__status=models.Correction.Status.PENDING),
                distinct=True,
            ),
        )
        .select_related("closed_by")
    )
    return [
        SheetState(
            table=t,
            games=sheet_lines(tournament, seats=t.seat_count, thrown_in=t.thrown_in),
            entered=t.entered,
            awaiting_approval=t.awaiting,
            signed=t.signed,
            pending_corrections=t.pending,
        )
        for t in tables
    ]


def sheet_state(table: models.Table) -> SheetState:
    return _states(models.Table.objects.filter(pk=table.pk), table.durchgang.tournament)[0]


def seat_sign(*, seat: models.Seat, user, signature: str = "", paper: bool = False) -> models.Seat:
    """Record a player's confirmation of the sheet: the name typed at the table, or, chosen
    on purpose (`paper`), the signature on the paper sheet ticked by the clerk (a typed name
    is kept even then). Neither is an error naming the seat: an empty name signs nothing."""
    signature = signature.strip()
    if signature and signature.casefold() != seat.player.name.casefold():
        raise HandRuleError(
            {
                "signature": [
                    _("Type your name as registered: %(name)s.") % {"name": seat.player.name}
                ]
            }
        )
    if not signature and not paper:
        raise HandRuleError(
            {
                "signature": [
                    _(
                        "Seat %(seat)s (%(name)s): type the name, or tick “signed on paper "
                        "only” when the signature is on the paper sheet."
                    )
                    % {"seat": seat.position, "name": seat.player.name}
                ]
            }
        )
    return signature_write(seat, user=user, signature=signature or PAPER)


def sheet_confirmable_check(table: models.Table) -> None:
    """Refuse a player's confirmation on the phone unless every game is entered and approved."""
    state = sheet_state(table)
    if not state.complete or state.awaiting_approval:
        raise HandRuleError(
            {"__all__": [_("Confirm the sheet once every game is entered and approved.")]}
        )


def signature_write(seat: models.Seat, *, user, signature: str, check=None) -> models.Seat:
    """Store how the seat's player signed, under the table's lock (`check(table)` may refuse
    it first), with its line in the history."""
    with transaction.atomic():
        table = table_lock(seat.table)
        if table.closed:
            raise sheet_closed_error()
        if check is not None:
            check(table)
        seat.signed_at, seat.signed_by = timezone.now(), user
        seat.signature = signature
        seat.save(update_fields=["signed_at", "signed_by", "signature"])
        event_log(
            table=table,
            kind=Kind.SIGNED,
            user=user,
            after={"seat": seat.position, "player": seat.player.name, "signature": seat.signature},
        )
    return seat


def sheet_close(*, table: models.Table, user, signatures: bool = True) -> models.Table:
    """The supervisor closes a complete, approved and signed sheet; from now on only a
    correction signed off by a supervisor changes it (5.3.4). A table recorded by its totals is
    complete once they are entered. `signatures=False`: the sheet comes closed from a program
    that keeps no signatures (tournament/exchange/skt)."""
    with transaction.atomic():
        table = table_lock(table)
        if table.closed:
            raise sheet_closed_error()
        state = sheet_state(table)
        problems = []
        if table.by_totals and not state.complete:
            problems.append(_("The totals of the table are not entered yet."))
        elif not state.complete:
            problems.append(
                _("%(entered)s of %(games)s games are entered.")
                % {"entered": state.entered, "games": state.games}
            )
        if state.awaiting_approval:
            problems.append(_("%(n)s games wait for an approval.") % {"n": state.awaiting_approval})
        if signatures and not state.all_signed:
            problems.append(
                _("%(signed)s of %(seats)s players have signed.")
                % {"signed": state.signed, "seats": table.seat_count}
            )
        if problems:
            raise HandRuleError({"__all__": problems})
        table.closed_at, table.closed_by = timezone.now(), user
        table.save(update_fields=["closed_at", "closed_by"])
        event_log(table=table, kind=Kind.CLOSED, user=user)
        public_pages_changed(table.durchgang.tournament_id)
    return table
