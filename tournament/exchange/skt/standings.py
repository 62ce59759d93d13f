"""SchafkopfTurnier's own standings of a tournament read by `reader`, computed as its view
`tournament_standings_overall` computes them (tests/data/skt/README.md), so that an import can be
compared with them. Plain Python."""

from __future__ import annotations

import string
from collections.abc import Iterable
from dataclasses import dataclass

from tournament.exchange.skt.records import Address, Participant, Round, Table, Tournament


@dataclass(frozen=True)
class SktStanding:
    """One line of its standings: the place shared by equal points and soli (1, 2, 2, 4)."""

    rank: int
    player_no: int
    points: int
    soli: int


_NOCASE = str.maketrans(string.ascii_uppercase, string.ascii_lowercase)


def _nocase(text: str) -> str:
    """SQLite's NOCASE: only A–Z folded; otherwise code point order (umlauts after z)."""
    return text.translate(_NOCASE)


def skt_standings(tournament: Tournament, addresses: dict[int, Address]) -> list[SktStanding]:
    """Its standings as its view orders them: points, soli, then the name, Wohnort and number."""
    points = {p.tp_id: 0 for p in tournament.participants}
    soli = dict(points)
    for table in _tables(tournament.rounds):
        if table.scores is not None:
            for tp, score in zip(table.seats, table.scores, strict=True):
                points[tp] += score.points
                soli[tp] += score.soli

    def order(p: Participant) -> tuple:
        a = addresses[p.address_id]
        names = (_nocase(a.nachname), _nocase(a.vorname), _nocase(a.wohnort))
        return (-points[p.tp_id], -soli[p.tp_id], *names, p.player_no)

    lines: list[SktStanding] = []
    for place, p in enumerate(sorted(tournament.participants, key=order), start=1):
        pair = (points[p.tp_id], soli[p.tp_id])
        shared = lines and (lines[-1].points, lines[-1].soli) == pair
        rank = lines[-1].rank if shared else place
        lines.append(SktStanding(rank, p.player_no, *pair))
    return lines


def _tables(rounds: Iterable[Round]) -> Iterable[Table]:
    for r in rounds:
        yield from r.tables
