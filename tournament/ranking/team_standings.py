"""The team ranking of a tournament (docs/teams.md): the individual standings grouped by the pure
engine (scoring/teams.py), either as each club's best N players or as the teams registered in
advance. No query per team: the standings already hold every player's totals."""

from __future__ import annotations

from dataclasses import dataclass

from scoring.teams import Member, RankedTeam, club_teams, rank_teams, registered_team
from tournament import models
from tournament.ranking.standings import Standing


@dataclass(frozen=True)
class TeamRow:
    rank: int
    name: str
    points: int
    complete: bool
    best_rank: int
    players: list[tuple[str, int]]  # name as the public sees it, points
    lot: int | None


def team_setting(tournament: models.Tournament) -> models.TeamRanking | None:
    """The tournament's team ranking, None when it has none."""
    setting = models.TeamRanking.objects.filter(tournament=tournament).first()
    if setting is None or setting.kind == models.TeamRanking.Kind.NONE:
        return None
    return setting


def _member(standing: Standing, chain: tuple[str, ...]) -> Member:
    totals = standing.totals
    counters = tuple(getattr(totals, name) for name in chain)
    return Member(
        ident=standing.player.ident, rank=standing.rank, points=totals.points, counters=counters
    )


def team_rows(tournament: models.Tournament, standings: list[Standing]) -> list[TeamRow]:
    """The team table after the same Durchgang as `standings`; empty without a team ranking."""
    setting = team_setting(tournament)
    if setting is None:
        return []
    chain = tournament.chain
    by_ident = {s.player.ident: s for s in standings}
    if setting.kind == models.TeamRanking.Kind.CLUB:
        teams = club_teams(
            ((s.player.club, _member(s, chain)) for s in standings), size=setting.size
        )
    else:
        teams = []
        members = models.TeamMember.objects.filter(team__tournament=tournament)
        players: dict[str, list[str]] = {}
        for team_name, ident in members.values_list("team__name", "player__ident"):
            players.setdefault(team_name, []).append(ident)
        for team in tournament.teams.all():
            ranked = [
                _member(by_ident[i], chain) for i in players.get(team.name, []) if i in by_ident
            ]
            teams.append(registered_team(team.name, ranked, size=setting.size))
    return [_row(r, by_ident) for r in rank_teams(teams, seed=tournament.lot_seed)]


def _row(ranked: RankedTeam, by_ident: dict[str, Standing]) -> TeamRow:
    team = ranked.team
    return TeamRow(
        rank=ranked.rank,
        name=team.name,
        points=team.points,
        complete=team.complete,
        best_rank=team.best_rank,
        players=[(by_ident[m.ident].player.public_name, m.points) for m in team.members],
        lot=ranked.lot,
    )
