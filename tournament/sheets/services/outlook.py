"""What a decision of the supervisor would do to a sheet, before it is taken: the engine scores
the sheet's stored games as they are and as the decision would leave them. Nothing is stored.

The approval queue asks what a waiting game gives when approved and when refused, and why it
waits; the correction queue asks what a proposed change does to the points of each player.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass

from scoring.approvals import ApprovalCandidate, ApprovalReason, approval_reasons
from scoring.hand import HandFacts
from scoring.scoresheet import ScoredHand, score_sheet, seat_totals
from tournament import models
from tournament.scorekeeping.engine import SheetContext, sheet_context, stored_engine_hand
from tournament.scorekeeping.violations import player_label


@dataclass(frozen=True)
class SheetGames:
    """A sheet's stored games as the engine sees them (in number order), and those approved."""

    context: SheetContext
    stored: list[models.Hand]
    facts: list[HandFacts]
    approved: frozenset[int]

    def scored(
        self, facts: Sequence[HandFacts] | None = None, approved: frozenset[int] | None = None
    ) -> list[ScoredHand]:
        """The sheet scored by the engine: as stored, or with other `facts` and `approved`."""
        chosen = self.approved if approved is None else approved
        return score_sheet(
            self.facts if facts is None else facts,
            table=self.context.point_table,
            solo_approval_from=self.context.solo_approval_from,
            approved=lambda hand: hand.number in chosen,
        )

    def reasons(self) -> dict[int, ApprovalReason]:
        """Why each game that needs the supervisor's approval needs it (5.2.14, 5.2.16)."""
        return approval_reasons(
            (ApprovalCandidate(h.number, h.contract, h.tout, h.struck) for h in self.facts),
            solo_from=self.context.solo_approval_from,
        )

    def totals(self, scored: Sequence[ScoredHand]) -> dict[int, int]:
        """Each seated player's points on this sheet, by player id."""
        return {
            int(key): values[0] for key, values in seat_totals(self.context.seats, scored).items()
        }


def sheet_games(table: models.Table) -> SheetGames:
    """The stored games of the sheet of `table` (with its Durchgang and tournament loaded)."""
    context = sheet_context(table)
    stored = list(
        models.Hand.objects.filter(table=table)
        .select_related("sanction__offender", "sanction__mistake_by", "declarer", "partner")
        .order_by("number")
    )
    return SheetGames(
        context=context,
        stored=stored,
        facts=[stored_engine_hand(hand, context) for hand in stored],
        approved=frozenset(h.number for h in stored if h.approved_by),
    )


@dataclass(frozen=True)
class ApprovalOutlook:
    """A waiting game: why it waits, and each seated player's points (seat order) when the
    supervisor approves it and when he refuses it (a refused game is struck, 5.2.17)."""

    reason: ApprovalReason | None
    approved: list[int]
    refused: list[int]


def approval_outlook(games: SheetGames, number: int) -> ApprovalOutlook:
    """What approving or refusing game `number` of the sheet gives, by the engine."""
    index = next(i for i, fact in enumerate(games.facts) if fact.number == number)
    approved = games.scored(approved=games.approved | {number})[index]
    struck = list(games.facts)
    struck[index] = dataclasses.replace(struck[index], struck=True)
    refused = games.scored(facts=struck)[index]
    seats = games.context.seats
    return ApprovalOutlook(
        reason=games.reasons().get(number),
        approved=[approved.points[key] for key in seats],
        refused=[refused.points[key] for key in seats],
    )


@dataclass(frozen=True)
class PlayerChange:
    """What a change of one game does to one player: the game's points before and after, and
    the player's points in the whole tournament before and after (the change of the sheet's
    total, which counts every game the change touches, e.g. an approval that lapses)."""

    player: models.Player
    game_before: int
    game_after: int
    total_before: int
    total_after: int

    @property
    def label(self) -> str:
        """The player as people know them: "Nr. 9 Michael Schmid"."""
        return player_label(self.player.start_number, self.player.name)

    @property
    def game_difference(self) -> int:
        return self.game_after - self.game_before

    @property
    def total_difference(self) -> int:
        return self.total_after - self.total_before

    @property
    def changed(self) -> bool:
        return bool(self.game_difference or self.total_difference)


@dataclass(frozen=True)
class ChangeOutlook:
    """A change of game `number`: per seated player (seat order) what it does to the points;
    whether the game as changed needs an approval it has not got (it scores 0 until then)."""

    players: list[PlayerChange]
    waits_for_approval: bool


def change_outlook(
    games: SheetGames, number: int, after: HandFacts | None, *, approved: bool
) -> ChangeOutlook:
    """What replacing game `number` by `after` (None: deleting it) does to the points, by the
    engine. `approved`: the changed game keeps an approval."""
    before_scored = games.scored()
    facts = [fact for fact in games.facts if fact.number != number]
    if after is not None:
        facts = sorted([*facts, after], key=lambda fact: fact.number)
    keep = games.approved - {number}
    after_scored = games.scored(facts=facts, approved=keep | {number} if approved else keep)
    seats = games.context.seats
    ids = [int(key) for key in seats]
    players = models.Player.objects.in_bulk(ids)
    totals = tournament_totals(games.context.tournament_id, ids)
    sheet_before, sheet_after = games.totals(before_scored), games.totals(after_scored)
    game_before = _game_points(before_scored, number, seats)
    game_after = _game_points(after_scored, number, seats)
    changes = [
        PlayerChange(
            player=players[pk],
            game_before=game_before[key],
            game_after=game_after[key],
            total_before=totals.get(pk, 0),
            total_after=totals.get(pk, 0) + sheet_after[pk] - sheet_before[pk],
        )
        for key, pk in zip(seats, ids, strict=True)
    ]
    waiting = next(
        (r.needs_approval and not r.counts for r in after_scored if r.hand.number == number),
        False,
    )
    return ChangeOutlook(players=changes, waits_for_approval=waiting)


def _game_points(scored: Sequence[ScoredHand], number: int, seats) -> dict[str, int]:
    for result in scored:
        if result.hand.number == number:
            return {key: result.points.get(key, 0) for key in seats}
    return dict.fromkeys(seats, 0)


def tournament_totals(tournament_id: int, player_ids: Sequence[int]) -> dict[int, int]:
    """Each player's points in the whole tournament as stored (the sum of the seats' totals)."""
    totals: dict[int, int] = {}
    for player_id, points in models.Seat.objects.filter(
        player_id__in=player_ids, table__durchgang__tournament_id=tournament_id
    ).values_list("player_id", "points"):
        totals[player_id] = totals.get(player_id, 0) + points
    return totals
