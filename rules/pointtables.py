"""Point tables (Punktetabellen) as data, and what one game is worth under them.

Plain Python, no Django. Terms:

- A *payment* is what one loser pays one winner (6.2.9 of 2024): in a Rufspiel each loser pays
  one winner; in a single-player game (Solo, Wenz, Farbwenz, Geier, Farbgeier) each of the three
  defenders pays the declarer, or is paid by him. A *zero-sum* table scores payments: each winner
  gains and each loser loses the value, so the declarer of a single-player game scores three times
  the value (2007: single-player game 6 = 3 × 2). A *plus-only* table ("Gute") writes the value
  once for each winner and nothing for the losers.
- The *tiers* of a game are simple, Schneider and Schwarz. A `GameValue` is the value of a simple
  game (`base`, optionally per named suit, e.g. Herz-Solo), what Schneider adds and what Schwarz
  adds on top, and what the *Laufende* add: `laufende_unit` each once there are at least
  `laufende_from` (6.2.3), at most `laufende_max` of them (0: no limit).
- A *Tout* (single-player game announced to take every trick) and a *Sie* are a `Multiple` of a
  game: `factor` × the value of the game at a tier, plus `fixed`. The Tout's game is its own
  contract; the Sie's is a Solo with `laufende` Laufende (6.2.7 of 2024: four times a Solo with
  eight Laufende).
- *Kontra*: level 0 none, 1 Stoß, 2 Retour; `kontra[level]` multiplies the amount (6.2.8).
- *Sanctions* (3.4.17): the offender loses `offender`; each player of the other side gains
  `opponent`, or, when a defender offended in a single-player game, the declarer gains
  `declarer`; the offender's partners score 0. Stoß and Laufende do not count.

A table is data: the named presets live in `rules.presets` as plain dicts (the same form
`point_table_to_dict` writes and a tournament stores for a custom table), never as branches in
code. `point_table_problems` checks a custom table and `example_games` shows what it scores.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from itertools import product

from rules.contracts import SINGLE_PLAYER, SUITS_FOR, Contract, Suit
from rules.limits import value_limit

#: The numbers of a `GameValue` and the kinds of game a sanction row is for, in dict-form order.
VALUE_FIELDS = ("base", "schneider", "schwarz", "laufende_unit", "laufende_from", "laufende_max")
SANCTION_KINDS = ("rufspiel", "single", "tout")
UNITS = ("points", "cents")


class Tier(StrEnum):
    SIMPLE = "simple"
    SCHNEIDER = "schneider"
    SCHWARZ = "schwarz"


@dataclass(frozen=True)
class GameValue:
    """What a game of one contract is worth per payment (zero-sum) or per winner (plus-only)."""

    base: int
    schneider: int = 0
    schwarz: int = 0
    laufende_unit: int = 0
    laufende_from: int = 0
    laufende_max: int = 0
    suits: tuple[tuple[Suit, int], ...] = ()

    def base_for(self, suit: Suit | None) -> int:
        return dict(self.suits).get(suit, self.base) if suit is not None else self.base

    def laufende_points(self, laufende: int) -> int:
        if not self.laufende_unit or laufende < max(self.laufende_from, 1):
            return 0
        counted = min(laufende, self.laufende_max) if self.laufende_max else laufende
        return self.laufende_unit * counted

    def worth(self, *, suit: Suit | None, tier: Tier, laufende: int) -> int:
        value = self.base_for(suit) + self.laufende_points(laufende)
        if tier is not Tier.SIMPLE:
            value += self.schneider
        if tier is Tier.SCHWARZ:
            value += self.schwarz
        return value


@dataclass(frozen=True)
class Multiple:
    """A Tout or a Sie: `factor` × the game at `tier` + `fixed`.

    `laufende`: None counts the Laufende written for the game (a Tout, 6.2.6); a number counts
    that many (a Sie is laid down; 6.2.7 prices it as a Solo with eight).
    """

    factor: int = 0
    tier: Tier = Tier.SIMPLE
    fixed: int = 0
    laufende: int | None = None

    def of(self, game: GameValue, *, suit: Suit | None, laufende: int) -> int:
        counted = laufende if self.laufende is None else self.laufende
        return self.factor * game.worth(suit=suit, tier=self.tier, laufende=counted) + self.fixed


@dataclass(frozen=True)
class SanctionRow:
    """Rule 3.4.17 for one kind of game; see the module docstring."""

    offender: int
    opponent: int
    declarer: int = 0


@dataclass(frozen=True)
class SanctionValues:
    rufspiel: SanctionRow
    single: SanctionRow
    tout: SanctionRow


@dataclass(frozen=True)
class GameResult:
    """What a point table needs to know of one game: no players, no first-game rule."""

    contract: Contract
    suit: Suit | None = None
    won: bool = True
    schneider: bool = False
    schwarz: bool = False
    tout: bool = False
    laufende: int = 0
    kontra: int = 0

    @property
    def tier(self) -> Tier:
        if self.schwarz:
            return Tier.SCHWARZ
        return Tier.SCHNEIDER if self.schneider else Tier.SIMPLE

    @property
    def single(self) -> bool:
        return self.contract in SINGLE_PLAYER

    @property
    def counts_as_tout(self) -> bool:
        return self.tout and self.single


@dataclass(frozen=True)
class SidePoints:
    """Points of each player of the declaring side and of each player of the other side."""

    declaring: int
    other: int


@dataclass(frozen=True)
class SanctionPoints:
    """Points of the offender, of each of his partners and of each player of the other side."""

    offender: int
    partners: int
    opponents: int


@dataclass(frozen=True)
class PointTable:
    """A named point table: the values of the Rufspiel, of the single-player games (`overrides`
    per contract where one differs), of Tout and Sie, the sanctions, the Kontra factors, whether
    the table is zero-sum, whether Kontra is on by default for tournaments scoring with it, and the
    `unit` of its values (`points`, or `cents` for a money tariff).
    `source` says where the values come from and which of them are assumptions."""

    key: str
    title: str
    source: str
    rufspiel: GameValue
    single: GameValue
    tout: Multiple
    sie: Multiple
    sanction: SanctionValues
    overrides: tuple[tuple[Contract, GameValue], ...] = ()
    kontra: tuple[int, int, int] = (1, 2, 4)
    zero_sum: bool = True
    kontra_allowed: bool = False
    unit: str = "points"  # or "cents": a money tariff, shown in euros and cents

    @property
    def laufende_counted(self) -> bool:
        """Whether any game pays Laufende (so the scoresheet asks for them)."""
        values = (self.rufspiel, self.single, *dict(self.overrides).values())
        return any(value.laufende_unit for value in values)

    def value_of(self, contract: Contract) -> GameValue:
        """The values of `contract`; a Sie is valued as a Solo."""
        if contract is Contract.RUFSPIEL:
            return self.rufspiel
        if contract is Contract.SIE:
            contract = Contract.SOLO
        return dict(self.overrides).get(contract, self.single)

    def game_value(self, game: GameResult) -> int:
        """The value per payment (zero-sum) or per winner (plus-only) of a played game."""
        value = self.value_of(game.contract)
        if game.contract is Contract.SIE:
            amount = self.sie.of(value, suit=None, laufende=game.laufende)
        elif game.counts_as_tout:
            amount = self.tout.of(value, suit=game.suit, laufende=game.laufende)
        else:
            amount = value.worth(suit=game.suit, tier=game.tier, laufende=game.laufende)
        return amount * self.kontra[game.kontra]

    def points(self, game: GameResult) -> SidePoints:
        """What each player of either side scores at a table of four; a Sie is always won."""
        value = self.game_value(game)
        won = game.won or game.contract is Contract.SIE
        payments = 3 if game.contract is not Contract.RUFSPIEL else 1
        if not self.zero_sum:
            return SidePoints(value, 0) if won else SidePoints(0, value)
        sign = 1 if won else -1
        return SidePoints(sign * value * payments, -sign * value)

    def sanction_points(self, game: GameResult, *, by_declaring_side: bool) -> SanctionPoints:
        """Rule 3.4.17: the game is scored by the offence; Stoß and Laufende do not count."""
        if game.contract is Contract.RUFSPIEL:
            row = self.sanction.rufspiel
        else:
            row = self.sanction.tout if game.counts_as_tout else self.sanction.single
        if game.contract is not Contract.RUFSPIEL and not by_declaring_side:
            return SanctionPoints(-row.offender, 0, row.declarer)
        return SanctionPoints(-row.offender, 0, row.opponent)


def sanctions_by_3_4_17(table: PointTable) -> SanctionValues:
    """The sanctions rule 3.4.17 gives `table`: the offender's side loses the game Schneider
    (a Tout: the Tout), and the offender alone pays his side's part. Reproduces the 2007
    values (Rufspiel 4/2, single-player game 9/3, Tout 18/6) and scales with any tariff
    ("payments are proportional to the tariff; runners are not paid; only Schneider is paid").
    On a plus-only table the offender scores 0 and the other side what it would have won.
    """

    def row(value: int, opponents: int) -> SanctionRow:
        whole = value * opponents if table.zero_sum else value  # what the other side gains
        declarer = whole if opponents == 3 else 0  # a defender offended: the declarer gains
        offender = whole if table.zero_sum else 0
        return SanctionRow(offender=offender, opponent=value, declarer=declarer)

    schneider = Tier.SCHNEIDER
    ruf = table.rufspiel.worth(suit=None, tier=schneider, laufende=0)
    single = table.single.worth(suit=None, tier=schneider, laufende=0)
    tout = table.tout.of(table.single, suit=None, laufende=0)
    return SanctionValues(rufspiel=row(ruf, 2), single=row(single, 3), tout=row(tout, 3))


# --- Checking a custom table, and showing what it scores -----------------------------------


@dataclass(frozen=True)
class TableProblem:
    """Why a table cannot be used: the `field` (dotted path of the dict form) and a `code`.

    Codes: negative_value; value_too_large (above `value_limit`: a game could score more than
    the score column holds); game_worth_nothing (a simple game, a Tout or a Sie scores 0);
    laufende_from_range (Laufende paid, but not from 1 to 14); laufende_max_below_from;
    laufende_range (a Sie's Laufende not 0 to 14); suit_not_named (a suit value for a suit the
    contract cannot name, e.g. a Herz-Rufspiel); kontra_factor_below_one; not_zero_sum (a
    zero-sum table where some sample game does not sum to zero); negative_points (a plus-only
    table where some sample game gives a player minus points).
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
    if any(factor < 1 for factor in table.kontra):
        found.append(TableProblem("kontra", "kontra_factor_below_one"))
    if table.unit not in UNITS:
        found.append(TableProblem("unit", "unit_unknown"))
    if any(problem.code == "value_too_large" for problem in found):
        return found  # its sample games could be numbers of any size: not worth computing
    for field in dict.fromkeys(_unbalanced(table)):
        found.append(TableProblem(field, "not_zero_sum" if table.zero_sum else "negative_points"))
    return found


