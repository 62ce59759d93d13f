"""A person's tournaments with rank and points, from each tournament's own ranking."""

from __future__ import annotations

from dataclasses import dataclass

from tournament import models
from tournament.ranking.standings import standings_compute


@dataclass(frozen=True)
class Result:
    player: models.Player
    rank: int | None
    points: int | None


def person_results(*, person: models.Person) -> list[Result]:
    """One line per tournament the person played in (newest first)."""
    players = person.players.select_related("tournament").order_by("-tournament__date", "pk")
    rankings: dict[int, dict[int, tuple[int, int]]] = {}
    results = []
    for player in players:
        if player.tournament_id not in rankings:
            rankings[player.tournament_id] = {
                s.player.pk: (s.rank, s.points) for s in standings_compute(player.tournament)
            }
        rank, points = rankings[player.tournament_id].get(player.pk, (None, None))
        results.append(Result(player=player, rank=rank, points=points))
    return results
