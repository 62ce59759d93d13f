"""The cards in words for the tournament's deck: the one place that names suits, Ober, Unter
and Sau (German deck) or Kreuz, Pik, Herz, Karo, Dame, Bube and Ass (French deck).

Every page, printout, phone screen and export of a tournament names cards in its deck. Like the
language, the deck is *active* for the work at hand: `TournamentMixin` and the phone's views
activate the tournament's deck for the request (`deck_activate`; `DeckMiddleware` of
tournament/web/middleware.py puts the German deck back after every request), a print job, a
command or a test uses `deck_override`.
Nothing stored depends on it: suits stay `eichel`, `gras`, `herz`, `schellen`.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy, pgettext_lazy

from rules.contracts import Suit
from rules.decks import DEFAULT_DECK, SUIT_LETTERS, Deck

GERMAN, FRENCH = Deck.GERMAN, Deck.FRENCH

SUIT_WORDS: dict[Deck, dict[Suit, Promise]] = {
    GERMAN: {
        Suit.EICHEL: gettext_lazy("Eichel"),
        Suit.GRAS: gettext_lazy("Gras"),
        Suit.HERZ: gettext_lazy("Herz"),
        Suit.SCHELLEN: gettext_lazy("Schellen"),
    },
    FRENCH: {
        Suit.EICHEL: pgettext_lazy("French deck", "Clubs"),
        Suit.GRAS: pgettext_lazy("French deck", "Spades"),
        Suit.HERZ: pgettext_lazy("French deck", "Hearts"),
        Suit.SCHELLEN: pgettext_lazy("French deck", "Diamonds"),
    },
}

#: Sentences naming cards, whole per deck: German declines the French cards differently
#: ("die gerufene Sau", "das gerufene Ass").
PHRASES: dict[str, dict[Deck, Promise]] = {
    "partner_missing": {
        GERMAN: gettext_lazy("A Rufspiel needs the partner who holds the called Sau."),
        FRENCH: gettext_lazy("A Rufspiel needs the partner who holds the called Ace."),
    },
    "wenz_tout_trumps": {
        GERMAN: gettext_lazy("At least 2 running Unter, or 3 Unter including the Eichel-Unter"),
        FRENCH: gettext_lazy("At least 2 running Jacks, or 3 Jacks including the Jack of Clubs"),
    },
    "code_example": {
        GERMAN: gettext_lazy(
            "e.g. r e 1 3 + (Rufspiel on the Eichel-Sau, seat 1 with seat 3, won)"
        ),
        FRENCH: gettext_lazy(
            "e.g. r kr 1 3 + (Rufspiel on the Ace of Clubs, seat 1 with seat 3, won)"
        ),
    },
    "suit_expected": {
        GERMAN: gettext_lazy(
            "After the contract comes its suit: e, g, h or s (Eichel, Gras, Herz, Schellen)."
        ),
        FRENCH: gettext_lazy(
            "After the contract comes its suit: kr, p, h or ka (Clubs, Spades, Hearts, Diamonds)."
        ),
    },
}

#: The example games of the point table that name a suit: the Solo of each suit.
SOLO_WON: dict[Deck, dict[Suit, Promise]] = {
    GERMAN: {
        Suit.EICHEL: gettext_lazy("Eichel-Solo won"),
        Suit.GRAS: gettext_lazy("Gras-Solo won"),
        Suit.HERZ: gettext_lazy("Herz-Solo won"),
        Suit.SCHELLEN: gettext_lazy("Schellen-Solo won"),
    },
    FRENCH: {
        Suit.EICHEL: gettext_lazy("Clubs Solo won"),
        Suit.GRAS: gettext_lazy("Spades Solo won"),
        Suit.HERZ: gettext_lazy("Hearts Solo won"),
        Suit.SCHELLEN: gettext_lazy("Diamonds Solo won"),
    },
}

_active: ContextVar[Deck] = ContextVar("deck", default=DEFAULT_DECK)


def deck_of(value: str | None) -> Deck:
    """The deck a stored value names; the German deck for anything else."""
    return next((deck for deck in Deck if deck.value == value), DEFAULT_DECK)


def deck_active() -> Deck:
    return _active.get()


def deck_activate(deck: str | None) -> None:
    """Name the cards in `deck` for the rest of the request (`DeckMiddleware` resets it)."""
    _active.set(deck_of(deck))


@contextmanager
def deck_override(deck: str | None) -> Iterator[None]:
    """Name the cards in `deck` inside the block (a print job, a command, a test)."""
    token = _active.set(deck_of(deck))
    try:
        yield
    finally:
        _active.reset(token)


def suit_word(suit: str | Suit) -> str:
    """The suit as the active deck names it: "Eichel" or "Kreuz"."""
    return str(SUIT_WORDS[deck_active()][Suit(suit)])


def deck_phrase(key: str) -> str:
    """A sentence of `PHRASES` in the active deck."""
    return str(PHRASES[key][deck_active()])


def solo_won_label(suit: Suit) -> str:
    return str(SOLO_WON[deck_active()][suit])


def suit_legend() -> list[tuple[str, str]]:
    """(letter, name) of each suit in the active deck's code, in the order of `Suit`."""
    deck = deck_active()
    return [(SUIT_LETTERS[deck][suit], str(SUIT_WORDS[deck][suit])) for suit in Suit]


def suit_letter(suit: str | Suit) -> str:
    return SUIT_LETTERS[deck_active()][Suit(suit)]