def _game_values(table: PointTable):
    yield "rufspiel", (Contract.RUFSPIEL,), table.rufspiel
    yield "single", tuple(SINGLE_PLAYER), table.single
    for contract, value in table.overrides:
        yield f"overrides.{contract.value}", (contract,), value


def _numbers(table: PointTable):
    for path, _, value in _game_values(table):
        yield from ((f"{path}.{name}", getattr(value, name)) for name in VALUE_FIELDS)
        yield from ((f"{path}.suits.{suit.value}", base) for suit, base in value.suits)
    for name, multiple in (("tout", table.tout), ("sie", table.sie)):
        yield from ((f"{name}.factor", multiple.factor), (f"{name}.fixed", multiple.fixed))
    for kind in SANCTION_KINDS:
        row = getattr(table.sanction, kind)
        yield from ((f"sanction.{kind}.{name}", n) for name, n in vars(row).items())
    yield from ((f"kontra.{level}", factor) for level, factor in enumerate(table.kontra))


def sample_games() -> list[GameResult]:
    """Every kind of game a table must score: each contract, suit, result, tier, Tout, a range of
    Laufende and each Kontra level."""
    games = []
    for contract in Contract:
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


def _unbalanced(table: PointTable):
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


@dataclass(frozen=True)
class ExampleGame:
    """A game to show next to a table: a stable `key` for its description, the game, and what
    each player of the declaring side and of the other side scores (at a table of four)."""

    key: str
    game: GameResult
    declaring_side: int
    other_side: int


