"""A whole scoresheet scored at once. Plain Python, no Django.

Which games need approval depends on the other games of the sheet (5.2.16 counts the
single-player games per table and Durchgang), so a sheet is scored as a whole: every game gets
its approval requirement, whether it counts yet, its points per seat and its tie-break counters.
A game that needs an approval it has not got scores 0 until approved.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from rules.pointtables import PointTable
from scoring.hand import NO_COUNTS, DeclarerCounts, Hand, declarer_counts, hand_points
from scoring.sheet import ApprovalCandidate, approvals_needed


@dataclass(frozen=True)
class ScoredHand:
    hand: Hand
    needs_approval: bool
    counts: bool
    points: dict[str, int]
    declarer: DeclarerCounts


def score_sheet(
    hands: Sequence[Hand],
    *,
    table: PointTable,
    solo_approval_from: int,
    approved: Callable[[Hand], bool],
) -> list[ScoredHand]:
    """Score every game of one sheet, in the order given."""
    needed = approvals_needed(
        (ApprovalCandidate(h.number, h.contract, h.tout, h.struck) for h in hands),
        solo_from=solo_approval_from,
    )
    scored: list[ScoredHand] = []
    for hand in hands:
        needs = hand.number in needed
        counts = not needs or approved(hand)
        if counts:
            points = hand_points(hand, table)
            declarer = declarer_counts(hand, points)
        else:
            points, declarer = dict.fromkeys(hand.seats, 0), NO_COUNTS
        scored.append(ScoredHand(hand, needs, counts, points, declarer))
    return scored
