"""The sheets "Kasse" (the cash summary of tournament/checkin/cash.py: Startgeld in, prize money
out) and "Einlass" (each player's check-in and Startgeld)."""

# Declared boilerplate (duplicates): a sheet's column list is alike in shape to the other sheets of
# the workbook.

from __future__ import annotations

from decimal import Decimal

from django.utils.translation import gettext as _
from openpyxl.workbook import Workbook

from tournament import models
from tournament.checkin.cash import cash_summary
from tournament.exchange.exports.xlsx import Column, Euros, sheet_write

CASH = "Kasse"
DOOR = "Einlass"


def _euros(amount: Decimal) -> Euros:
    return Euros(int(amount * 100))


def cash_write(workbook: Workbook, tournament: models.Tournament) -> None:
    s = cash_summary(tournament)
    columns = [Column(_("Item"), 40), Column(_("Players"), 8), Column(_("Amount (€)"), 12)]
    rows = [
        (_("Startgeld per player"), None, _euros(s.entry_fee)),
        (_("Registered (without waiting list)"), s.registered, None),
        (_("Waiting list"), s.waiting, None),
        (_("Checked in"), s.checked_in, None),
        (_("Startgeld paid in cash"), s.paid, _euros(s.paid_sum)),
        (_("Free of Startgeld"), s.free, _euros(Decimal(0))),
        (_("Checked in, Startgeld open"), s.open_checked_in, _euros(s.open_sum)),
        (_("Registered, not checked in"), s.not_checked_in, None),
        (_("Prize money paid out"), None, _euros(s.prizes_out)),
        (_("Cash box (Startgeld paid less prize money)"), None, _euros(s.balance)),
    ]
    sheet_write(workbook, CASH, columns, rows)


def door_write(workbook: Workbook, tournament: models.Tournament) -> None:
    columns = [
        Column(_("Start number"), 6),
        Column(_("Name"), 24),
        Column(_("Club"), 20),
        Column(_("Status"), 16),
        Column(_("Checked in at"), 16),
        Column(_("Checked in by"), 12),
        Column(_("Startgeld"), 12),
        Column(_("Amount (€)"), 10),
    ]
    players = tournament.players.select_related("checked_in_by").order_by("start_number")
    rows = (
        (
            p.start_number,
            p.name,
            p.club,
            _status(p),
            p.checked_in_at,
            p.checked_in_by.get_username() if p.checked_in_by else "",
            str(p.get_payment_display()),
            _euros(p.paid_amount),
        )
        for p in players
    )
    sheet_write(workbook, DOOR, columns, rows)


def _status(player: models.Player) -> str:
    if player.withdrawn:
        return _("withdrawn")
    if player.waiting_since is not None:
        return _("on the waiting list")
    return _("checked in") if player.checked_in_at else _("not checked in")
