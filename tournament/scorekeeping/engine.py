"""Turn stored rows into the engine's plain objects.

A save reads what the engine needs of its sheet once, as a `SheetContext` (rules, seats, point
table), and hands it to every step: checking the game, then rescoring the sheet.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rules.contracts import Contract
from rules.pointtables import (
    PointTable,
)
from rules.presets import preset
from rules.rule_sets import rule_set
from rules.tabledata import point_table_from_dict
from scoring.game import game_values
from scoring.hand import HandFacts, Rules
from scoring.seating import sheet_length
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


def tournament_rules(tournament: models.Tournament, point_table: PointTable | None = None) -> Rules:
    """The rules games of `tournament` are checked against; `point_table` replaces the
    tournament's own (a change of the table being applied)."""
    return Rules(
        table=point_table or tournament_point_table(tournament),
        games_per_durchgang=tournament.games_per_durchgang,
        contracts=frozenset(Contract(c) for c in tournament.contracts),
        kontra_allowed=tournament.kontra_allowed,
        all_pass_thrown_in=tournament.records_thrown_in,
        thrown_in_counts=tournament.thrown_in_counts,
        sie_kontra_allowed=rule_set(tournament.rule_set).sie_stoss,
        first_game_rule=tournament.first_game_rule,
        sie_first_game_allowed=tournament.sie_first_game_allowed,
    )


@dataclass(frozen=True)
class SheetContext:
    """What checking and scoring the games of one sheet needs, read once per change of it.

    Players are keyed by their primary key as text, in seat order (`seats`)."""

    table_id: int
    tournament_id: int
    durchgang_number: int
    rules: Rules
    seats: tuple[str, ...]
    first_game_rule: bool
    sie_first_game_allowed: bool
    solo_approval_from: int

    @property
    def point_table(self) -> PointTable:
        return self.rules.table

    @property
    def players(self) -> dict[str, int]:
        """The engine's player keys to player ids."""
        return {key: int(key) for key in self.seats}


def sheet_context(table: models.Table) -> SheetContext:
    """The context of the sheet of `table` (locked, with its Durchgang and tournament loaded):
    one query, for the seats."""
    player_ids = table.seats.order_by("position").values_list("player_id", flat=True)
    return tournament_sheet(
        table.durchgang.tournament,
        table_id=table.pk,
        durchgang_number=table.durchgang.number,
        player_ids=list(player_ids),
    )


def tournament_sheet(
    tournament: models.Tournament,
    *,
    table_id: int,
    durchgang_number: int,
    player_ids: Sequence[int],
    rules: Rules | None = None,
) -> SheetContext:
    """The context of a sheet of `tournament` whose seated players (`player_ids`, in seat
    order) the caller has read already; `rules` None: the tournament's. No query."""
    return SheetContext(
        table_id=table_id,
        tournament_id=tournament.pk,
        durchgang_number=durchgang_number,
        rules=rules or tournament_rules(tournament),
        seats=tuple(str(pk) for pk in player_ids),
        first_game_rule=tournament.first_game_rule,
        sie_first_game_allowed=tournament.sie_first_game_allowed,
        solo_approval_from=tournament.solo_approval_from,
    )


def hand_sanction(hand: models.Hand | None) -> models.Sanction | None:
    """The sanction recorded on a stored game (3.4.17), None when it has none (or there is no
    game). The one reading of a stored sanction: it is a decision of the supervisor on the game,
    and its offender is part of the engine's view of the game (`engine_hand`). Load games with
    `select_related("sanction")`: a game without one costs no query then."""
    if hand is None:
        return None
    if hand.pk is None:  # a game not stored yet carries the sanction planned for it, if any
        return models.Hand.sanction.related.get_cached_value(hand, default=None)
    try:
        return hand.sanction
    except models.Sanction.DoesNotExist:
        return None


def engine_hand(
    hand: models.Hand,
    context: SheetContext,
    *,
    offender_id: int | None = None,
    mistake_by_id: int | None = None,
    first_number: int = 1,
) -> HandFacts:
    """The engine's view of a game at the sheet of `context`; `offender_id` is the player whose
    offence ended it (3.4.17), if any; `first_number` the sheet's first real game (after the
    thrown-in deals it starts with, `scoring.seating.first_game_number`); `mistake_by_id` the
    player after whose mistake the offender revealed his cards (3.4.18), if recorded."""
    return HandFacts(
        number=hand.number,
        seats=context.seats,
        **game_values(hand, player=str, players_as="_id", typed=True),
        offender=str(offender_id) if offender_id is not None else None,
        mistake_by=str(mistake_by_id) if mistake_by_id is not None else None,
        struck=hand.struck,
        first_game_rule=context.first_game_rule,
        sie_first_game_allowed=context.sie_first_game_allowed,
        first_number=first_number,
    )


def stored_engine_hand(
    hand: models.Hand, context: SheetContext, *, first_number: int = 1
) -> HandFacts:
    """The engine's view of a stored game, with the offender of its sanction."""
    sanction = hand_sanction(hand)
    return engine_hand(
        hand,
        context,
        offender_id=sanction.offender_id if sanction else None,
        mistake_by_id=sanction.mistake_by_id if sanction else None,
        first_number=first_number,
    )


def sheet_lines(tournament: models.Tournament, *, seats: int, thrown_in: int = 0) -> int:
    """The lines of a sheet of `tournament` at a table of `seats` holding `thrown_in` thrown-in
    deals (`scoring.seating.sheet_length`)."""
    return sheet_length(
        seats=seats,
        games_per_durchgang=tournament.games_per_durchgang,
        thrown_in=thrown_in if tournament.records_thrown_in else 0,
        thrown_in_counts=tournament.thrown_in_counts,
    )


def entry_lines(tournament: models.Tournament, *, seats: int, thrown_in: int = 0) -> int:
    """The highest line number an entry may name: the sheet's lines, and one more where a
    thrown-in deal adds a line (the engine refuses a game there)."""
    lines = sheet_lines(tournament, seats=seats, thrown_in=thrown_in)
    extra = tournament.records_thrown_in and not tournament.thrown_in_counts
    return lines + 1 if extra else lines


def thrown_in_numbers(hands: Sequence[models.Hand]) -> list[int]:
    """The numbers of the thrown-in deals among `hands` (4.1.5 of 2024)."""
    return [h.number for h in hands if h.contract == Contract.ZUSAMMENGEWORFEN]
