"""Amounts as people read them: money in euros ("12,50 €", the active language's decimal
separator) and a score in the unit of its point table (points, or euros for a money tariff
that counts in cents). Every page, printout, message and phone screen formats them here."""

from __future__ import annotations

from decimal import Decimal

from django.utils.formats import number_format


def money(amount: Decimal) -> str:
    """An amount of euros: '12,50 €' (German), '12.50 €' (English)."""
    return f"{number_format(amount, 2)} €"


def euros(cents: int) -> str:
    """An amount counted in cents, in euros: '0,50 €'."""
    return money(Decimal(cents) / 100)


def score_text(value: int | None, unit: str) -> str:
    """A score in its unit: '18' in points, '1,80 €' in cents; nothing for no score."""
    if value is None or value == "":
        return ""
    if unit == "cents":
        return euros(value)
    return str(value)