def example_games(table: PointTable) -> list[ExampleGame]:
    """A short list of games and their points under `table`, e.g. for a form's live preview.

    Always: Rufspiel won simple / Schneider / Schwarz and lost, Solo likewise, Solo-Tout won and
    lost, Sie. Then what only some tables have: each contract with its own values
    (`<contract>`), each suit with its own value (`solo_<suit>`), Laufende where they are paid
    (`<contract>_<n>_laufende`, n the fewest that pay) and Stoß / Retour where they count.
    """
    ruf, solo, eichel = Contract.RUFSPIEL, Contract.SOLO, Suit.EICHEL
    games = [
        ("rufspiel", GameResult(ruf, eichel)),
        ("rufspiel_schneider", GameResult(ruf, eichel, schneider=True)),
        ("rufspiel_schwarz", GameResult(ruf, eichel, schneider=True, schwarz=True)),
        ("rufspiel_lost", GameResult(ruf, eichel, won=False)),
        ("solo", GameResult(solo, eichel)),
        ("solo_schneider", GameResult(solo, eichel, schneider=True)),
        ("solo_schwarz", GameResult(solo, eichel, schneider=True, schwarz=True)),
        ("solo_lost", GameResult(solo, eichel, won=False)),
        ("solo_tout", GameResult(solo, eichel, tout=True)),
        ("solo_tout_lost", GameResult(solo, eichel, won=False, tout=True)),
        ("sie", GameResult(Contract.SIE)),
    ]
    for contract, _ in table.overrides:
        suit = (SUITS_FOR[contract] or (None,))[0]
        if table.game_value(GameResult(contract, suit)) != table.game_value(GameResult(solo, suit)):
            games.append((contract.value, GameResult(contract, suit)))
    for suit, _ in table.value_of(solo).suits:
        games.append((f"solo_{suit.value}", GameResult(solo, suit)))
    for contract in (ruf, solo, *(c for c, _ in table.overrides if c is not solo)):
        value = table.value_of(contract)
        if value.laufende_unit:
            n = max(value.laufende_from, 1)
            suit = (SUITS_FOR[contract] or (None,))[0]
            games.append((f"{contract.value}_{n}_laufende", GameResult(contract, suit, laufende=n)))
    if table.kontra[1:] != (1, 1):
        games.append(("rufspiel_kontra", GameResult(ruf, eichel, kontra=1)))
        games.append(("rufspiel_retour", GameResult(ruf, eichel, kontra=2)))
    examples = []
    for key, game in games:
        scored = table.points(game)
        examples.append(ExampleGame(key, game, scored.declaring, scored.other))
    return examples
