"""A table's totals (Summenliste): the clubs that keep the paper Spielliste at the table hand in
only each player's points of the Durchgang and the counters the tie-break needs. Plain Python,
no Django.

The totals cannot be checked game by game; they are checked as far as the rules allow:

- under a zero-sum table the points of the table add up to 0; under a plus-only table nobody
  has less than 0;
- a seat has at most what its games can give: every game it plays won (or lost) at the most a
  seat can win (or lose) in one game under the tournament's rules (`seat_game_bounds`: every
  allowed contract, Tout, Sie, Schneider, Schwarz, Laufende, Kontra and the sanctions scored by
  the engine itself); not under a table without `game_bounds` (points counted without a
  table, e.g. taken over from another program: they mean nothing per game);
- the counters fit the games: won ≤ played, Touts within the single-player games (5.4.2 d and e
  include Touts, not Sie), a seat declares at most once per game it plays, and the table has at
  most one declarer per game. At a table of five the dealer sits out: the table has 5/4 of the
  games and each seat plays the games of a table of four (`games_at_table`).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field, replace
from functools import lru_cache

from rules.contracts import MAX_LAUFENDE, Contract, Suit, is_thrown_in, may_be_tout, may_name
from scoring.hand import KONTRA_LEVELS, HandFacts, Rules, hand_points
from scoring.seating import games_at_table

#: The counters of a totals line, as the tie-break cascade 5.4.2 reads them.
COUNTERS = ("sie", "tout_won", "tout_played", "solo_won", "solo_played")


@dataclass(frozen=True)
class SeatTotals:
    """One seat's line: its points of the Durchgang and its declarer counters."""

    points: int
    sie: int = 0
    tout_won: int = 0
    tout_played: int = 0
    solo_won: int = 0
    solo_played: int = 0


@dataclass(frozen=True)
class TotalsProblem:
    """A rule the totals break: the `seat` (1-based; None: the whole table), a stable `code`
    and message parameters. The caller turns the code into a message in the user's language."""

    seat: int | None
    code: str
    params: dict[str, object] = field(default_factory=dict)


_SEATS = ("a", "b", "c", "d")


def _extreme_games(rules: Rules) -> Iterator[HandFacts]:
    """Games of the declarer `a` (partner `b` in a Rufspiel) at their extremes: every allowed
    contract and suit, won and lost, plain, Schneider and Schwarz, Tout, without and with the
    most Laufende, every Kontra level allowed; and each seat's sanction in each of them."""
    kontra = KONTRA_LEVELS if rules.kontra_allowed else (0,)
    for contract in sorted(rules.contracts):
        if is_thrown_in(contract):
            continue
        partner = "b" if contract is Contract.RUFSPIEL else None
        suits = [s for s in (None, *Suit) if may_name(contract, s)]
        touts = (False, True) if may_be_tout(contract) else (False,)
        for suit in suits:
            base = HandFacts(
                number=2, seats=_SEATS, contract=contract, declarer="a", partner=partner, suit=suit
            )
            for offender in _SEATS:
                yield replace(base, offender=offender)
            for won in (True, False):
                for schneider, schwarz in ((False, False), (True, False), (True, True)):
                    for tout in touts:
                        for laufende in (0, MAX_LAUFENDE.get(contract, 0)):
                            for level in kontra:
                                yield replace(
                                    base,
                                    won=won,
                                    schneider=schneider,
                                    schwarz=schwarz,
                                    tout=tout,
                                    laufende=laufende,
                                    kontra=level,
                                )


@lru_cache(maxsize=64)
def seat_game_bounds(rules: Rules) -> tuple[int, int]:
    """(the most, the least) one seat can score in one game under `rules`."""
    most = least = 0
    for game in _extreme_games(rules):
        try:
            points = hand_points(game, rules.table).values()
        except (ValueError, KeyError, AssertionError):  # a combination the table has no value for
            continue
        most, least = max(most, *points), min(least, *points)
    return most, least


def totals_problems(
    seats: Sequence[SeatTotals], *, rules: Rules, counters: Sequence[str] = COUNTERS
) -> list[TotalsProblem]:
    """What is wrong with the totals line of a table with `len(seats)` seats; [] when it may be
    right. `counters`: those the tournament's tie-break reads (the others must be 0)."""
    problems: list[TotalsProblem] = []
    add = problems.append
    games = games_at_table(seats=len(seats), games_per_durchgang=rules.games_per_durchgang)
    played = rules.games_per_durchgang  # each seat's games: the dealer of five sits out
    bounded = rules.table.game_bounds
    most, least = seat_game_bounds(rules) if bounded else (0, 0)
    total = sum(s.points for s in seats)
    if rules.table.zero_sum and total != 0:
        add(TotalsProblem(None, "sum_not_zero", {"sum": total}))
    for number, seat in enumerate(seats, start=1):
        if bounded and seat.points > most * played:
            add(TotalsProblem(number, "points_too_high", {"most": most * played, "games": played}))
        if bounded and seat.points < least * played:
            add(TotalsProblem(number, "points_too_low", {"least": least * played, "games": played}))
        for name in COUNTERS:
            value = getattr(seat, name)
            if value < 0:
                add(TotalsProblem(number, "counter_negative", {"counter": name}))
            elif name not in counters and value:
                add(TotalsProblem(number, "counter_not_used", {"counter": name}))
        if seat.tout_won > seat.tout_played:
            add(TotalsProblem(number, "won_over_played", {"counter": "tout_won"}))
        if seat.solo_won > seat.solo_played and "solo_played" in counters:
            add(TotalsProblem(number, "won_over_played", {"counter": "solo_won"}))
        if "solo_played" in counters and seat.tout_played > seat.solo_played:
            add(TotalsProblem(number, "touts_over_solos", {}))
        if "solo_won" in counters and seat.tout_won > seat.solo_won:
            add(TotalsProblem(number, "touts_over_solos", {}))
        declared = seat.sie + max(seat.solo_played, seat.solo_won, seat.tout_played)
        if declared > played:
            add(TotalsProblem(number, "declared_over_games", {"games": played}))
    declared_table = sum(s.sie + max(s.solo_played, s.solo_won, s.tout_played) for s in seats)
    if declared_table > games:
        add(TotalsProblem(None, "declared_over_table", {"games": games}))
    return problems
