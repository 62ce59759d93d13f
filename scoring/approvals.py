"""Which games of a scoresheet need the supervisor's approval (5.2.14, 5.2.16), and why.

Plain Python, no Django.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum

from rules.contracts import Contract, is_single_player


@dataclass(frozen=True)
class ApprovalCandidate:
    """What the approval rule needs to know of one game on a sheet."""

    number: int
    contract: Contract
    tout: bool = False
    struck: bool = False


class ApprovalGround(StrEnum):
    """Why a game waits for the supervisor: it is a Tout or a Sie (5.2.14), or a single-player
    game from the threshold of 5.2.16 on."""

    TOUT = "tout"
    SIE = "sie"
    SINGLE = "single"


@dataclass(frozen=True)
class ApprovalReason:
    """Why one game needs the approval: `ground`, and for a single-player game (a Tout too)
    its place among the sheet's single-player games (`single_count`: 5 for the fifth)."""

    ground: ApprovalGround
    single_count: int | None = None


def approval_reasons(
    games: Iterable[ApprovalCandidate], *, solo_from: int
) -> dict[int, ApprovalReason]:
    """The games that need the supervisor's approval, by number, each with its reason.

    Every Tout and every Sie (5.2.14); and every single-player game (Solo, Wenz, Farbwenz, Geier,
    Farbgeier) from the `solo_from`-th on the sheet (5.2.16). Touts count towards that number;
    a Sie does not, for it is no Solo or Wenz, and struck games do not. A Tout is named a Tout
    even when it is also the `solo_from`-th single-player game.
    """
    reasons: dict[int, ApprovalReason] = {}
    count = 0
    for game in sorted(games, key=lambda g: g.number):
        if game.struck:
            continue
        if game.contract is Contract.SIE:
            reasons[game.number] = ApprovalReason(ApprovalGround.SIE)
        elif is_single_player(game.contract):
            count += 1
            if game.tout:
                reasons[game.number] = ApprovalReason(ApprovalGround.TOUT, count)
            elif count >= solo_from:
                reasons[game.number] = ApprovalReason(ApprovalGround.SINGLE, count)
    return reasons


def approvals_needed(games: Iterable[ApprovalCandidate], *, solo_from: int) -> set[int]:
    """Numbers of the games that need the supervisor's approval (`approval_reasons`)."""
    return set(approval_reasons(games, solo_from=solo_from))
