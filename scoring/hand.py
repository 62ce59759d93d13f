"""One game as written on the scoresheet: its rule checks and its points. Plain Python, no Django.

Terms: the *declarer* (Spielmacher) announces the game; in a Rufspiel the *partner* holds the
called Sau; the others are *defenders*. *Seats* are player keys (any strings) in seat order.
A game is *struck* (5.2.17) when the supervisor disallowed it: it keeps its number and scores 0.
A *sanctioned* game (3.4.17) is scored by the offence, not by its result. In the *first game*
of a sheet a single-player Tout or Schwarz counts as a simple game (5.2.15), unless the tournament
plays without that rule (`HandFacts.first_game_rule` false); a Sie there is refused (2.9.1 of
2007) unless the tournament allows it (`HandFacts.sie_first_game_allowed`, the 2024 rules).
The first game is the first real game of the sheet: a sheet that starts with thrown-in deals
(`HandFacts.first_number`) has its first game after them.

A *thrown-in deal* (contract `zusammengeworfen`, all passed, 4.1.5 of 2024) is a line of the
sheet, recorded only when the tournament says so (`Rules.all_pass_thrown_in`): no declarer, no
partner, 0 points for everybody, never an approval, no single-player game.

Rule checks return `Violation`s (a field, a code and parameters); the caller turns the code into
a message in the user's language. Scoring assumes a game without violations.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from rules.contracts import (
    MAX_LAUFENDE,
    Contract,
    Suit,
    is_single_player,
    is_thrown_in,
    may_be_tout,
    may_name,
)
from rules.pointtables import GameResult, PointTable
from scoring.seating import dealer_index, playing_indices, sheet_length

KONTRA_LEVELS = (0, 1, 2)  # none, Stoß, Retour


@dataclass(frozen=True)
class Violation:
    """A rule the game breaks: `field` of the game, a stable `code`, and message parameters."""

    field: str
    code: str
    params: dict[str, object] = dataclasses.field(default_factory=dict)


@dataclass(frozen=True)
class Rules:
    """The tournament settings a game is checked against."""

    table: PointTable
    games_per_durchgang: int = 32
    contracts: frozenset[Contract] = frozenset(Contract)
    kontra_allowed: bool = False
    all_pass_thrown_in: bool = False  # 4.1.5 of 2024: thrown-in deals are lines of the sheet
    thrown_in_counts: bool = True  # a thrown-in line counts as one of the Durchgang's games
    # False under 2007: a Sie is laid open at once (2.9.2), a Stoß comes before the first card
    # (3.3.2). Under 2024 laying it open is a choice (2.6.2), so a Stoß may be given on it.
    sie_kontra_allowed: bool = False
    first_game_rule: bool = True  # 5.2.15: a Tout or Schwarz in game 1 is a simple game
    sie_first_game_allowed: bool = False  # True: a Sie counts in game 1 (2024), else 2.9.1


@dataclass(frozen=True)
class HandFacts:
    number: int
    seats: tuple[str, ...]
    contract: Contract
    declarer: str | None  # None only for a thrown-in deal
    suit: Suit | None = None
    partner: str | None = None
    won: bool | None = None
    schneider: bool = False
    schwarz: bool = False
    tout: bool = False
    augen: int | None = None
    laufende: int | None = None
    kontra: int = 0
    offender: str | None = None
    mistake_by: str | None = None  # 3.4.18: whose mistake the offender revealed his cards after
    struck: bool = False
    first_game_rule: bool = True  # the tournament plays by 5.2.15
    sie_first_game_allowed: bool = False  # True: a Sie counts in game 1 (2024), else 2.9.1
    first_number: int = 1  # the sheet's first real game (after the thrown-in deals it starts with)

    @property
    def players(self) -> tuple[str, ...]:
        """The seated players who play this game (the dealer sits out at a table of five)."""
        return tuple(self.seats[i] for i in playing_indices(self.number, len(self.seats)))

    @property
    def dealer(self) -> str:
        return self.seats[dealer_index(self.number, len(self.seats))]

    @property
    def single(self) -> bool:
        return is_single_player(self.contract)

    @property
    def sie(self) -> bool:
        return self.contract is Contract.SIE

    @property
    def thrown_in(self) -> bool:
        return is_thrown_in(self.contract)

    @property
    def sanctioned(self) -> bool:
        return self.offender is not None

    @property
    def first_game(self) -> bool:
        """The first game of the sheet, where the tournament plays by the first-game rule
        (5.2.15)."""
        return self.first_game_rule and self.number == self.first_number

    @property
    def counts_as_tout(self) -> bool:
        """A Tout that is scored and counted as one (not in the first game, 5.2.15)."""
        return self.tout and self.single and not self.first_game

    @property
    def declaring_side(self) -> tuple[str, ...]:
        if self.declarer is None:
            return ()
        if self.partner is not None and self.contract is Contract.RUFSPIEL:
            return (self.declarer, self.partner)
        return (self.declarer,)


def hand_violations(hand: HandFacts, rules: Rules, *, thrown_in: int = 0) -> list[Violation]:
    """Every rule the game as written breaks (docs/rules.md, section 2); empty when it may be
    scored. `thrown_in` is the number of thrown-in deals on the sheet with this game: when they
    do not count as games, each gives the sheet one line more."""
    found: list[Violation] = []
    add = found.append
    limit = sheet_length(
        seats=len(hand.seats),
        games_per_durchgang=rules.games_per_durchgang,
        thrown_in=thrown_in if rules.all_pass_thrown_in else 0,
        thrown_in_counts=rules.thrown_in_counts,
    )
    if not 1 <= hand.number <= limit:
        add(Violation("number", "number_range", {"number": hand.number, "max": limit}))
    if hand.thrown_in:
        return found + _thrown_in_violations(hand, rules)
    if hand.declarer is None:
        add(Violation("declarer", "declarer_missing"))
    if hand.contract not in rules.contracts:
        add(Violation("contract", "contract_not_allowed", {"contract": hand.contract.value}))
    if not may_name(hand.contract, hand.suit):
        code = "suit_missing" if hand.suit is None else "suit_not_allowed"
        add(Violation("suit", code, {"contract": hand.contract.value, "suit": hand.suit}))
    found += _player_violations(hand)
    if hand.tout and not may_be_tout(hand.contract):
        add(Violation("tout", "tout_not_allowed", {"contract": hand.contract.value}))
    if hand.sie and hand.number == hand.first_number and not hand.sie_first_game_allowed:
        add(Violation("contract", "sie_first_game"))
    if hand.sie and hand.sanctioned:
        add(Violation("sanction", "sie_sanctioned"))
    needs_result = not (hand.sie or hand.sanctioned or hand.struck)
    if needs_result and hand.won is None:
        add(Violation("won", "won_missing"))
    if hand.schwarz and not hand.schneider:
        add(Violation("schwarz", "schwarz_without_schneider"))
    if needs_result and hand.won is not None and hand.augen is not None:
        found += _augen_violations(hand)
    elif hand.augen is not None and not 0 <= hand.augen <= 120:
        add(Violation("augen", "augen_range", {"augen": hand.augen}))
    elif hand.sie and hand.augen is not None and hand.augen != 120:
        add(Violation("augen", "sie_augen", {"augen": hand.augen}))
    if hand.kontra not in KONTRA_LEVELS:
        add(Violation("kontra", "kontra_range", {"kontra": hand.kontra}))
    elif hand.kontra and not rules.kontra_allowed:
        add(Violation("kontra", "kontra_not_allowed"))
    elif hand.kontra and hand.sie and not rules.sie_kontra_allowed:
        add(Violation("kontra", "sie_kontra"))
    if hand.laufende is not None and hand.laufende < 0:
        add(Violation("laufende", "laufende_range", {"laufende": hand.laufende}))
    elif hand.laufende is not None and hand.laufende > MAX_LAUFENDE[hand.contract]:
        bound: dict[str, object] = {"max": MAX_LAUFENDE[hand.contract], "laufende": hand.laufende}
        add(Violation("laufende", "laufende_bound", bound | {"contract": hand.contract.value}))
    return found


#: What a thrown-in deal cannot have: nobody played, so nothing of a game is written.
THROWN_IN_EMPTY = (
    *("declarer", "partner", "suit", "won", "augen", "laufende"),
    *("offender", "mistake_by"),
)
SANCTION_FIELDS = {"offender": "sanction.offender", "mistake_by": "sanction.mistake_by"}
THROWN_IN_FALSE = ("schneider", "schwarz", "tout", "kontra")


def _thrown_in_violations(hand: HandFacts, rules: Rules) -> list[Violation]:
    """A thrown-in deal is recorded only under 4.1.5 of 2024 and is a line without a game."""
    if not rules.all_pass_thrown_in:
        return [Violation("contract", "thrown_in_not_recorded", {"number": hand.number})]
    found = [
        Violation(SANCTION_FIELDS.get(name, name), "thrown_in_field")
        for name in THROWN_IN_EMPTY
        if getattr(hand, name) is not None
    ]
    return found + [
        Violation(name, "thrown_in_field") for name in THROWN_IN_FALSE if getattr(hand, name)
    ]


def _player_violations(hand: HandFacts) -> list[Violation]:
    found: list[Violation] = []
    seated, playing = set(hand.seats), set(hand.players)
    for role, player in (("declarer", hand.declarer), ("partner", hand.partner)):
        if player is None:
            continue
        if player not in seated:
            found.append(Violation(role, "not_seated", {"player": player}))
        elif player not in playing:
            found.append(Violation(role, "sits_out", {"player": player, "number": hand.number}))
    if hand.contract is Contract.RUFSPIEL:
        if hand.partner is None:
            found.append(Violation("partner", "partner_missing"))
        elif hand.partner == hand.declarer:
            found.append(Violation("partner", "partner_is_declarer"))
    elif hand.partner is not None:
        found.append(Violation("partner", "partner_not_allowed", {"contract": hand.contract}))
    for role in ("offender", "mistake_by"):
        player = getattr(hand, role)
        if player is None:
            continue
        if player not in seated:
            found.append(Violation(SANCTION_FIELDS[role], "not_seated", {"player": player}))
        elif player not in playing:
            params = {"player": player, "number": hand.number}
            found.append(Violation(SANCTION_FIELDS[role], "sits_out", params))
    if hand.mistake_by is not None:
        if hand.offender is None:
            found.append(Violation("sanction.mistake_by", "mistake_by_without_offender"))
        elif hand.mistake_by == hand.offender:
            found.append(Violation("sanction.mistake_by", "mistake_by_is_offender"))
    return found


def _augen_violations(hand: HandFacts) -> list[Violation]:
    augen = hand.augen
    assert augen is not None
    if not 0 <= augen <= 120:
        return [Violation("augen", "augen_range", {"augen": augen})]
    if hand.tout or hand.sie:
        if hand.won and augen != 120:
            return [Violation("augen", "augen_contradicts_won", {"augen": augen})]
        return []
    if hand.won != (augen >= 61):
        return [Violation("augen", "augen_contradicts_won", {"augen": augen})]
    schneider = augen >= 91 if hand.won else augen <= 30
    if hand.schneider != schneider:
        return [Violation("augen", "augen_contradicts_schneider", {"augen": augen})]
    if hand.schwarz and augen != (120 if hand.won else 0):
        return [Violation("augen", "augen_contradicts_schwarz", {"augen": augen})]
    return []


def first_game_simple(hand: HandFacts) -> bool:
    """Whether the game is a first-game single-player Tout or Schwarz, scored as a simple game
    (5.2.15)."""
    return hand.first_game and hand.single and (hand.tout or hand.schwarz)


def simple_game_won(hand: HandFacts) -> bool:
    """Whether the declaring side won as the table scores it. A first-game Tout scored as a
    simple game is won or lost by its Augen when they are given (61 or more): a Tout that lost
    a trick but took 100 Augen is a won simple game."""
    if hand.sie:
        return True
    if first_game_simple(hand) and hand.augen is not None:
        return hand.augen >= 61
    return bool(hand.won)


def scored_game(hand: HandFacts) -> GameResult:
    """The game as the point table scores it: in the first game a single-player Tout or Schwarz
    counts as a simple game (5.2.15; its Schneider is not added, a Schneider alone counts as
    usual, Laufende and Stoß too), won or lost by its Augen when they are given."""
    first_simple = first_game_simple(hand)
    return GameResult(
        contract=hand.contract,
        suit=hand.suit,
        won=simple_game_won(hand),
        schneider=hand.schneider and not first_simple,
        schwarz=hand.schwarz and not first_simple,
        tout=hand.tout and not first_simple,
        laufende=hand.laufende or 0,
        kontra=hand.kontra,
    )


def hand_points(hand: HandFacts, table: PointTable) -> dict[str, int]:
    """Each seated player's points in this game (0 for the dealer sitting out at a table of five).

    The table says what each player of the declaring side and of the other side scores: on a
    zero-sum table the declaring side wins what the other side loses, per payment; on a
    plus-only table the winners score and the losers get 0.
    """
    points = dict.fromkeys(hand.seats, 0)
    if hand.struck or hand.thrown_in:
        return points
    if hand.sanctioned:
        points.update(_sanction_points(hand, table))
        return points
    scored = table.points(scored_game(hand))
    side = hand.declaring_side
    for player in hand.players:
        points[player] = scored.declaring if player in side else scored.other
    return points


def _sanction_points(hand: HandFacts, table: PointTable) -> dict[str, int]:
    """Rule 3.4.17 as the project reads it (docs/rules.md, section 6), with the table's
    sanction values: offender, his partners (0) and each player of the other side. Under
    3.4.18 the player who made the mistake the offender revealed his cards after scores 0."""
    offender = hand.offender
    assert offender is not None
    side = hand.declaring_side
    others = [p for p in hand.players if p not in side]
    offending, opposing = (side, others) if offender in side else (others, side)
    scored = table.sanction_points(scored_game(hand), by_declaring_side=offender in side)
    points = dict.fromkeys(offending, scored.partners) | dict.fromkeys(opposing, scored.opponents)
    points[offender] = scored.offender
    if hand.mistake_by is not None:
        points[hand.mistake_by] = 0
    return points


@dataclass(frozen=True)
class DeclarerCounts:
    """The tie-break counters (5.4.2) one game adds to its declarer."""

    sie: int = 0
    tout_won: int = 0
    tout_played: int = 0
    solo_won: int = 0
    solo_played: int = 0


NO_COUNTS = DeclarerCounts()


def declarer_counts(hand: HandFacts, points: dict[str, int]) -> DeclarerCounts:
    """What the game counts for its declarer in the tie-breaks.

    Struck games count for nothing. A Sie counts as Sie only. Single-player games count as
    played, and as won when the declarer's score is positive (so a sanctioned game counts as won
    when an opponent offended). A first-game Tout counts as a simple single-player game.
    """
    if hand.struck or hand.declarer is None:
        return NO_COUNTS
    if hand.sie:
        return DeclarerCounts(sie=1)
    if not hand.single:
        return NO_COUNTS
    won = int(points[hand.declarer] > 0)
    tout = int(hand.counts_as_tout)
    return DeclarerCounts(tout_won=won * tout, tout_played=tout, solo_won=won, solo_played=1)
