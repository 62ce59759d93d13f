"""Facts about one scoresheet (one table in one Durchgang). Plain Python, no Django.

Seats are numbered clockwise from 1; seat 1 deals game 1, seat 2 game 2 and so on around the
table. At a table of five the dealer sits out the game he deals; such a table plays 5/4 of the
games of a table of four, so that every player plays the same number of games.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from rules.contracts import Contract, is_single_player

TABLE_SIZES = (4, 5)


def games_at_table(*, seats: int, games_per_durchgang: int) -> int:
    """Games on the sheet of a table with `seats` players (rounded up at a table of five)."""
    if seats == 4:
        return games_per_durchgang
    if seats == 5:
        return -(-games_per_durchgang * 5 // 4)
    raise ValueError(f"a table has 4 or 5 seats, not {seats}")


def dealer_index(number: int, seats: int) -> int:
    """0-based seat index of the dealer of game `number` (1-based)."""
    return (number - 1) % seats


def playing_indices(number: int, seats: int) -> tuple[int, ...]:
    """0-based seat indices of the players who play game `number`."""
    if seats == 5:
        out = dealer_index(number, seats)
        return tuple(i for i in range(seats) if i != out)
    return tuple(range(seats))


@dataclass(frozen=True)
class ApprovalCandidate:
    """What the approval rule needs to know of one game on a sheet."""

    number: int
    contract: Contract
    tout: bool = False
    struck: bool = False


def approvals_needed(games: Iterable[ApprovalCandidate], *, solo_from: int) -> set[int]:
    """Numbers of the games that need the supervisor's approval (5.2.14, 5.2.16).

    Every Tout and every Sie; and every single-player game from the `solo_from`-th on the sheet
    (Touts and Sie count towards that number, struck games do not).
    """
    needed: set[int] = set()
    count = 0
    for game in sorted(games, key=lambda g: g.number):
        if game.struck:
            continue
        counts = game.contract is Contract.SIE or is_single_player(game.contract)
        if not counts:
            continue
        count += 1
        if game.tout or game.contract is Contract.SIE or count >= solo_from:
            needed.add(game.number)
    return needed


def round_of(number: int, seats: int) -> int:
    """The Runde (1-based) game `number` belongs to: each player deals once per Runde."""
    return (number - 1) // seats + 1


def seat_order_ok(seats: Sequence[str]) -> bool:
    return len(seats) in TABLE_SIZES and len(set(seats)) == len(seats)
