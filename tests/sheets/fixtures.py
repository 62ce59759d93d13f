"""Games for the small sheet of tests/conftest.py (`table`: one table of four, `p`: its players
by seat), entered through the services as the clerk does."""

from __future__ import annotations

from dataclasses import replace

from tournament.models import Hand, HandScore
from tournament.sheets.services.hands import HandEntry, hand_save


def ruf(p, **changes) -> HandEntry:
    """Seat 1 with seat 3 calls the Eichel-Sau and wins."""
    game = HandEntry(contract="rufspiel", suit="eichel", declarer=p[1], partner=p[3], won=True)
    return replace(game, **changes)


def solo(p, seat=2, **changes) -> HandEntry:
    return replace(HandEntry(contract="solo", suit="herz", declarer=p[seat], won=True), **changes)


def enter(table, number, game, user=None) -> Hand:
    """Enter a new game (version 0) at `table`."""
    return hand_save(table=table, number=number, game=game, version=0, user=user)


def points(table, number) -> dict[int, int]:
    """Each player's points in game `number` of `table`, by start number."""
    rows = HandScore.objects.filter(hand__table=table, hand__number=number)
    return dict(rows.values_list("player__start_number", "points"))
