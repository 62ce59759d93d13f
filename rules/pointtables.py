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
- *Kontra*: level 0 none, 1 Stoß, 2 Retour. Stoß doubles and Retour quadruples the game's value
  under every table (`KONTRA_FACTORS`; 4.2.4 of 2007, 6.2.8 of 2024): a rule, not a value a
  table may change, so that an allowed Kontra is never silently worth nothing.
- *Sanctions* (3.4.17): the offender loses `offender`; each player of the other side gains
  `opponent`, or, when a defender offended in a single-player game, the declarer gains
  `declarer`; the offender's partners score 0. Stoß and Laufende do not count.

A table is data: the named presets live in `rules.presets` as plain dicts (the same form
`point_table_to_dict` writes and a tournament stores for a custom table), never as branches in
code. `rules.tablechecks.point_table_problems` checks a custom table and
`rules.examples.example_games` shows what it scores.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from rules.contracts import SINGLE_PLAYER, Contract, Suit

#: The numbers of a `GameValue` and the kinds of game a sanction row is for, in dict-form order.
VALUE_FIELDS = ("base", "schneider", "schwarz", "laufende_unit", "laufende_from", "laufende_max")
SANCTION_KINDS = ("rufspiel", "single", "tout")
UNITS = ("points", "cents")
#: What Kontra multiplies a game's value by, per level: none, Stoß, Retour (4.2.4 of 2007, 6.2.8
#: of 2024). The same under every table; a sanction is never multiplied.
KONTRA_FACTORS: tuple[int, int, int] = (1, 2, 4)


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
    per contract where one differs), of Tout and Sie, the sanctions, whether the table is
    zero-sum, whether Kontra is on by default for tournaments scoring with it, and the `unit` of
    its values (`points`, or `cents` for a money tariff). What Kontra multiplies by is no value
    of a table (`KONTRA_FACTORS`). `game_bounds`: whether a seat's totals of a Durchgang are
    bounded by what its games can give under the table; False for points counted without a
    table (e.g. another program's plain integers), whose totals are checked only by their sum.
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
    zero_sum: bool = True
    kontra_allowed: bool = False
    unit: str = "points"  # or "cents": a money tariff, shown in euros and cents
    game_bounds: bool = True

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
        """The value per payment (zero-sum) or per winner (plus-only) of a played game: Stoß
        doubles it, Retour quadruples it, whatever the table (`KONTRA_FACTORS`)."""
        value = self.value_of(game.contract)
        if game.contract is Contract.SIE:
            amount = self.sie.of(value, suit=None, laufende=game.laufende)
        elif game.counts_as_tout:
            amount = self.tout.of(value, suit=game.suit, laufende=game.laufende)
        else:
            amount = value.worth(suit=game.suit, tier=game.tier, laufende=game.laufende)
        return amount * KONTRA_FACTORS[game.kontra]

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
