"""The two decks a Schafkopf tournament may play with, and the letters that name their suits.

Plain Python, no Django. Terms (see docs/rules.md):

- *German deck* (deutsches Blatt): Eichel, Gras, Herz, Schellen; Ober, Unter, Sau.
- *French deck* (französisches Blatt): Kreuz, Pik, Herz, Karo; Dame, Bube, Ass. Kreuz stands
  for Eichel, Pik for Gras, Karo for Schellen, the Dame for the Ober, the Bube for the Unter
  and the Ass for the Sau: the game, its points and what is stored are the same.

The deck changes only what a person reads and types. Stored data and files name the suits as
`rules.contracts.Suit` does (eichel, gras, herz, schellen), whatever the deck.
"""

from __future__ import annotations

from enum import StrEnum

from rules.contracts import Suit


class Deck(StrEnum):
    GERMAN = "german"
    FRENCH = "french"


DEFAULT_DECK = Deck.GERMAN

#: The short letters of each deck's suits in the one-line game code, shortest first. No letter
#: names two suits: the German letters and the French ones are all accepted in every tournament
#: (`scoring.entry_code.SUIT_CODES`); a tournament's code help shows its own deck's.
SUIT_LETTERS: dict[Deck, dict[Suit, str]] = {
    Deck.GERMAN: {Suit.EICHEL: "e", Suit.GRAS: "g", Suit.HERZ: "h", Suit.SCHELLEN: "s"},
    Deck.FRENCH: {Suit.EICHEL: "kr", Suit.GRAS: "p", Suit.HERZ: "h", Suit.SCHELLEN: "ka"},
}

#: The French suits' own names, which the game code accepts as words too (`kreuz`, `pik`,
#: `karo`; Herz is the same in both decks).
FRENCH_SUIT_NAMES: dict[str, Suit] = {"kreuz": Suit.EICHEL, "pik": Suit.GRAS, "karo": Suit.SCHELLEN}
