"""A whole scoresheet scored at once. Plain Python, no Django.

Which games need approval depends on the other games of the sheet (5.2.16 counts the
single-player games per table and Durchgang), so a sheet is scored as a whole: every game gets
its approval requirement, whether it counts yet, its points per seat and its tie-break counters.
A game that needs an approval it has not got scores 0 until approved.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from rules.pointtables import PointTable
from rules.tiebreaks import COUNTERS
from scoring.approvals import ApprovalCandidate, approvals_needed
from scoring.hand import NO_COUNTS, DeclarerCounts, HandFacts, declarer_counts, hand_points
from scoring.seating import playing_indices


@dataclass(frozen=True)
class ScoredHand:
    hand: HandFacts
    needs_approval: bool
    counts: bool
    points: dict[str, int]
    declarer: DeclarerCounts


def score_sheet(
    hands: Sequence[HandFacts],
    *,
    table: PointTable,
    solo_approval_from: int,
    approved: Callable[[HandFacts], bool],
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


#: What `seat_totals` adds up for each player of a sheet, in this order.
SEAT_TOTAL_FIELDS: tuple[str, ...] = ("points", "plus", "minus", *COUNTERS)


def seat_totals(seats: Sequence[str], scored: Sequence[ScoredHand]) -> dict[str, tuple[int, ...]]:
    """Per seated player, the sheet's totals in `SEAT_TOTAL_FIELDS` order: the points, the sum of
    the games won (plus) and of the games lost (minus, 0 or less), and the declarer's tie-break
    counters. Every seat is listed, also with no game yet."""
    totals = {player: [0] * len(SEAT_TOTAL_FIELDS) for player in seats}
    for result in scored:
        for player, points in result.points.items():
            row = totals[player]
            row[0] += points
            row[1 if points > 0 else 2] += points if points else 0
        c = result.declarer
        if result.hand.declarer is None:  # a thrown-in deal
            continue
        row = totals[result.hand.declarer]
        for index, name in enumerate(COUNTERS, start=3):
            row[index] += getattr(c, name)
    return {player: tuple(row) for player, row in totals.items()}


def stock_tally(seats: Sequence[str], thrown_in: Iterable[int], *, amount: int) -> dict[str, int]:
    """The Stock (Reuegeld, 4.1.5 of 2024) each seated player pays: `amount` (in cents) for
    every thrown-in deal (`thrown_in`: their line numbers) in which they were dealt cards. At a
    table of five the dealer sits out and is dealt none: he pays nothing for that deal. Money,
    never points."""
    owed = dict.fromkeys(seats, 0)
    for number in thrown_in:
        for index in playing_indices(number, len(seats)):
            owed[seats[index]] += amount
    return owed
