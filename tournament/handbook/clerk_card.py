"""The Schreiber-Karte: the game codes on one A4 page, to lay beside the keyboard
(/hilfe/schreiber-karte.pdf). Its tables are read from `scoring.entry_code`, and every example
is read by `code_parse` and written back by `code_format` when the card is made: the card
cannot show a code the entry line refuses, and its words for an example are made from what the
code means, not written beside it. German, as the handbook."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from typing import TypeVar

from django.utils import translation

from rules.contracts import Contract, Suit, needs_suit
from rules.decks import FRENCH_SUIT_NAMES, SUIT_LETTERS, Deck
from scoring.entry_code import (
    CONTRACT_CODES,
    FLAG_CODES,
    KONTRA_CODES,
    RESULT_CODES,
    EntryCode,
    code_format,
    code_parse,
)
from tournament.web.pdf import pdf_render

#: The examples on the card, with the deck their suit letters are in. Each must be the code
#: `code_format` writes for it (the shortest): `clerk_card_examples` refuses any other.
EXAMPLES: tuple[tuple[str, Deck], ...] = (
    ("r e 1 3 +", Deck.GERMAN),
    ("r s 2 4 - sn", Deck.GERMAN),
    ("s h 2 + sw", Deck.GERMAN),
    ("w 4 + t", Deck.GERMAN),
    ("fw g 3 -", Deck.GERMAN),
    ("g 1 +", Deck.GERMAN),
    ("fg s 4 + sn", Deck.GERMAN),
    ("s e 3 + a75", Deck.GERMAN),
    ("r g 1 2 - l3 k", Deck.GERMAN),
    ("w 2 + l2 kk", Deck.GERMAN),
    ("sie 2", Deck.GERMAN),
    ("z", Deck.GERMAN),
    ("s kr 2 +", Deck.FRENCH),
    ("r ka 1 3 -", Deck.FRENCH),
)
#: The seats of a table the examples are read for: five, so that every seat number works.
EXAMPLE_SEATS = 5

GERMAN_SUITS = {suit: suit.value.capitalize() for suit in Suit}
FRENCH_SUITS = {suit: name.capitalize() for name, suit in FRENCH_SUIT_NAMES.items()}
FRENCH_SUITS[Suit.HERZ] = GERMAN_SUITS[Suit.HERZ]
SUIT_NAMES = {Deck.GERMAN: GERMAN_SUITS, Deck.FRENCH: FRENCH_SUITS}
#: The card of a suit that a Rufspiel calls, in each deck.
CALLED_CARD = {Deck.GERMAN: "die {suit}-Sau", Deck.FRENCH: "das {suit}-Ass"}

#: How the card names what a result, a flag or a Kontra token means (`scoring.entry_code`).
RESULTS = {True: "gewonnen", False: "verloren"}
FLAGS = {"schneider": "Schneider", "schwarz": "Schwarz (ist immer auch Schneider)", "tout": "Tout"}
KONTRA = {1: "Stoß (Kontra)", 2: "Retour (auf den Stoß)"}


T = TypeVar("T")


@dataclass(frozen=True)
class Example:
    code: str
    text: str


def contract_name(contract: Contract) -> str:
    return contract.value.capitalize()


def short_codes(codes: Mapping[str, T]) -> list[tuple[str, T]]:
    """Each meaning once, with its shortest code (the tables list the shortest first)."""
    seen: dict[T, str] = {}
    for code, meaning in codes.items():
        seen.setdefault(meaning, code)
    return [(code, meaning) for meaning, code in seen.items()]


def long_words(codes: Mapping[str, object]) -> list[str]:
    """The codes that are whole words (`schneider`, `stoss`): they work as well."""
    short = {code for code, _meaning in short_codes(codes)}
    return [code for code in codes if code not in short and len(code) > 2]


def example_text(entry: EntryCode, deck: Deck) -> str:
    """What the code means, in words."""
    contract = entry.contract
    if contract is Contract.ZUSAMMENGEWORFEN:
        return "zusammengeworfen: alle haben „weiter“ gesagt, nichts folgt"
    name = contract_name(contract)
    suit = SUIT_NAMES[deck][entry.suit] if entry.suit is not None else ""
    if contract is Contract.RUFSPIEL:
        called = CALLED_CARD[deck].format(suit=suit)
        words = [f"Rufspiel auf {called}, Platz {entry.declarer_seat}"]
        words[0] += f" mit Platz {entry.partner_seat}"
    elif suit:
        words = [f"{suit}-{name} von Platz {entry.declarer_seat}"]
    else:
        words = [f"{name} von Platz {entry.declarer_seat}"]
    if contract is Contract.SIE:
        words.append("aufgelegt, ohne Ergebnis")
    if entry.won is not None:
        words.append(RESULTS[entry.won])
    if entry.schwarz:
        words.append("Schwarz")
    elif entry.schneider:
        words.append("Schneider")
    if entry.tout:
        words.append("Tout")
    if entry.augen is not None:
        words.append(f"{entry.augen} Augen der Spielerpartei")
    if entry.laufende is not None:
        words.append(f"{entry.laufende} Laufende")
    if entry.kontra:
        words.append("Retour" if entry.kontra == 2 else "Stoß")
    return ", ".join(words)


def clerk_card_examples() -> list[Example]:
    """The card's examples, each read and written back by `scoring.entry_code`; a code that
    cannot be read, or is not written so, raises `ValueError` (the card is not made)."""
    found = []
    for code, deck in EXAMPLES:
        entry = code_parse(code, seats=EXAMPLE_SEATS)
        written = code_format(entry, deck)
        if written != code:
            raise ValueError(f"example {code!r} is written {written!r}")
        found.append(Example(written, example_text(entry, deck)))
    return found


def clerk_card_context() -> dict:
    contracts = [
        (code, contract_name(contract), needs_suit(contract))
        for code, contract in short_codes(CONTRACT_CODES)
    ]
    suits = [
        (
            deck,
            "deutsches Blatt" if deck is Deck.GERMAN else "französisches Blatt",
            [(letter, SUIT_NAMES[deck][suit]) for suit, letter in SUIT_LETTERS[deck].items()],
        )
        for deck in Deck
    ]
    results = [(code, RESULTS[won]) for code, won in RESULT_CODES.items()]
    flags = [(code, FLAGS[meaning]) for code, meaning in short_codes(FLAG_CODES)]
    kontra = [(code, KONTRA[level]) for code, level in short_codes(KONTRA_CODES)]
    words = [
        *(c.value for c in Contract),
        *long_words(FLAG_CODES),
        *long_words(KONTRA_CODES),
        *FRENCH_SUIT_NAMES,
    ]
    return {
        "contracts": contracts,
        "suits": suits,
        "results": results,
        "flags": flags,
        "kontra": kontra,
        "words": words,
        "examples": clerk_card_examples(),
        "seats_max": EXAMPLE_SEATS,
    }


@cache
def clerk_card_pdf() -> bytes:
    """Rendered once per process: the codes change only with a new release."""
    with translation.override("de"):
        return pdf_render("tournament/handbook/clerk_card.html", clerk_card_context())
