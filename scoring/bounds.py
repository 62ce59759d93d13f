"""What one seat can score and declare over a Durchgang: the bounds a table's totals line is
checked against (`scoring.totals`). Plain Python, no Django.

A seat's bound is summed game position by game position, not taken as one extreme game times
the games, because the positions differ:

- *One game* (`game_extremes`): the most and the least one player can score in one game, and
  whether a Sie or a counted Tout can be declared in it, found by the engine itself. Every
  allowed contract and suit, won and lost, plain, Schneider and Schwarz, Tout, without and with
  the most Laufende, every Kontra level, and each player's sanction is written as a game; a game
  counts only when `hand_violations` accepts it under the tournament's rules (so no Sie with
  Kontra under 2007, 2.9.2 and 3.3.2; no Sie in game 1 under 2.9.1; no contract or Kontra the
  tournament does not allow), and is scored by `hand_points` and counted by `declarer_counts`.
  A struck game scores 0, so 0 is always within. Game 1 (`first`) is written as the first game
  of its sheet: by 5.2.15 a Tout or Schwarz there scores as a simple game.
- *The seat's games* (`seat_sheets`): the sheets that give the seat the most games. A table of
  four plays every game with every seat; at a table of five the dealer sits out, so seat 1
  never plays game 1 while seats 2 to 5 do (32 of 40 games each). Where thrown-in deals are
  recorded and do not count as games (4.1.5 of 2024, `thrown_in_counts` off), each adds a line,
  and a seat whose every deal is thrown in plays every real game of the table (40 at five).
- *The bound* of a quantity is the best of those sheets: the first game at its own extreme if
  the seat plays it, every other game it plays at the other extreme.

Why those sheets suffice: the first game allows no more than any other game (its games are a
subset, scored no higher) and every game allows 0, so a seat gains by playing more games and,
among as many, by not playing the first. Where every line is a game (thrown-in deals counting,
or none recorded), throwing a deal in only takes a game away: the sheet with every line a game
is best. Where thrown-in deals add lines, no seat plays more than the table's real games, and a
seat playing all of them plays the first one too: the sheet with the seat's deals thrown in is
best.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache

from rules.contracts import MAX_LAUFENDE, Contract, Suit, is_thrown_in, may_be_tout, may_name
from scoring.hand import (
    KONTRA_LEVELS,
    HandFacts,
    Rules,
    declarer_counts,
    hand_points,
    hand_violations,
)
from scoring.seating import dealer_index, first_game_number, games_at_table, playing_indices

_SEATS = ("a", "b", "c", "d")


@dataclass(frozen=True)
class GameExtremes:
    """One game at one position: the most and the least one player scores, and whether its
    declarer can count a Sie or a Tout (5.4.2). `best` and `worst`: a game giving the most and
    the least, with the player it gives them to (None: a struck game's 0 is the extreme)."""

    most: int = 0
    least: int = 0
    sie: bool = False
    tout: bool = False
    best: tuple[HandFacts, str] | None = None
    worst: tuple[HandFacts, str] | None = None


@dataclass(frozen=True)
class SeatSheet:
    """A sheet as one seat sees it: seat `seat` (1-based) of a table of `seats`, whose lines
    `thrown` are thrown-in deals and the others, up to `lines`, real games."""

    seat: int
    seats: int
    lines: int
    thrown: tuple[int, ...] = ()

    @property
    def first(self) -> int:
        """The number of game 1, the first real game of the sheet."""
        return first_game_number(self.thrown)

    @property
    def played(self) -> tuple[int, ...]:
        """The real games the seat plays (at a table of five the dealer sits out)."""
        lines = range(1, self.lines + 1)
        return tuple(
            n
            for n in lines
            if n not in self.thrown and self.seat - 1 in playing_indices(n, self.seats)
        )

    @property
    def games(self) -> int:
        return len(self.played)

    @property
    def plays_first(self) -> bool:
        return self.first in self.played


@dataclass(frozen=True)
class Declarations:
    """The games of a seat (or of a whole table) and how many of them can count a Sie, a Tout,
    or either of the two."""

    games: int
    sie: int
    tout: int
    sie_or_tout: int


@dataclass(frozen=True)
class SeatBounds(Declarations):
    """What one seat can reach over a Durchgang: its declarations and its points (`most`,
    `least`)."""

    most: int = 0
    least: int = 0


def _extreme_games(rules: Rules, *, first: bool) -> Iterator[HandFacts]:
    """Games of the declarer `a` (partner `b` in a Rufspiel) at their extremes, as game 1 of
    the sheet (`first`) or a later one: every allowed contract and suit, won and lost, plain,
    Schneider and Schwarz, Tout, without and with the most Laufende, every Kontra level; and
    each seat's sanction in each contract and suit."""
    for contract in sorted(rules.contracts):
        if is_thrown_in(contract):
            continue
        partner = "b" if contract is Contract.RUFSPIEL else None
        suits = [s for s in (None, *Suit) if may_name(contract, s)]
        touts = (False, True) if may_be_tout(contract) else (False,)
        for suit in suits:
            base = HandFacts(
                number=1 if first else 2,
                seats=_SEATS,
                contract=contract,
                declarer="a",
                partner=partner,
                suit=suit,
                first_game_rule=rules.first_game_rule,
                sie_first_game_allowed=rules.sie_first_game_allowed,
            )
            for offender in _SEATS:
                yield replace(base, offender=offender)
            for won in (True, False):
                for schneider, schwarz in ((False, False), (True, False), (True, True)):
                    for tout in touts:
                        for laufende in (0, MAX_LAUFENDE[contract]):
                            for level in KONTRA_LEVELS:
                                yield replace(
                                    base,
                                    won=won,
                                    schneider=schneider,
                                    schwarz=schwarz,
                                    tout=tout,
                                    laufende=laufende,
                                    kontra=level,
                                )


def _allowed(game: HandFacts, rules: Rules) -> bool:
    """Whether the engine accepts `game` under `rules`; its number only says first or not, so
    a sheet too short for it (one game per Durchgang) does not refuse it here."""
    return all(v.code == "number_range" for v in hand_violations(game, rules))


@lru_cache(maxsize=128)
def game_extremes(rules: Rules, *, first: bool) -> GameExtremes:
    """The extremes of one game under `rules`, as game 1 of its sheet (`first`) or a later one."""
    found = GameExtremes()
    for game in _extreme_games(rules, first=first):
        if not _allowed(game, rules):
            continue
        points = hand_points(game, rules.table)
        top, bottom = max(points, key=points.__getitem__), min(points, key=points.__getitem__)
        counts = declarer_counts(game, points)
        found = replace(
            found,
            sie=found.sie or bool(counts.sie),
            tout=found.tout or bool(counts.tout_played),
        )
        if points[top] > found.most:
            found = replace(found, most=points[top], best=(game, top))
        if points[bottom] < found.least:
            found = replace(found, least=points[bottom], worst=(game, bottom))
    return found


def seat_sheets(seat: int, *, seats: int, rules: Rules) -> tuple[SeatSheet, ...]:
    """The sheets that give seat `seat` (1-based) at a table of `seats` the most games (see the
    module docstring): every line a game; and, where thrown-in deals add lines, every deal of
    the seat thrown in (at a table of four that changes nothing)."""
    real = games_at_table(seats=seats, games_per_durchgang=rules.games_per_durchgang)
    sheets = [SeatSheet(seat=seat, seats=seats, lines=real)]
    if rules.all_pass_thrown_in and not rules.thrown_in_counts and seats == 5:
        thrown: list[int] = []
        number = 0
        while number - len(thrown) < real:
            number += 1
            if dealer_index(number, seats) == seat - 1:
                thrown.append(number)
        sheets.append(SeatSheet(seat=seat, seats=seats, lines=number, thrown=tuple(thrown)))
    return tuple(sheets)


def _best(
    sheets: Sequence[SeatSheet], first: int, later: int, pick: Callable[[Iterable[int]], int] = max
) -> int:
    """The best (`pick`) over `sheets` of the first game at `first` where the seat plays it and
    every other game it plays at `later`."""
    return pick((first if s.plays_first else 0) + later * (s.games - s.plays_first) for s in sheets)


def _declarations(sheets: Sequence[SeatSheet], rules: Rules) -> Declarations:
    one, other = game_extremes(rules, first=True), game_extremes(rules, first=False)
    return Declarations(
        games=max(s.games for s in sheets),
        sie=_best(sheets, one.sie, other.sie),
        tout=_best(sheets, one.tout, other.tout),
        sie_or_tout=_best(sheets, one.sie or one.tout, other.sie or other.tout),
    )


@lru_cache(maxsize=256)
def seat_bounds(seat: int, *, seats: int, rules: Rules) -> SeatBounds:
    """What seat `seat` (1-based) of a table of `seats` can reach over a Durchgang under
    `rules`."""
    sheets = seat_sheets(seat, seats=seats, rules=rules)
    one, other = game_extremes(rules, first=True), game_extremes(rules, first=False)
    return SeatBounds(
        **vars(_declarations(sheets, rules)),
        most=_best(sheets, one.most, other.most),
        least=_best(sheets, one.least, other.least, pick=min),
    )


def table_declarations(*, seats: int, rules: Rules) -> Declarations:
    """The table's real games, and how many of them can count a Sie, a Tout, or either; game 1
    is always one of them."""
    real = games_at_table(seats=seats, games_per_durchgang=rules.games_per_durchgang)
    every_line = SeatSheet(seat=1, seats=4, lines=real)  # as a seat of four: plays every game
    return _declarations((every_line,), rules)
