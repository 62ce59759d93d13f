"""Table sizes and a seeded seating. Plain Python, no Django.

Tables seat four; when the number of players is not divisible by four, some tables seat five
(the dealer sits out each game), never three.
"""

from __future__ import annotations

import random
from collections.abc import Sequence


def table_sizes(players: int) -> list[int]:
    """Seats per table, tables of five last; ValueError when no such split exists."""
    fours, rest = divmod(players, 4)
    if players < 4 or rest > fours:
        raise ValueError(f"{players} players cannot be seated at tables of four and five")
    return [4] * (fours - rest) + [5] * rest


def seat_randomly(players: Sequence[str], *, seed: str) -> list[list[str]]:
    """Players dealt to tables and seats by a lot reproducible from `seed`."""
    order = list(players)
    random.Random(seed).shuffle(order)
    tables, start = [], 0
    for size in table_sizes(len(order)):
        tables.append(order[start : start + size])
        start += size
    return tables
