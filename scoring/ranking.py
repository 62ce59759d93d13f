"""The ranking: points, then a tie-break chain, then a reproducible lot. Plain Python, no Django.

`Totals` are what the scoresheets add up to for one player (after folding substitutes into the
player they replaced, 5.2.11). `rank_players` orders them by points, then by the counters of a
chain from `rules.tiebreaks` (higher is better), and separates players equal in all of these by
lot: either positions entered by the supervisor from a physical draw, or a shuffle derived from
the tournament's recorded seed, so that anyone can repeat it.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import groupby

from rules.tiebreaks import CASCADE_5_4_2


@dataclass(frozen=True)
class Totals:
    player: str
    points: int = 0
    plus: int = 0
    minus: int = 0
    durchgaenge: tuple[int, ...] = ()
    sie: int = 0
    tout_won: int = 0
    tout_played: int = 0
    solo_won: int = 0
    solo_played: int = 0


@dataclass(frozen=True)
class Ranked:
    rank: int
    totals: Totals
    lot: int | None = None
    extra: Mapping[str, object] = field(default_factory=dict)


def lot_key(seed: str, player: str) -> str:
    """The player's ticket in the seeded lot: the lower, the better."""
    return hashlib.sha256(f"{seed}\x1f{player}".encode()).hexdigest()


def rank_players(
    totals: Iterable[Totals],
    *,
    seed: str,
    chain: Sequence[str] = CASCADE_5_4_2,
    drawn: Mapping[str, int] | None = None,
) -> list[Ranked]:
    """All players ordered best first, ranks 1..n without gaps.

    `drawn` holds lot positions entered from a physical draw (player → position, 1 = best);
    a tied group uses them when every member has one, else the seeded lot.
    """
    drawn = drawn or {}

    def merit(t: Totals) -> tuple[int, ...]:
        return (t.points, *(getattr(t, name) for name in chain))

    ordered = sorted(totals, key=merit, reverse=True)
    ranked: list[Ranked] = []
    for _, group_iter in groupby(ordered, key=merit):
        group = list(group_iter)
        if len(group) == 1:
            ranked.append(Ranked(rank=len(ranked) + 1, totals=group[0]))
            continue
        if all(t.player in drawn for t in group):
            group.sort(key=lambda t: (drawn[t.player], t.player))
        else:
            group.sort(key=lambda t: lot_key(seed, t.player))
        for position, player_totals in enumerate(group, start=1):
            ranked.append(Ranked(rank=len(ranked) + 1, totals=player_totals, lot=position))
    return ranked
