"""The one-line game code the clerk types: read as the paper is read. No database, no Django."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.contracts import PLAYED, SUITS_FOR, Contract, Suit
from scoring.entry_code import CodeError, EntryCode, code_format, code_parse

GOOD = [
    ("r e 1 3 +", EntryCode(Contract.RUFSPIEL, 1, Suit.EICHEL, 3, won=True)),
    ("R S 4 2 -", EntryCode(Contract.RUFSPIEL, 4, Suit.SCHELLEN, 2, won=False)),
    ("s h 2 - sn", EntryCode(Contract.SOLO, 2, Suit.HERZ, won=False, schneider=True)),
    ("w 4 + t", EntryCode(Contract.WENZ, 4, won=True, tout=True)),
    (
        "fw g 3 + sw",
        EntryCode(Contract.FARBWENZ, 3, Suit.GRAS, won=True, schneider=True, schwarz=True),
    ),
    ("g 1 g", EntryCode(Contract.GEIER, 1, won=True)),  # Geier, seat 1, gewonnen
    ("fg e 5 v", EntryCode(Contract.FARBGEIER, 5, Suit.EICHEL, won=False)),
    ("sie 2", EntryCode(Contract.SIE, 2)),
    (
        "solo herz 2 + a95 sn",
        EntryCode(Contract.SOLO, 2, Suit.HERZ, won=True, augen=95, schneider=True),
    ),
    ("r,e,1,3,+", EntryCode(Contract.RUFSPIEL, 1, Suit.EICHEL, 3, won=True)),
    ("s e 2 + l4 k", EntryCode(Contract.SOLO, 2, Suit.EICHEL, won=True, laufende=4, kontra=1)),
    ("w 1 - kk l2", EntryCode(Contract.WENZ, 1, won=False, laufende=2, kontra=2)),
]


@pytest.mark.parametrize(("text", "expected"), GOOD)
def test_a_code_reads_as_the_game_it_names(text, expected):
    assert code_parse(text, seats=5) == expected


BAD = [
    ("", "empty", ""),
    ("x 1 +", "contract_unknown", "x"),
    ("r 1 3 +", "suit_expected", "1"),
    ("s", "suit_expected", ""),
    ("w", "seat_expected", ""),
    ("w x +", "seat_expected", "x"),
    ("w 5 +", "seat_range", "5"),  # a table of four
    ("r e 1", "partner_expected", ""),
    ("w 1 + zz", "token_unknown", "zz"),
    ("w 1 + +", "token_unknown", "+"),
    ("w 1 + k kk", "token_unknown", "kk"),
    ("w 1 + lx", "token_unknown", "lx"),
]


@pytest.mark.parametrize(("text", "code", "token"), BAD)
def test_a_code_that_cannot_be_read_names_the_token(text, code, token):
    with pytest.raises(CodeError) as caught:
        code_parse(text, seats=4)
    assert (caught.value.code, caught.value.token) == (code, token)


@st.composite
def entries(draw):
    contract = draw(st.sampled_from(PLAYED))
    suits = SUITS_FOR[contract]
    schwarz = draw(st.booleans())
    return EntryCode(
        contract=contract,
        declarer_seat=draw(st.integers(1, 5)),
        suit=draw(st.sampled_from(suits)) if suits else None,
        partner_seat=draw(st.integers(1, 5)) if contract is Contract.RUFSPIEL else None,
        won=None if contract is Contract.SIE else draw(st.booleans()),
        schneider=schwarz or draw(st.booleans()),
        schwarz=schwarz,
        tout=draw(st.booleans()),
        augen=draw(st.none() | st.integers(0, 120)),
        laufende=draw(st.none() | st.integers(0, 14)),
        kontra=draw(st.sampled_from([0, 1, 2])),
    )


@given(entries())
def test_a_formatted_game_reads_back_as_itself(entry):
    assert code_parse(code_format(entry), seats=5) == entry
