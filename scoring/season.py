"""Season standings (Jahreswertung) from the tournaments' own results. Plain Python, no Django.

The one ranking engine of a series of tournaments: a season of one organiser
(tournament/seasons/) and a cup across clubs (tournament/cups/, whose evenings are tournaments
hosted on the server or result files sent in) both rank their entries here.

Presets (`SeasonRule.kind`):
- ``sum``: the points of every tournament played, added up;
- ``best``: the points of the best N tournaments of the person (N = `best`);
- ``placement``: points by place from a table (25-20-16-13-11-…; a place beyond the table
  gives 0), of every tournament, or of the best N when `best` is set.

A person who played fewer than `minimum` tournaments is listed after the ranked ones, without a
rank. Ties: the season value, then the tie-break counters of the tournaments counted, summed in
the order of rule 5.4.2 (Sie, Touts won, Touts played, single-player games won and played), then
the seeded lot (`lot_key`, the same lot as a tournament's).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from scoring.ranking import lot_key

KINDS = ("sum", "best", "placement")


@dataclass(frozen=True)
class Entry:
    """One person's result in one tournament (a season's tournament or a cup's evening)."""

    person: str  # a key stable across the season's tournaments
    tournament: int  # names the tournament; of equal values among the best N the smaller counts
    place: int
    points: int
    counters: tuple[int, ...] = ()  # the tie-break counters of rule 5.4.2, in its order


@dataclass(frozen=True)
class SeasonRule:
    kind: str = "sum"
    best: int | None = None
    placement: tuple[int, ...] = ()
    minimum: int = 0

    def value(self, entry: Entry) -> int:
        if self.kind == "placement":
            return self.placement[entry.place - 1] if entry.place <= len(self.placement) else 0
        return entry.points


@dataclass(frozen=True)
class SeasonStanding:
    rank: int | None  # None: fewer tournaments than the minimum
    person: str
    value: int
    played: int
    counted: tuple[int, ...]  # the tournaments whose value counts
    counters: tuple[int, ...]
    values: dict[int, int]  # tournament → its season value, for every tournament played


def _counted(rule: SeasonRule, entries: Sequence[Entry]) -> list[Entry]:
    if rule.kind == "sum" or (rule.kind == "placement" and not rule.best):
        return list(entries)
    best = rule.best or len(entries)
    # The best values; of equal values the earlier tournament (a stable, stated choice).
    ordered = sorted(entries, key=lambda e: (-rule.value(e), e.tournament))
    return ordered[:best]


def _summed(entries: Iterable[Entry]) -> tuple[int, ...]:
    totals: list[int] = []
    for entry in entries:
        for index, count in enumerate(entry.counters):
            if index == len(totals):
                totals.append(0)
            totals[index] += count
    return tuple(totals)


def season_rank(entries: Iterable[Entry], rule: SeasonRule, *, seed: str) -> list[SeasonStanding]:
    if rule.kind not in KINDS:
        raise ValueError(f"unknown season scoring {rule.kind!r}")
    by_person: dict[str, list[Entry]] = defaultdict(list)
    for entry in entries:
        by_person[entry.person].append(entry)
    rows = []
    for person, played in by_person.items():
        counted = _counted(rule, played)
        rows.append(
            SeasonStanding(
                rank=None,
                person=person,
                value=sum(rule.value(e) for e in counted),
                played=len(played),
                counted=tuple(sorted(e.tournament for e in counted)),
                counters=_summed(counted),
                values={e.tournament: rule.value(e) for e in played},
            )
        )
    rows.sort(
        key=lambda r: (
            r.played < rule.minimum,
            -r.value,
            tuple(-c for c in r.counters),
            lot_key(seed, r.person),
        )
    )
    ranked = []
    for position, row in enumerate(rows, start=1):
        rank = position if row.played >= rule.minimum else None
        ranked.append(
            SeasonStanding(
                rank=rank,
                person=row.person,
                value=row.value,
                played=row.played,
                counted=row.counted,
                counters=row.counters,
                values=row.values,
            )
        )
    return ranked


@dataclass(frozen=True)
class PlacementError(Exception):
    """A placement table cannot be read: `part` is no number of points. The caller turns it
    into a message in the user's language."""

    part: str


def placement_parse(text: str) -> tuple[int, ...]:
    """ "25-20-16-13" or "25, 20, 16" → (25, 20, 16, 13); PlacementError names the bad part."""
    parts = [p for p in text.replace(",", " ").replace("-", " ").replace(";", " ").split() if p]
    values = []
    for part in parts:
        if not part.isdecimal():
            raise PlacementError(part)
        values.append(int(part))
    return tuple(values)
