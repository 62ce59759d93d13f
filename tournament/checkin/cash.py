"""The cash summary (Kasse): Startgeld paid in cash, marked free and still open, and the prize
money paid out; one aggregate query over the players."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from django.db.models import Count, Q, Sum

from tournament import models
from tournament.prizes.services import prizes_out_total

Payment = models.Payment


@dataclass(frozen=True)
class CashSummary:
    entry_fee: Decimal
    registered: int  # not withdrawn, not waiting
    waiting: int
    checked_in: int
    paid: int
    paid_sum: Decimal
    free: int
    open_checked_in: int  # checked in, Startgeld not paid yet
    not_checked_in: int  # registered, not (yet) at the door
    prizes_out: Decimal

    @property
    def open_sum(self) -> Decimal:
        """Startgeld still to come from the players checked in without paying."""
        return self.entry_fee * self.open_checked_in

    @property
    def balance(self) -> Decimal:
        """What the cash box should hold: Startgeld paid, less the prize money paid out."""
        return self.paid_sum - self.prizes_out


def cash_summary(tournament: models.Tournament) -> CashSummary:
    registered = Q(withdrawn=False, waiting_since__isnull=True)
    checked = registered & Q(checked_in_at__isnull=False)
    figures = tournament.players.aggregate(
        registered=Count("pk", filter=registered),
        waiting=Count("pk", filter=Q(withdrawn=False, waiting_since__isnull=False)),
        checked_in=Count("pk", filter=checked),
        # Withdrawn after paying: the money was paid all the same.
        paid=Count("pk", filter=Q(payment=Payment.CASH)),
        paid_sum=Sum("paid_amount", filter=Q(payment=Payment.CASH)),
        free=Count("pk", filter=checked & Q(payment=Payment.FREE)),
        open_checked_in=Count("pk", filter=checked & Q(payment=Payment.OPEN)),
        not_checked_in=Count("pk", filter=registered & Q(checked_in_at__isnull=True)),
    )
    return CashSummary(
        entry_fee=tournament.entry_fee,
        registered=figures["registered"],
        waiting=figures["waiting"],
        checked_in=figures["checked_in"],
        paid=figures["paid"],
        paid_sum=figures["paid_sum"] or Decimal(0),
        free=figures["free"],
        open_checked_in=figures["open_checked_in"],
        not_checked_in=figures["not_checked_in"],
        prizes_out=prizes_out_total(tournament),
    )
