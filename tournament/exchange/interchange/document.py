"""The plain objects an interchange document is read into (see `reader`)."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field

from rules.contracts import DEFAULT_CONTRACTS, Contract, Suit
from rules.presets import (
    DEFAULT_PRESET,
)
from rules.rule_sets import ALL_PASS_REDEAL, DEFAULT_RULE_SET
from rules.tiebreaks import DEFAULT_CHAIN
from scoring.totals import SeatTotals


@dataclass
class DocTournament:
    name: str
    date: dt.date
    slug: str | None = None
    venue: str = ""
    scoring: str = DEFAULT_PRESET
    games_per_durchgang: int = 32
    number_of_durchgaenge: int = 2
    contracts: list[str] = field(default_factory=lambda: [c.value for c in DEFAULT_CONTRACTS])
    kontra_allowed: bool | None = None
    laufende_counted: bool | None = None
    solo_approval_from: int = 5
    lot_seed: str | None = None
    point_table: dict | None = None  # a custom table (`scoring` "custom"), rules.presets' form
    first_game_rule: bool = True  # extension: written only when a tournament plays without it
    rule_set: str = DEFAULT_RULE_SET  # extension: always written
    sie_first_game_allowed: bool = False  # extension: always written (see reader for absent)
    tiebreak: str = DEFAULT_CHAIN  # extension: written only when not the 5.4.2 cascade
    all_pass: str = ALL_PASS_REDEAL  # extension: always written; absent: 2007 (redeal)
    thrown_in_counts: bool = True  # extension: written only when false
    stock_cents: int | None = None  # extension `stock_per_thrown_in` (euros): only when set
    deck: str = "german"  # extension: written only when "french"; suits stay eichel, gras ...


@dataclass
class DocPlayer:
    id: str
    name: str
    club: str = ""
    replaces: str | None = None
    person: str | None = None  # optional: the same person across files (a season)


@dataclass
class DocHand:
    path: str
    number: int
    contract: Contract
    declarer: str | None  # None only for a thrown-in deal (`zusammengeworfen`)
    suit: Suit | None = None
    partner: str | None = None
    tout: bool = False
    won: bool | None = None
    schneider: bool = False
    schwarz: bool = False
    augen: int | None = None
    laufende: int | None = None
    kontra: int = 0
    approved_by: str = ""
    pending: bool = False  # `"approval": "pending"`: waits for the supervisor, scores 0
    disallowed: bool = False
    offender: str | None = None
    mistake_by: str | None = None  # 3.4.18: `sanction.mistake_by`, optional
    reason: str = ""
    points: dict[str, int] | None = None


#: A seat's totals of a table recorded by its totals (docs/interchange-format.md): the engine's.
DocTotals = SeatTotals


@dataclass
class DocTable:
    path: str
    number: int
    seats: list[str]
    hands: list[DocHand]
    #: a table recorded by its totals: player id → totals ({} while none are entered); None: a
    #: table recording every game
    totals: dict[str, DocTotals] | None = None


@dataclass
class DocDurchgang:
    number: int
    tables: list[DocTable]


@dataclass
class Document:
    tournament: DocTournament
    players: list[DocPlayer]
    durchgaenge: list[DocDurchgang]
