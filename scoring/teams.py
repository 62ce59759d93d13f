"""Team rankings (Mannschaftswertung, docs/teams.md). Plain Python, no Django.

A *member* is one ranked player as the individual ranking placed him: his rank, his points and
his tie-break counters (in the order of the tournament's chain, 5.4.2). A *team* is a set of
members under a name: either a club's best `size` players (`club_teams`, the club as the players
registered it) or a team registered in advance (`registered_team`).

`rank_teams` orders the teams:
1. complete teams (`size` members) before incomplete ones (a club with fewer players);
2. team points, the sum of the members' points (higher is better);
3. the better best player: the lowest individual rank among the members;
4. the sums of the members' tie-break counters, one after the other in the chain's order;
5. a lot derived from the seed and the team's name, which anyone can repeat.

Across a cup (`cup_club_points`), a club's value of one evening is the sum of its best `size`
players' points that evening (fewer players: the points of those it had).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from scoring.ranking import lot_key


@dataclass(frozen=True)
class Member:
    ident: str
    rank: int
    points: int
    counters: tuple[int, ...] = ()  # in the chain's order


@dataclass(frozen=True)
class Team:
    name: str
    members: tuple[Member, ...]
    complete: bool = True

    @property
    def points(self) -> int:
        return sum(m.points for m in self.members)

    @property
    def best_rank(self) -> int:
        return min((m.rank for m in self.members), default=0)

    @property
    def counters(self) -> tuple[int, ...]:
        width = max((len(m.counters) for m in self.members), default=0)
        return tuple(
            sum(m.counters[i] for m in self.members if i < len(m.counters)) for i in range(width)
        )


@dataclass(frozen=True)
class RankedTeam:
    rank: int
    team: Team
    lot: int | None = None


def club_teams(members: Iterable[tuple[str, Member]], *, size: int) -> list[Team]:
    """Each club's best `size` members (by individual rank): `(club, member)` pairs in, one team
    per club out. Players without a club form no team; a club with fewer players than `size` is
    an incomplete team of all it has."""
    by_club: dict[str, list[Member]] = {}
    for club, member in members:
        if club.strip():
            by_club.setdefault(club.strip(), []).append(member)
    teams = []
    for club, found in by_club.items():
        best = sorted(found, key=lambda m: m.rank)[:size]
        teams.append(Team(name=club, members=tuple(best), complete=len(best) >= size))
    return teams


def registered_team(name: str, members: Sequence[Member], *, size: int) -> Team:
    """A team registered in advance; a member not ranked (withdrawn, never came) is left out and
    the team counts as incomplete."""
    return Team(name=name, members=tuple(members), complete=len(members) >= size)


def rank_teams(teams: Iterable[Team], *, seed: str) -> list[RankedTeam]:
    """Teams best first, ranks 1..n without gaps; a group equal in everything by seeded lot."""

    def merit(team: Team) -> tuple[int, ...]:
        return (int(team.complete), team.points, -team.best_rank, *team.counters)

    ordered = sorted(teams, key=lambda t: (tuple(-x for x in merit(t)), lot_key(seed, t.name)))
    ranked: list[RankedTeam] = []
    for team in ordered:
        tied = [t for t in ordered if merit(t) == merit(team)]
        lot = tied.index(team) + 1 if len(tied) > 1 else None
        ranked.append(RankedTeam(rank=len(ranked) + 1, team=team, lot=lot))
    return ranked


@dataclass(frozen=True)
class CupClub:
    rank: int
    club: str
    total: int
    evenings: tuple[int | None, ...]  # per evening: the club's team points (None: not there)
    lot: int | None = None


def evening_club_points(rows: Iterable[Mapping[str, object]], *, size: int) -> dict[str, int]:
    """One evening's standings rows (`club`, `rank`, `points`) → each club's team points: the sum
    of its best `size` players' points."""
    members = [
        (
            str(row.get("club") or ""),
            Member(ident=str(i), rank=int(str(row["rank"])), points=int(str(row["points"]))),
        )
        for i, row in enumerate(rows)
    ]
    return {team.name: team.points for team in club_teams(members, size=size)}


def cup_club_points(evenings: Sequence[Mapping[str, int]], *, seed: str) -> list[CupClub]:
    """The cup's team table: per club the sum over the evenings; equal totals by the better
    single evening, then by the seeded lot on the club's name."""
    clubs = sorted({club for evening in evenings for club in evening})
    values = {club: tuple(evening.get(club) for evening in evenings) for club in clubs}

    def merit(club: str) -> tuple[int, int]:
        present = [v for v in values[club] if v is not None]
        return (sum(present), max(present, default=0))

    ordered = sorted(clubs, key=lambda c: (tuple(-x for x in merit(c)), lot_key(seed, c)))
    table: list[CupClub] = []
    for club in ordered:
        tied = [c for c in ordered if merit(c) == merit(club)]
        lot = tied.index(club) + 1 if len(tied) > 1 else None
        table.append(
            CupClub(
                rank=len(table) + 1,
                club=club,
                total=merit(club)[0],
                evenings=values[club],
                lot=lot,
            )
        )
    return table
