"""Example games to show next to a point table (the point-table page's live example). Plain
Python, no Django."""

from __future__ import annotations

from dataclasses import dataclass

from rules.contracts import SUITS_FOR, Contract, Suit
from rules.pointtables import GameResult, PointTable


@dataclass(frozen=True)
class ExampleGame:
    """A game to show next to a table: a stable `key` for its description, the game, and what
    each player of the declaring side and of the other side scores (at a table of four)."""

    key: str
    game: GameResult
    declaring_side: int
    other_side: int


def example_games(table: PointTable, *, kontra: bool | None = None) -> list[ExampleGame]:
    """A short list of games and their points under `table`, e.g. for a form's live preview.

    Always: Rufspiel won simple / Schneider / Schwarz and lost, Solo likewise, Solo-Tout won and
    lost, Sie. Then what only some tables have: each contract with its own values
    (`<contract>`), each suit with its own value (`solo_<suit>`), Laufende where they are paid
    (`<contract>_<n>_laufende`, n the fewest that pay), and a Rufspiel with Stoß and one with
    Retour when Kontra is allowed (`kontra`; None: as the table allows by default): Kontra
    counts under every table, so a tournament that allows it sees what it does.
    """
    ruf, solo, eichel = Contract.RUFSPIEL, Contract.SOLO, Suit.EICHEL
    games: list[tuple[str, GameResult]] = [
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
    if table.kontra_allowed if kontra is None else kontra:
        games.append(("rufspiel_kontra", GameResult(ruf, eichel, kontra=1)))
        games.append(("rufspiel_retour", GameResult(ruf, eichel, kontra=2)))
    examples: list[ExampleGame] = []
    for key, game in games:
        scored = table.points(game)
        examples.append(ExampleGame(key, game, scored.declaring, scored.other))
    return examples
