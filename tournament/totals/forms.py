"""The totals line of one table: per seat its points (in the point table's unit: euros and
cents for a money tariff, typed "12,50") and the counters the tournament's tie-break reads."""

from __future__ import annotations

import re
from decimal import Decimal, InvalidOperation

from django import forms
from django.utils.translation import gettext_lazy as _

from scoring.totals import SeatTotals
from tournament import models
from tournament.scorekeeping.counters import COUNTER_NAMES

MAX_ABS = 10_000_000  # a sane bound before the rules' own check; the column is an integer


class PointsField(forms.Field):
    """Points as typed: "-12", "−12", "+6"; with `cents`, euros: "12,50", "-3.20", "4"."""

    def __init__(self, *, cents: bool, **kwargs):
        self.cents = cents
        super().__init__(**kwargs)

    def to_python(self, value):
        text = str(value or "")[:32].strip().replace("−", "-").replace(" ", "")
        if not text:
            return 0
        if self.cents:
            if not re.fullmatch(r"[+-]?\d+([.,]\d{1,2})?", text):
                raise forms.ValidationError(_("Enter an amount in euros, e.g. 12,50 or -3,20."))
            try:
                number = int(Decimal(text.replace(",", ".")) * 100)
            except InvalidOperation:
                raise forms.ValidationError(_("Enter an amount in euros.")) from None
        else:
            if not re.fullmatch(r"[+-]?\d+", text):
                raise forms.ValidationError(_("Enter whole points, e.g. 12 or -6."))
            number = int(text)
        if abs(number) > MAX_ABS:
            raise forms.ValidationError(_("This number is too large."))
        return number


class TotalsForm(forms.Form):
    def __init__(
        self,
        *args,
        seats: list[models.Seat],
        counters: tuple[str, ...],
        cents: bool,
        **kwargs,
    ):
        super().__init__(*args, **kwargs)
        self.seats, self.counters = seats, counters
        for seat in seats:
            label = f"{seat.player.start_number} {seat.player.name}"
            self.fields[f"seat-{seat.position}-points"] = PointsField(
                cents=cents,
                required=False,
                label=_("Points of %(player)s") % {"player": label},
            )
            for name in counters:
                self.fields[f"seat-{seat.position}-{name}"] = forms.IntegerField(
                    required=False,
                    min_value=0,
                    max_value=999,
                    label=f"{COUNTER_NAMES[name]} ({label})",
                )
        self.fields["version"] = forms.IntegerField(min_value=0, widget=forms.HiddenInput)
        # A closed table: the Turnierleitung's correction, with its reason (5.3.4).
        self.fields["correction"] = forms.CharField(
            required=False, max_length=300, label=_("Reason of the correction")
        )

    def rows(self):
        """Per seat: the seat, its points field and its counter fields (bound)."""
        return [
            (
                seat,
                self[f"seat-{seat.position}-points"],
                [self[f"seat-{seat.position}-{name}"] for name in self.counters],
            )
            for seat in self.seats
        ]

    def lines(self) -> list[SeatTotals]:
        data = self.cleaned_data
        return [
            SeatTotals(
                points=data[f"seat-{seat.position}-points"],
                **{name: data.get(f"seat-{seat.position}-{name}") or 0 for name in self.counters},
            )
            for seat in self.seats
        ]


def points_typed(points: int, *, cents: bool) -> str:
    """Points as the line shows them again: "12" or, for a money tariff, "12,50"."""
    if not cents:
        return str(points)
    return f"{Decimal(points) / 100:.2f}".replace(".", ",")


def totals_initial(
    seats: list[models.Seat], counters: tuple[str, ...], version: int, *, cents: bool
) -> dict:
    initial: dict[str, object] = {"version": version}
    if version:
        for seat in seats:
            initial[f"seat-{seat.position}-points"] = points_typed(seat.points, cents=cents)
            for name in counters:
                initial[f"seat-{seat.position}-{name}"] = getattr(seat, name)
    return initial
