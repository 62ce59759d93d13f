"""A player's games as the player's page shows them: each game's points with the running total,
the points per Durchgang, and the sanctions against the player (with the player he replaced)."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Q

from tournament import models
from tournament.sheets.display import contract_text


@dataclass(frozen=True)
class PlayerGames:
    #: (score, the contract in words, the running total after it, the game's sanction or None)
    games: list[tuple]
    #: (Durchgang number, the player's points in it) of every Durchgang up to the last one shown
    per_durchgang: list[tuple[int, int]]
    #: (score, sanction) of each sanction against the player or the player he replaced
    sanctions: list[tuple]
    #: the running total after each game
    running: list[int]
    total: int


def player_games(*, player: models.Player, last: int) -> PlayerGames:
    """The player's games of Durchgänge 1 to `last`, with those of the player he replaced."""
    scores = list(
        models.HandScore.objects.filter(
            Q(player=player) | Q(player_id=player.replaces_id), durchgang_number__lte=last
        )
        .select_related("hand__table", "hand__declarer", "hand__sanction__offender")
        .order_by("durchgang_number", "hand__table__number", "hand__number")
    )
    running, total = [], 0
    games = []
    for score in scores:
        total += score.points
        running.append(total)
        hand = score.hand
        sanction = getattr(hand, "sanction", None)
        games.append((score, contract_text(hand.contract, hand.suit, hand.tout), total, sanction))
    per_durchgang = [
        (n, sum(s.points for s in scores if s.durchgang_number == n)) for n in range(1, last + 1)
    ]
    sanctions = [
        (score, sanction)
        for score, _text, _total, sanction in games
        if sanction is not None and sanction.offender_id in (player.pk, player.replaces_id)
    ]
    return PlayerGames(
        games=games, per_durchgang=per_durchgang, sanctions=sanctions, running=running, total=total
    )
