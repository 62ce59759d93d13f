"""Tables and seats: sizes, a seeded seating, who deals and who plays. Plain Python, no Django.

Tables seat four; when the number of players is not divisible by four, some tables seat five,
never three. Seats are numbered clockwise from 1; seat 1 deals game 1, seat 2 game 2 and so on
around the table. At a table of five the dealer sits out the game he deals; such a table plays
5/4 of the games of a table of four, so that every player plays the same number of games. That
works only when the games per Durchgang are a multiple of 4 (`games_fit_tables_of_five`): then
each seat of a table of five deals, and sits out, as often as every other.

Thrown-in deals (all passed, 4.1.5 of 2024), where the tournament records them, are lines of the
sheet: the deal moves on with every line, so line n is dealt by seat ((n - 1) mod seats) + 1
whether it holds a game or a thrown-in deal, and at a table of five that dealer sits out. When
thrown-in deals count as games, the sheet keeps its number of lines; when they do not, it gets
one line more for each (`sheet_length`).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence


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


def games_at_table(*, seats: int, games_per_durchgang: int) -> int:
    """Games on the sheet of a table with `seats` players. At a table of five a number of games
    that is not a multiple of 4 is rounded up: the draw and the settings refuse such a number
    once a table of five is needed, but tournaments recorded before keep their sheets."""
    if seats == 4:
        return games_per_durchgang
    if seats == 5:
        return -(-games_per_durchgang * 5 // 4)
    raise ValueError(f"a table has 4 or 5 seats, not {seats}")


def sheet_length(
    *, seats: int, games_per_durchgang: int, thrown_in: int = 0, thrown_in_counts: bool = True
) -> int:
    """Lines of the sheet of a table with `seats` players holding `thrown_in` thrown-in deals:
    the games of the table (`games_at_table`), plus one line per thrown-in deal when those do
    not count as games. The sheet is complete when every line is filled, that is when all the
    real games are there."""
    games = games_at_table(seats=seats, games_per_durchgang=games_per_durchgang)
    return games if thrown_in_counts else games + thrown_in


def first_game_number(thrown_in: Iterable[int]) -> int:
    """The number of the first real game of a sheet whose lines `thrown_in` are thrown-in
    deals: the first line after the thrown-in deals it starts with (1 when it starts with a
    game, or line 1 is not known yet)."""
    numbers = set(thrown_in)
    first = 1
    while first in numbers:
        first += 1
    return first


def games_fit_tables_of_five(games_per_durchgang: int) -> bool:
    """Whether every player of a table of five plays `games_per_durchgang` games, as at a table
    of four, and each seat sits out as often as it deals: only for a multiple of 4."""
    return games_per_durchgang % 4 == 0


def nearest_fitting_games(games_per_durchgang: int) -> tuple[int, ...]:
    """The multiples of 4 next to `games_per_durchgang`, below and above (none below 4)."""
    below = games_per_durchgang // 4 * 4
    return tuple(n for n in (below, below + 4) if n >= 4)


def dealer_index(number: int, seats: int) -> int:
    """0-based seat index of the dealer of game `number` (1-based)."""
    return (number - 1) % seats


def playing_indices(number: int, seats: int) -> tuple[int, ...]:
    """0-based seat indices of the players who play game `number`."""
    if seats == 5:
        out = dealer_index(number, seats)
        return tuple(i for i in range(seats) if i != out)
    return tuple(range(seats))


def round_of(number: int, seats: int) -> int:
    """The Runde (1-based) game `number` belongs to: each player deals once per Runde."""
    return (number - 1) // seats + 1
