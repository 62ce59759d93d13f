"""Suits and contract kinds of Schafkopf, and what each contract may name.

Plain Python, no Django. Terms (see the glossary in docs/rules.md):

- *Rufspiel*: the declarer calls a Sau (ace) of Eichel, Gras or Schellen; its holder is the partner.
- *single-player games* (Einzelspiele): Solo, Wenz, Farbwenz, Geier, Farbgeier; they may be
  announced *Tout* (all tricks), which is a modifier, not a contract of its own.
- *Sie*: all four Ober and four Unter in one hand; laid down, never played out.
- *zusammengeworfen*: no contract but a line of the sheet: everybody passed and the deal was
  thrown in (4.1.5 of 2024). It has no declarer, scores 0 and is recorded only where the
  tournament says so; it is not among the contracts a tournament allows (`PLAYED`).
"""

from __future__ import annotations

from enum import StrEnum


class Suit(StrEnum):
    EICHEL = "eichel"
    GRAS = "gras"
    HERZ = "herz"
    SCHELLEN = "schellen"


class Contract(StrEnum):
    RUFSPIEL = "rufspiel"
    SOLO = "solo"
    WENZ = "wenz"
    FARBWENZ = "farbwenz"
    GEIER = "geier"
    FARBGEIER = "farbgeier"
    SIE = "sie"
    ZUSAMMENGEWORFEN = "zusammengeworfen"


#: The contracts that are games (everything but a thrown-in deal), in their order.
PLAYED: tuple[Contract, ...] = tuple(c for c in Contract if c is not Contract.ZUSAMMENGEWORFEN)


SINGLE_PLAYER: frozenset[Contract] = frozenset(
    {Contract.SOLO, Contract.WENZ, Contract.FARBWENZ, Contract.GEIER, Contract.FARBGEIER}
)

ALL_SUITS: tuple[Suit, ...] = tuple(Suit)

#: The suits a contract may name: the called Sau of a Rufspiel (never Herz, 1.2 / 2.5), the
#: trump suit of a Solo, Farbwenz or Farbgeier; Wenz, Geier and Sie name no suit.
SUITS_FOR: dict[Contract, tuple[Suit, ...]] = {
    Contract.RUFSPIEL: (Suit.EICHEL, Suit.GRAS, Suit.SCHELLEN),
    Contract.SOLO: ALL_SUITS,
    Contract.WENZ: (),
    Contract.FARBWENZ: ALL_SUITS,
    Contract.GEIER: (),
    Contract.FARBGEIER: ALL_SUITS,
    Contract.SIE: (),
    Contract.ZUSAMMENGEWORFEN: (),
}

#: The most Laufende a game of each contract can have, bounded by the cards (6.2.2 of 2024): in a
#: Rufspiel the two players' 16 cards hold at most 14 (every trump); one player's 8 cards at
#: most 8 in a Solo, Farbwenz or Farbgeier; a Wenz's or Geier's trumps are only the four Unter or
#: Ober. A Sie is the four Ober and four Unter, the eight highest trumps of a Solo (6.2.7 of 2024
#: prices it as a Solo with eight Laufende), so it has 8 at most too.
MAX_LAUFENDE: dict[Contract, int] = {
    Contract.RUFSPIEL: 14,
    Contract.SOLO: 8,
    Contract.WENZ: 4,
    Contract.FARBWENZ: 8,
    Contract.GEIER: 4,
    Contract.FARBGEIER: 8,
    Contract.SIE: 8,
    Contract.ZUSAMMENGEWORFEN: 0,
}

#: Contracts every tournament allows unless it says otherwise (interchange format default).
DEFAULT_CONTRACTS: tuple[Contract, ...] = (
    Contract.RUFSPIEL,
    Contract.SOLO,
    Contract.WENZ,
    Contract.SIE,
)


def is_single_player(contract: Contract) -> bool:
    """Solo, Wenz, Farbwenz, Geier, Farbgeier: one declarer against three defenders."""
    return contract in SINGLE_PLAYER


def is_thrown_in(contract: Contract) -> bool:
    """A thrown-in deal (all passed, 4.1.5 of 2024): a line of the sheet, not a game."""
    return contract is Contract.ZUSAMMENGEWORFEN


def needs_suit(contract: Contract) -> bool:
    return bool(SUITS_FOR[contract])


def may_name(contract: Contract, suit: Suit | None) -> bool:
    """Whether `contract` may be announced with `suit` (None: no suit named)."""
    if suit is None:
        return not needs_suit(contract)
    return suit in SUITS_FOR[contract]


def may_be_tout(contract: Contract) -> bool:
    return contract in SINGLE_PLAYER
