"""Substitutes (5.2.11): a substitute takes over the seat of the player replaced, with the points,
games and Stock played in it; a substitute may be replaced in turn (O1 ← Z1 ← Z2), so a seat
passes along a chain and its last holder counts all of it. Every place that sums a seat (the
ranking, the player's page, the Excel workbook, the ranking PDF, the season) goes through these
helpers, so none follows one step only."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping

from tournament import models


def seat_holders(replaces: Mapping[int, int | None]) -> dict[int, int]:
    """Per player id of `replaces` (player id → the id of the player replaced, or None), the id
    of the player who holds the seat now: the last substitute of its chain, the player himself
    without one. Plain Python; a loop in bad data ends where the chain comes round."""
    replaced_by = {old: new for new, old in replaces.items() if old is not None}
    holders: dict[int, int] = {}
    for pk in replaces:
        holder, seen = pk, {pk}
        while (after := replaced_by.get(holder)) is not None and after not in seen:
            holder = after
            seen.add(holder)
        holders[pk] = holder
    return holders


def seat_sums(amounts: Mapping[int, int], holders: Mapping[int, int]) -> dict[int, int]:
    """`amounts` (per player id) summed per holder of the seat (`seat_holders`)."""
    sums: dict[int, int] = defaultdict(int)
    for pk, amount in amounts.items():
        sums[holders.get(pk, pk)] += amount
    return dict(sums)


def tournament_seat_holders(tournament: models.Tournament) -> dict[int, int]:
    """`seat_holders` of every player of `tournament`. One query."""
    return seat_holders(dict(tournament.players.values_list("pk", "replaces_id")))


def seat_chain(player: models.Player) -> list[int]:
    """The ids of the players whose seat `player` holds: `player`, the player he replaced, the
    one that player replaced, back to the original. One query."""
    replaces = dict(
        models.Player.objects.filter(tournament_id=player.tournament_id).values_list(
            "pk", "replaces_id"
        )
    )
    chain = [player.pk]
    while (before := replaces.get(chain[-1])) is not None and before not in chain:
        chain.append(before)
    return chain
