"""The short code a clerk types for one game of a scoresheet. Plain Python, no Django.

One line per game, tokens separated by blanks, in the order the paper is read::

    r e 1 3 +        Rufspiel on the Eichel-Sau, seat 1 with seat 3, won
    s h 2 - sn       Herz-Solo of seat 2, lost Schneider
    w 4 + t          Wenz of seat 4, won Tout
    fw g 3 + sw      Gras-Farbwenz of seat 3, won Schwarz
    sie 2            Sie of seat 2 (laid down: no result)
    z                a thrown-in deal (all passed, 4.1.5 of 2024): nothing else

Tokens: the contract first (`r` Rufspiel, `s` Solo, `w` Wenz, `fw` Farbwenz, `g` Geier, `fg`
Farbgeier, `sie`, `z` zusammengeworfen, which stands alone; the full names work too), then its
suit when it names one (`e` Eichel, `g` Gras, `h` Herz, `s` Schellen, or in the French deck's
letters `kr` Kreuz, `p` Pik, `h` Herz, `ka` Karo, `rules.decks`: both work in every tournament),
the declarer's seat
(1-5), the partner's seat in a Rufspiel, the result
(`+` won, `-` lost) and any of the flags `sn` Schneider, `sw` Schwarz (implies Schneider), `t`
Tout, `a<n>` Augen of the declaring side; for point tables that count them, `l<n>` Laufende and
`k` Stoß (Kontra) or `kk` Retour. Anything else is an error naming the token.

Parsing only reads the notation; whether the game is legal (a suit the contract may name, a seat
that plays this game ...) is for `scoring.hand.hand_violations`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from rules.contracts import Contract, Suit, needs_suit
from rules.decks import DEFAULT_DECK, FRENCH_SUIT_NAMES, SUIT_LETTERS, Deck

CONTRACT_CODES: dict[str, Contract] = {
    "r": Contract.RUFSPIEL,
    "s": Contract.SOLO,
    "w": Contract.WENZ,
    "fw": Contract.FARBWENZ,
    "g": Contract.GEIER,
    "fg": Contract.FARBGEIER,
    "sie": Contract.SIE,
    "z": Contract.ZUSAMMENGEWORFEN,
} | {c.value: c for c in Contract}

SUIT_CODES: dict[str, Suit] = (
    {code: suit for suit, code in SUIT_LETTERS[Deck.GERMAN].items()}
    | {code: suit for suit, code in SUIT_LETTERS[Deck.FRENCH].items()}
    | {s.value: s for s in Suit}
    | FRENCH_SUIT_NAMES
)

RESULT_CODES = {"+": True, "g": True, "-": False, "v": False}
FLAG_CODES = {"sn": "schneider", "schneider": "schneider", "sw": "schwarz", "schwarz": "schwarz"}
FLAG_CODES |= {"t": "tout", "tout": "tout"}
KONTRA_CODES = {"k": 1, "stoss": 1, "kk": 2, "retour": 2}


def code_tables() -> dict[str, list[list[object]] | list[str]]:
    """The tables above as JSON for the browser's copy of the grammar
    (static/tournament/phones/code.js, which reads them from the phone page): each a list of
    [code, meaning] in the order above (the shortest code first), and the contracts that name
    a suit."""
    return {
        "contracts": _pairs(CONTRACT_CODES),
        "suits": _pairs(SUIT_CODES),
        "results": _pairs(RESULT_CODES),
        "flags": _pairs(FLAG_CODES),
        "kontra": _pairs(KONTRA_CODES),
        "needs_suit": [contract.value for contract in Contract if needs_suit(contract)],
    }


def _pairs(codes: Mapping[str, object]) -> list[list[object]]:
    return [[code, meaning] for code, meaning in codes.items()]


@dataclass(frozen=True)
class CodeError(Exception):
    """The code cannot be read: `code` says what, `token` where."""

    code: str
    token: str = ""
    params: dict[str, object] = field(default_factory=dict)


@dataclass(frozen=True)
class EntryCode:
    """A game as the clerk typed it; players are seat numbers (1-based)."""

    contract: Contract
    declarer_seat: int | None  # None only for a thrown-in deal
    suit: Suit | None = None
    partner_seat: int | None = None
    won: bool | None = None
    schneider: bool = False
    schwarz: bool = False
    tout: bool = False
    augen: int | None = None
    laufende: int | None = None
    kontra: int = 0


def _whole(text: str) -> int | None:
    """`text` as a whole number if it is at most six ASCII digits, else None: `"²".isdigit()`
    is true but `int("²")` fails, and `int()` refuses a text of thousands of digits."""
    return int(text) if text.isascii() and text.isdigit() and len(text) <= 6 else None


def _seat(token: str, seats: int) -> int:
    if not token.isdigit():
        raise CodeError("seat_expected", token)
    number = _whole(token)
    if number is None or not 1 <= number <= seats:
        raise CodeError("seat_range", token[:10], {"max": seats})
    return number


def code_parse(text: str, *, seats: int) -> EntryCode:
    """Read one line of code for a table with `seats` seats; raises `CodeError`."""
    tokens = text.lower().replace(",", " ").split()
    if not tokens:
        raise CodeError("empty")
    contract = CONTRACT_CODES.get(tokens[0])
    if contract is None:
        raise CodeError("contract_unknown", tokens[0][:20])
    rest = tokens[1:]
    if contract is Contract.ZUSAMMENGEWORFEN:
        if rest:
            raise CodeError("token_unknown", rest[0][:20])
        return EntryCode(contract=contract, declarer_seat=None)
    suit = None
    if needs_suit(contract):
        if not rest or rest[0] not in SUIT_CODES:
            raise CodeError("suit_expected", rest[0] if rest else "", {"contract": contract.value})
        suit = SUIT_CODES[rest.pop(0)]
    if not rest:
        raise CodeError("seat_expected")
    declarer = _seat(rest.pop(0), seats)
    partner = None
    if contract is Contract.RUFSPIEL:
        if not rest:
            raise CodeError("partner_expected")
        partner = _seat(rest.pop(0), seats)
    won = None
    flags: dict[str, bool] = {}
    augen = laufende = None
    kontra = 0
    for token in rest:
        if token in RESULT_CODES and won is None:
            won = RESULT_CODES[token]
        elif token in FLAG_CODES:
            flags[FLAG_CODES[token]] = True
        elif token.startswith("a") and _whole(token[1:]) is not None and augen is None:
            augen = _whole(token[1:])
        elif token.startswith("l") and _whole(token[1:]) is not None and laufende is None:
            laufende = _whole(token[1:])
        elif token in KONTRA_CODES and not kontra:
            kontra = KONTRA_CODES[token]
        else:
            raise CodeError("token_unknown", token[:20])
    if flags.get("schwarz"):
        flags["schneider"] = True
    return EntryCode(
        contract=contract,
        declarer_seat=declarer,
        suit=suit,
        partner_seat=partner,
        won=won,
        augen=augen,
        laufende=laufende,
        kontra=kontra,
        **flags,
    )


def code_format(entry: EntryCode, deck: Deck = DEFAULT_DECK) -> str:
    """The shortest code that reads back as `entry` (used to edit a stored game), its suit in
    the letters of `deck`."""
    contract = next(code for code, c in CONTRACT_CODES.items() if c is entry.contract)
    tokens = [contract]
    if entry.suit is not None:
        tokens.append(SUIT_LETTERS[deck][entry.suit])
    if entry.declarer_seat is not None:
        tokens.append(str(entry.declarer_seat))
    if entry.partner_seat is not None:
        tokens.append(str(entry.partner_seat))
    if entry.won is not None:
        tokens.append("+" if entry.won else "-")
    if entry.schwarz:
        tokens.append("sw")
    elif entry.schneider:
        tokens.append("sn")
    if entry.tout:
        tokens.append("t")
    if entry.augen is not None:
        tokens.append(f"a{entry.augen}")
    if entry.laufende is not None:
        tokens.append(f"l{entry.laufende}")
    if entry.kontra:
        tokens.append("k" * entry.kontra)
    return " ".join(tokens)
