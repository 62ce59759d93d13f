"""Who qualifies for a cup's final. Plain Python, no Django.

Terms: the *table* is the cup table's persons in its order (the seasons' engine, with its
tie-breaks and lot), each with its rank (None: fewer evenings than the minimum, listed but not
ranked); an *evening* is one evening's persons in the order of their places there.

The rule (docs/cup.md): with `per_evening` M, each evening (by date) qualifies its M best
placed who have not qualified yet (one already qualified passes the place to the next of that
evening); with `overall` N the cup table then fills the list with its N best ranked not
qualified yet. So *both* is the union of the evenings' best and the table's best, the table
filling up to N + M × evenings. With M = 0 these are the table's first N. The list is ordered
as the cup table (its start numbers follow that order); a decline is replaced by the next ranked
person of the table who is not on the list.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class Qualified:
    person: str
    evening: int | None  # the evening's index that qualified the person, or None: the table
    place: int  # the place in that evening, or the rank in the cup table


def qualified(
    table: Sequence[tuple[str, int | None]],
    evenings: Sequence[Sequence[tuple[str, int]]],
    *,
    overall: int,
    per_evening: int,
) -> list[Qualified]:
    """The qualified in the order of the cup table. `table`: (person, rank or None) in order;
    `evenings`: per evening (person, place) by place."""
    found: dict[str, Qualified] = {}
    for index, evening in enumerate(evenings):
        taken = 0
        for person, place in evening:
            if taken == per_evening:
                break
            if person not in found:
                found[person] = Qualified(person, index, place)
                taken += 1
    filled = 0
    for person, rank in table:
        if filled == overall or rank is None:
            break
        if person not in found:
            found[person] = Qualified(person, None, rank)
            filled += 1
    order = {person: position for position, (person, _rank) in enumerate(table)}
    return sorted(found.values(), key=lambda q: order.get(q.person, len(order)))


def replacement(
    table: Sequence[tuple[str, int | None]], listed: set[str]
) -> tuple[str, int] | None:
    """The next ranked person of the table not on the list (invited or declined), with its
    rank; None when the table has no one left."""
    for person, rank in table:
        if rank is not None and person not in listed:
            return person, rank
    return None
