"""Whether a point table can be used: `point_table_problems`, checked on every game of
`sample_games`. Plain Python, no Django.

A custom table (or one read from a file) is refused when a number is negative or above its bound
(`rules.limits`), a game is worth nothing, Laufende are counted from outside 1..14, a suit value
names a suit the contract cannot name, or some sample game of a zero-sum table does not sum to
zero (of a plus-only table: gives a player minus points).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from itertools import product

from rules.contracts import PLAYED, SINGLE_PLAYER, SUITS_FOR, Contract
from rules.limits import value_limit
from rules.pointtables import (
    SANCTION_KINDS,
    UNITS,
    VALUE_FIELDS,
    GameResult,
    GameValue,
    PointTable,
    Tier,
)


@dataclass(frozen=True)
class TableProblem:
    """Why a table cannot be used: the `field` (dotted path of the dict form) and a `code`.

    Codes: negative_value; value_too_large (above `value_limit`: a game could score more than
    the score column holds); game_worth_nothing (a simple game, a Tout or a Sie scores 0);
    laufende_from_range (Laufende paid, but not from 1 to 14); laufende_max_below_from;
    laufende_range (a Sie's Laufende not 0 to 14); suit_not_named (a suit value for a suit the
    contract cannot name, e.g. a Herz-Rufspiel); unit_unknown; not_zero_sum (a zero-sum table
    where some sample game does not sum to zero); negative_points (a plus-only table where some
    sample game gives a player minus points).
    """

    field: str
    code: str


def point_table_problems(table: PointTable) -> list[TableProblem]:
    """Everything wrong with `table` (empty when a tournament may score with it)."""
    found: list[TableProblem] = []
    found += [TableProblem(path, "negative_value") for path, n in _numbers(table) if n < 0]
    found += [
        TableProblem(path, "value_too_large")
        for path, n in _numbers(table)
        if n > value_limit(path)
    ]
    for path, contracts, value in _game_values(table):
        if value.base < 1 or any(base < 1 for _, base in value.suits):
            found.append(TableProblem(f"{path}.base", "game_worth_nothing"))
        if value.laufende_unit and not 1 <= value.laufende_from <= 14:
            found.append(TableProblem(f"{path}.laufende_from", "laufende_from_range"))
        if 0 < value.laufende_max < value.laufende_from:
            found.append(TableProblem(f"{path}.laufende_max", "laufende_max_below_from"))
        named = {suit for contract in contracts for suit in SUITS_FOR[contract]}
        for suit, _ in value.suits:
            if suit not in named:
                found.append(TableProblem(f"{path}.suits.{suit.value}", "suit_not_named"))
    for name, multiple in (("tout", table.tout), ("sie", table.sie)):
        if multiple.factor < 1 and multiple.fixed < 1:
            found.append(TableProblem(name, "game_worth_nothing"))
    if table.sie.laufende is not None and not 0 <= table.sie.laufende <= 14:
        found.append(TableProblem("sie.laufende", "laufende_range"))
    if table.unit not in UNITS:
        found.append(TableProblem("unit", "unit_unknown"))
    if any(problem.code == "value_too_large" for problem in found):
        return found  # its sample games could be numbers of any size: not worth computing
    for field in dict.fromkeys(_unbalanced(table)):
        found.append(TableProblem(field, "not_zero_sum" if table.zero_sum else "negative_points"))
    return found


def _game_values(table: PointTable) -> Iterator[tuple[str, tuple[Contract, ...], GameValue]]:
    yield "rufspiel", (Contract.RUFSPIEL,), table.rufspiel
    yield "single", tuple(SINGLE_PLAYER), table.single
    for contract, value in table.overrides:
        yield f"overrides.{contract.value}", (contract,), value


def _numbers(table: PointTable) -> Iterator[tuple[str, int]]:
    for path, _, value in _game_values(table):
        yield from ((f"{path}.{name}", getattr(value, name)) for name in VALUE_FIELDS)
        yield from ((f"{path}.suits.{suit.value}", base) for suit, base in value.suits)
    for name, multiple in (("tout", table.tout), ("sie", table.sie)):
        yield from ((f"{name}.factor", multiple.factor), (f"{name}.fixed", multiple.fixed))
    for kind in SANCTION_KINDS:
        row = getattr(table.sanction, kind)
        yield from ((f"sanction.{kind}.{name}", n) for name, n in vars(row).items())


def sample_games() -> list[GameResult]:
    """Every kind of game a table must score: each contract, suit, result, tier, Tout, a range of
    Laufende and each Kontra level."""
    games: list[GameResult] = []
    for contract in PLAYED:
        for suit in SUITS_FOR[contract] or (None,):
            for won, tier, tout, laufende, kontra in product(
                (True, False), Tier, (False, True), (0, 1, 2, 3, 4, 8, 14), (0, 1, 2)
            ):
                if tout and contract not in SINGLE_PLAYER:
                    continue
                if contract is Contract.SIE and (not won or tier is not Tier.SIMPLE):
                    continue
                schneider, schwarz = tier is not Tier.SIMPLE, tier is Tier.SCHWARZ
                games.append(
                    GameResult(contract, suit, won, schneider, schwarz, tout, laufende, kontra)
                )
    return games


def _unbalanced(table: PointTable) -> Iterator[str]:
    """The fields of the sample games that break zero-sum, or give plus-only minus points."""
    for game in sample_games():
        defenders = 2 if game.contract is Contract.RUFSPIEL else 3
        scored = table.points(game)
        if not _balanced(table, [scored.declaring] * (4 - defenders) + [scored.other] * defenders):
            yield "zero_sum"
        if game.contract is Contract.SIE or game.kontra or game.laufende:
            continue
        kind = "rufspiel" if game.contract is Contract.RUFSPIEL else "single"
        kind = "tout" if game.counts_as_tout else kind
        for by_declaring_side in (True, False):
            s = table.sanction_points(game, by_declaring_side=by_declaring_side)
            if game.contract is Contract.RUFSPIEL:
                seats = [s.offender, s.partners, s.opponents, s.opponents]
            elif by_declaring_side:
                seats = [s.offender, s.opponents, s.opponents, s.opponents]
            else:
                seats = [s.offender, s.partners, s.partners, s.opponents]
            if not _balanced(table, seats):
                yield f"sanction.{kind}"


def _balanced(table: PointTable, seats: list[int]) -> bool:
    return sum(seats) == 0 if table.zero_sum else min(seats) >= 0
