"""Turn stored rows into the engine's plain objects."""

from __future__ import annotations

from rules.contracts import Contract, Suit
from rules.pointtables import (
    PointTable,
)
from rules.presets import (
    point_table_from_dict,
    preset,
)
from scoring.hand import HandFacts, Rules
from tournament import models


def tournament_point_table(tournament: models.Tournament) -> PointTable:
    """The tournament's own table when it has one, else the preset it names. A custom table is
    read once per tournament object (pages and printouts ask for it per cell)."""
    if not tournament.point_table:
        return preset(tournament.scoring)
    cached = getattr(tournament, "_point_table_read", None)
    if cached is not None and cached[0] is tournament.point_table:
        return cached[1]
    table = point_table_from_dict(tournament.point_table)
    vars(tournament)["_point_table_read"] = (tournament.point_table, table)
    return table


def tournament_rules(tournament: models.Tournament) -> Rules:
    return Rules(
        table=tournament_point_table(tournament),
        games_per_durchgang=tournament.games_per_durchgang,
        contracts=frozenset(Contract(c) for c in tournament.contracts),
        kontra_allowed=tournament.kontra_allowed,
    )


def engine_hand(
    hand: models.Hand,
    *,
    seats: tuple[str, ...],
    first_game_rule: bool,
    offender: str | None = None,
) -> HandFacts:
    """The engine's view of a stored game; players are keyed by their primary key as text."""
    return HandFacts(
        number=hand.number,
        seats=seats,
        contract=Contract(hand.contract),
        declarer=str(hand.declarer_id),
        suit=Suit(hand.suit) if hand.suit else None,
        partner=str(hand.partner_id) if hand.partner_id else None,
        won=hand.won,
        schneider=hand.schneider,
        schwarz=hand.schwarz,
        tout=hand.tout,
        augen=hand.augen,
        laufende=hand.laufende,
        kontra=hand.kontra,
        offender=offender,
        struck=hand.struck,
        first_game_rule=first_game_rule,
    )
