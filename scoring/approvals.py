"""Which games of a scoresheet need the supervisor's approval (5.2.14, 5.2.16).

Plain Python, no Django.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from rules.contracts import Contract, is_single_player


@dataclass(frozen=True)
class ApprovalCandidate:
    """What the approval rule needs to know of one game on a sheet."""

    number: int
    contract: Contract
    tout: bool = False
    struck: bool = False


def approvals_needed(games: Iterable[ApprovalCandidate], *, solo_from: int) -> set[int]:
    """Numbers of the games that need the supervisor's approval (5.2.14, 5.2.16).

    Every Tout and every Sie (5.2.14); and every single-player game (Solo, Wenz, Farbwenz, Geier,
    Farbgeier) from the `solo_from`-th on the sheet (5.2.16). Touts count towards that number;
    a Sie does not, for it is no Solo or Wenz, and struck games do not.
    """
    needed: set[int] = set()
    count = 0
    for game in sorted(games, key=lambda g: g.number):
        if game.struck:
            continue
        if game.contract is Contract.SIE:
            needed.add(game.number)
        elif is_single_player(game.contract):
            count += 1
            if game.tout or count >= solo_from:
                needed.add(game.number)
    return needed
