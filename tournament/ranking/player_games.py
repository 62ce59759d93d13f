"""A player's games as the player's page shows them: each game's points with the running total,
the points per Durchgang, and the sanctions against the player, with those of the players whose
seat he holds (the whole chain of substitutes, 5.2.11: scorekeeping.substitutes.seat_chain)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from django.utils.translation import gettext as _

from tournament import models
from tournament.sheets.display import contract_text


@dataclass(frozen=True)
class PlayerGames:
    #: (score, the contract in words, the running total after it, the game's sanction or None)
    games: list[tuple]
    #: (Durchgang number, the player's points in it) of every Durchgang up to the last one shown
    per_durchgang: list[tuple[int, int]]
    #: (score, sanction) of each sanction against the player or a player whose seat he holds
    sanctions: list[tuple]
    #: the running total after each game
    running: list[int]
    total: int


@dataclass(frozen=True)
class _TotalsHand:
    table: models.Table
    number: str = "Σ"
    declarer: None = None
    struck: bool = False


@dataclass(frozen=True)
class TotalsLine:
    """A Durchgang the player played at a table recorded by its totals: one line with the
    Durchgang's total instead of its games (shown like a game's score)."""

    durchgang_number: int
    points: int
    hand: _TotalsHand


def _totals_lines(chain: Sequence[int], last: int) -> list[TotalsLine]:
    seats = models.Seat.objects.filter(
        player_id__in=chain,
        durchgang__number__lte=last,
        table__recording=models.Tournament.Recording.TOTALS,
        table__totals_at__isnull=False,
    ).select_related("table", "durchgang")
    return [TotalsLine(s.durchgang.number, s.points, _TotalsHand(s.table)) for s in seats]


def player_games(*, chain: Sequence[int], last: int) -> PlayerGames:
    """The games of Durchgänge 1 to `last` of the players of `chain` (`seat_chain`: a player and
    those whose seat he holds); a Durchgang at a table recorded by its totals as one line with
    the Durchgang's total."""
    scores: list[models.HandScore | TotalsLine] = list(
        models.HandScore.objects.filter(player_id__in=chain, durchgang_number__lte=last)
        .select_related("hand__table", "hand__declarer", "hand__sanction__offender")
        .order_by("durchgang_number", "hand__table__number", "hand__number")
    )
    scores += _totals_lines(chain, last)
    scores.sort(key=lambda s: s.durchgang_number)  # stable: the games keep their order
    running, total = [], 0
    games: list[tuple] = []
    for score in scores:
        total += score.points
        running.append(total)
        if isinstance(score, TotalsLine):
            games.append((score, _("total of the Durchgang (Summenliste)"), total, None))
            continue
        hand = score.hand
        sanction = getattr(hand, "sanction", None)
        games.append((score, contract_text(hand.contract, hand.suit, hand.tout), total, sanction))
    per_durchgang = [
        (n, sum(s.points for s in scores if s.durchgang_number == n)) for n in range(1, last + 1)
    ]
    sanctions = [
        (score, sanction)
        for score, _text, _total, sanction in games
        if sanction is not None and sanction.offender_id in chain
    ]
    return PlayerGames(
        games=games, per_durchgang=per_durchgang, sanctions=sanctions, running=running, total=total
    )
