"""A Durchgang played through the services: every game entered, every sheet signed and closed."""

from __future__ import annotations

from tournament.models import Durchgang, Player
from tournament.sheets.services.hands import HandEntry, hand_save
from tournament.sheets.services.sheet import seat_sign, sheet_close


def seats(table) -> dict[int, Player]:
    return {s.position: s.player for s in table.seats.select_related("player")}


def ruf(table) -> HandEntry:
    p = seats(table)
    return HandEntry(contract="rufspiel", suit="eichel", declarer=p[1], partner=p[3], won=True)


def solo(table) -> HandEntry:
    return HandEntry(contract="solo", suit="herz", declarer=seats(table)[2], won=True)


def enter_all(durchgang: Durchgang, *, solo_at: int | None = None) -> None:
    """Every game of every table: Rufspiele, and a Solo as game `solo_at` of table 1."""
    for table in durchgang.tables.order_by("number"):
        for number in range(1, 5):
            game = solo(table) if table.number == 1 and number == solo_at else ruf(table)
            hand_save(table=table, number=number, game=game, version=0)


def close_all(durchgang: Durchgang, user) -> None:
    for table in durchgang.tables.all():
        for seat in table.seats.all():
            seat_sign(seat=seat, user=user, paper=True)
        sheet_close(table=table, user=user)
