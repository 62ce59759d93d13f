"""Games scored under a preset point table: the players, the contracts, and the points
expected for a Rufspiel or a single game."""

from __future__ import annotations

from rules.contracts import Contract, Suit
from rules.presets import preset
from scoring.hand import HandFacts, Rules, hand_points, hand_violations

FOUR = ("anna", "bert", "carl", "dora")
NUMBER = 7  # any game but the first, where 5.2.15 changes Tout and Schwarz
RUF = dict(contract=Contract.RUFSPIEL, suit=Suit.GRAS, partner="dora")
SOLO = dict(contract=Contract.SOLO, suit=Suit.EICHEL)
WON, LOST = dict(won=True), dict(won=False)
SCHNEIDER = dict(schneider=True)


def scored(key: str, *, number: int = NUMBER, seats=FOUR, **game) -> dict[str, int]:
    hand = HandFacts(number=number, seats=seats, declarer="bert", **game)
    rules = Rules(table=preset(key), kontra_allowed=True, sie_kontra_allowed=True)  # as 2024
    assert hand_violations(hand, rules) == [], "the test builds a valid game"
    return hand_points(hand, preset(key))


def rufspiel(declaring: int, other: int) -> dict[str, int]:
    return dict(bert=declaring, dora=declaring, anna=other, carl=other)


def single(declarer: int, each_defender: int) -> dict[str, int]:
    return dict(bert=declarer, anna=each_defender, carl=each_defender, dora=each_defender)
