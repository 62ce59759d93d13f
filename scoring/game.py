"""A game's own fields, listed once: what a line of the scoresheet records, before the
supervisor's decisions (struck, approval, sanction).

Every form of a game carries them under these names: the game code as typed
(`entry_code.EntryCode`, players as seat numbers), the entry a clerk or phone makes, the stored
game (players as database rows or their ids), the engine's `hand.HandFacts` (players as ids in
text), the history's snapshot (players as "start number name"). `game_values` reads them off any
of these and converts the players and the contract's types on the way, so that a field added to
the game is added here and reaches every form.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rules.contracts import Contract, Suit

#: The fields of a game, in the order the history's snapshot keeps them.
GAME_FIELDS: tuple[str, ...] = (
    "contract",
    "suit",
    "declarer",
    "partner",
    "won",
    "schneider",
    "schwarz",
    "tout",
    "augen",
    "laufende",
    "kontra",
)
#: The fields that name a player.
PLAYER_FIELDS: tuple[str, ...] = ("declarer", "partner")
#: The fields that name no player (the game's own values), in the order of `GAME_FIELDS`.
NON_PLAYER_FIELDS: tuple[str, ...] = tuple(n for n in GAME_FIELDS if n not in PLAYER_FIELDS)


def game_values(
    game: object,
    *,
    player: Callable[[Any], Any] = lambda value: value,
    players_as: str = "",
    typed: bool = False,
) -> dict[str, Any]:
    """The fields of `game` (any object holding them as attributes), by their names here.

    `players_as`: the ending of the attributes that name the players on `game` (`"_id"` on a
    stored game read without its players, `"_seat"` on a game code); `player` converts each
    player named (a missing one stays None). `typed`: the contract and suit as `Contract` and
    `Suit` (no suit: None), else as their stored text (no suit: "").
    """
    values: dict[str, Any] = {}
    for name in GAME_FIELDS:
        if name in PLAYER_FIELDS:
            named = getattr(game, name + players_as)
            values[name] = None if named is None else player(named)
        else:
            values[name] = getattr(game, name)
    contract, suit = values["contract"], values["suit"]
    if typed:
        values["contract"] = Contract(contract)
        values["suit"] = Suit(suit) if suit else None
    else:
        values["contract"] = Contract(contract).value
        values["suit"] = Suit(suit).value if suit else ""
    return values
