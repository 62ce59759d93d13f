"""Games with a decision of the Turnierleitung at table 1 of the `evening` tournament
(tests/conftest.py), shared by the tests of decisions and sanctions."""

from __future__ import annotations

from django.urls import reverse

from tournament.models import Hand, Table
from tournament.sheets.services.hands import HandEntry, hand_save
from tournament.sheets.services.supervision import (
    hand_approve,
    hand_refuse,
    hand_strike,
    sanction_record,
)

SLUG = "abend"  # the `evening` tournament of conftest.py


def url(name, *args):
    return reverse(f"manage:{name}", args=[SLUG, *args])


def table_one() -> Table:
    return Table.objects.get(durchgang__tournament__slug=SLUG, number=1)


def players() -> dict:
    return {seat.position: seat.player for seat in table_one().seats.select_related("player")}


def game(number=2) -> Hand:
    return Hand.objects.get(table=table_one(), number=number)


def decide(kind: str, supervisor) -> Hand:
    """Games 1 and 2 at table 1, game 2 carrying the supervisor's decision `kind`."""
    p, table = players(), table_one()
    hand_save(
        table=table,
        number=1,
        game=HandEntry(contract="rufspiel", suit="eichel", declarer=p[1], partner=p[3], won=True),
        version=0,
    )
    tout = kind in ("refused", "approved")
    second = (
        HandEntry(contract="wenz", declarer=p[2], won=True, tout=True)
        if tout
        else HandEntry(contract="rufspiel", suit="gras", declarer=p[2], partner=p[4], won=True)
    )
    hand = hand_save(table=table, number=2, game=second, version=0)
    if kind == "struck":
        hand_strike(hand=hand, user=supervisor, struck=True, reason="Falsch gegeben", version=1)
    elif kind == "sanctioned":
        sanction_record(hand=hand, user=supervisor, offender=p[4], reason="Vorwerfen", version=1)
    elif kind == "refused":
        hand_refuse(hand=hand, user=supervisor, note="Zu spät gemeldet", version=1)
    else:
        hand_approve(hand=hand, user=supervisor, note="Gesehen", version=1)
    return game()


def page(response) -> str:
    return response.content.decode()
