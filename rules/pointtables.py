"""Point tables (Punktetabellen) as data.

Plain Python, no Django. A point table says what one game is worth *per payment*: in a Rufspiel
each loser pays one winner, in a single-player game each of the three defenders pays the
declarer (or is paid by him). With zero-sum tables the declarer's score is therefore three
times the value, as in the 2007 table (single-player game 6 = 3 × 2).

Terms: *simple* / *schneider* / *schwarz* are the tiers of a won or lost game; *Tout* replaces
the tier of a single-player game; *Sie* is scored like a won Tout, but with its own value.
Sanction values follow rule 3.4.17: what the offender loses and what the other side gains.

A new table is a new `PointTable` in `PRESETS`, never a branch in code.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Tiers:
    """Value per payment of a game: simple, won/lost Schneider, won/lost Schwarz."""

    simple: int
    schneider: int
    schwarz: int

    def of(self, *, schneider: bool, schwarz: bool) -> int:
        if schwarz:
            return self.schwarz
        if schneider:
            return self.schneider
        return self.simple


@dataclass(frozen=True)
class SanctionValues:
    """Rule 3.4.17, per game kind: the offender's loss and the gains of the others.

    Rufspiel: the offender loses `rufspiel_offender`, each player of the other side gains
    `rufspiel_other_side`, the offender's partner 0. Single-player game (and Tout): the
    offender loses `single_offender`; if the declarer offended each defender gains
    `single_defender`; if a defender offended the declarer gains `single_offender` and the
    other defenders 0.
    """

    rufspiel_offender: int
    rufspiel_other_side: int
    single_offender: int
    single_defender: int
    tout_offender: int
    tout_defender: int


@dataclass(frozen=True)
class PointTable:
    key: str
    title: str
    source: str
    rufspiel: Tiers
    single: Tiers
    tout: int
    sie: int
    sanction: SanctionValues
    kontra_allowed: bool = False
    laufende_counted: bool = False

    def game_value(
        self, *, single: bool, tout: bool, sie: bool, schneider: bool, schwarz: bool
    ) -> int:
        """The value per payment of a played (not sanctioned, not struck) game."""
        if sie:
            return self.sie
        if not single:
            return self.rufspiel.of(schneider=schneider, schwarz=schwarz)
        if tout:
            return self.tout
        return self.single.of(schneider=schneider, schwarz=schwarz)


SCHAFKOPFSCHULE_2007 = PointTable(
    key="schafkopfschule-2007",
    title="Schafkopfschule 2007 (Turnierregeln 5.2.7)",
    source="Schafkopfschule München, Turnierregeln vom 29.03.2007, Regeln 5.2.7 und 3.4.17",
    rufspiel=Tiers(simple=1, schneider=2, schwarz=3),
    single=Tiers(simple=2, schneider=3, schwarz=4),
    tout=6,
    sie=8,
    sanction=SanctionValues(
        rufspiel_offender=4,
        rufspiel_other_side=2,
        single_offender=9,
        single_defender=3,
        tout_offender=18,
        tout_defender=6,
    ),
)

DEFAULT_PRESET = SCHAFKOPFSCHULE_2007.key

PRESETS: dict[str, PointTable] = {table.key: table for table in (SCHAFKOPFSCHULE_2007,)}


def preset(key: str) -> PointTable:
    """The point table named `key`; KeyError when the installation does not know it."""
    return PRESETS[key]
