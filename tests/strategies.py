"""Hypothesis strategies shared by the property tests: seatings at tables of four and five, and
valid games on them (docs/rules.md, section 2). No database, no Django."""

from __future__ import annotations

from hypothesis import strategies as st

from rules.contracts import MAX_LAUFENDE, PLAYED, SINGLE_PLAYER, SUITS_FOR, Contract
from scoring.hand import HandFacts
from scoring.seating import playing_indices

NAMES = ("anna", "bert", "carl", "dora", "emil", "fritz", "gerda", "hans")
GAMES_AT = {4: 32, 5: 40}

seatings = st.sampled_from([4, 5]).flatmap(
    lambda n: st.permutations(NAMES).map(lambda names: tuple(names[:n]))
)


def playing(number: int, seats: tuple[str, ...]) -> list[str]:
    """The players of game `number`: the dealer, seat ((n - 1) mod 5) + 1, sits out at a table
    of five."""
    return [seats[i] for i in playing_indices(number, len(seats))]


@st.composite
def hands(
    draw,
    seats: tuple[str, ...] | None = None,
    *,
    sanctions: bool = True,
    struck: bool = False,
    extras: bool = False,
) -> HandFacts:
    """A valid game at `seats` (drawn when not given): any contract, suit, declaring side and
    result; with `sanctions` maybe an offender, with `struck` maybe struck (a sanctioned or
    struck game is written with or without a result), with `extras` Laufende within the bound of
    the cards (6.2.2 of 2024) and Kontra. A Sie never comes in game 1 (2.9.1)."""
    seats = seats or draw(seatings)
    contract = draw(st.sampled_from(PLAYED))
    first = 2 if contract is Contract.SIE else 1
    number = draw(st.integers(first, GAMES_AT[len(seats)]))
    players = playing(number, seats)
    declarer = draw(st.sampled_from(players))
    partner = None
    if contract is Contract.RUFSPIEL:
        partner = draw(st.sampled_from([p for p in players if p != declarer]))
    offender = None
    if sanctions and contract is not Contract.SIE:
        offender = draw(st.none() | st.sampled_from(players))
    is_struck = struck and draw(st.booleans())
    won, schneider, schwarz = None, False, False
    if contract is not Contract.SIE:
        scored_by_result = offender is None and not is_struck
        won = draw(st.booleans() if scored_by_result else st.none() | st.booleans())
        schneider = draw(st.booleans())
        schwarz = schneider and draw(st.booleans())
    return HandFacts(
        number=number,
        seats=seats,
        contract=contract,
        suit=draw(st.sampled_from(SUITS_FOR[contract] or (None,))),
        declarer=declarer,
        partner=partner,
        won=won,
        schneider=schneider,
        schwarz=schwarz,
        tout=contract in SINGLE_PLAYER and draw(st.booleans()),
        laufende=draw(st.none() | st.integers(0, MAX_LAUFENDE[contract])) if extras else None,
        kontra=draw(st.integers(0, 2)) if extras else 0,
        offender=offender,
        struck=is_struck,
    )
