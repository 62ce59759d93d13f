"""A table's totals (Summenliste): the clubs that keep the paper Spielliste at the table hand in
only each player's points of the Durchgang and the counters the tie-break needs. Plain Python,
no Django.

The totals cannot be checked game by game; they are checked as far as the rules allow:

- under a zero-sum table the points of the table add up to 0; under a plus-only table nobody
  has less than 0;
- a seat has at most (and at least) what its games can give, summed game position by game
  position (`scoring.bounds.seat_bounds`: game 1 by the first-game rules, the games the seat
  sits out at a table of five, the games the engine accepts under the tournament's rules); not
  under a table without `game_bounds` (points counted without a table, e.g. taken over from
  another program: they mean nothing per game);
- the counters fit the games: won ≤ played, Touts within the single-player games (5.4.2 d and e
  include Touts, not Sie), a seat declares at most once per game it plays, Sie and Touts only
  in games where they can count (not in game 1 where 2.9.1 or 5.2.15 applies), and the table
  has at most one declarer per game.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from rules.tiebreaks import COUNTERS
from scoring.bounds import Declarations, seat_bounds, table_declarations
from scoring.hand import Rules


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


def totals_problems(
    seats: Sequence[SeatTotals], *, rules: Rules, counters: Sequence[str] = COUNTERS
) -> list[TotalsProblem]:
    """What is wrong with the totals line of a table with `len(seats)` seats; [] when it may be
    right. `counters`: those the tournament's tie-break reads (the others must be 0)."""
    problems: list[TotalsProblem] = []
    add = problems.append
    size = len(seats)
    total = sum(s.points for s in seats)
    if rules.table.zero_sum and total != 0:
        add(TotalsProblem(None, "sum_not_zero", {"sum": total}))
    for number, seat in enumerate(seats, start=1):
        bound = seat_bounds(number, seats=size, rules=rules)
        played = bound.games
        if rules.table.game_bounds and seat.points > bound.most:
            add(TotalsProblem(number, "points_too_high", {"most": bound.most, "games": played}))
        if rules.table.game_bounds and seat.points < bound.least:
            add(TotalsProblem(number, "points_too_low", {"least": bound.least, "games": played}))
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
        if _declared(seat) > played:
            add(TotalsProblem(number, "declared_over_games", {"games": played}))
        else:
            problems += _special_problems(number, [seat], bound, "over_games")
    table = table_declarations(seats=size, rules=rules)
    if sum(_declared(s) for s in seats) > table.games:
        add(TotalsProblem(None, "declared_over_table", {"games": table.games}))
    else:
        problems += _special_problems(None, seats, table, "over_table")
    return problems


def _declared(seat: SeatTotals) -> int:
    """The games `seat` declared: its Sie and its single-player games (Touts among them)."""
    return seat.sie + max(seat.solo_played, seat.solo_won, seat.tout_played)


def _special_problems(
    seat: int | None, lines: Sequence[SeatTotals], bound: Declarations, where: str
) -> list[TotalsProblem]:
    """Sie and Touts (`lines` summed) beyond the games that can count them: a Sie not in game 1
    under 2.9.1, a Tout not there under 5.2.15, neither where the tournament does not allow
    them. `where`: "over_games" for a seat, "over_table" for the table."""
    sie = sum(line.sie for line in lines)
    tout = sum(line.tout_played for line in lines)
    found = [
        TotalsProblem(
            seat, f"counter_{where}", {"counter": name, "count": most, "games": bound.games}
        )
        for name, value, most in (("sie", sie, bound.sie), ("tout_played", tout, bound.tout))
        if value > most
    ]
    if not found and sie + tout > bound.sie_or_tout:
        params: dict[str, object] = {"count": bound.sie_or_tout, "games": bound.games}
        found.append(TotalsProblem(seat, f"sie_tout_{where}", params))
    return found
