"""What the supervisor's approval queue shows of each waiting game: why it waits (a Tout, a Sie,
the n-th single-player game at its table), the whole game as entered, and the points it gives
each player when approved and when refused, as the engine scores them."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext as _

from scoring.approvals import ApprovalGround, ApprovalReason
from tournament import models
from tournament.sheets.display import hand_code, sheet_seats
from tournament.sheets.facts import game_facts, player_text
from tournament.sheets.services.outlook import SheetGames, approval_outlook, sheet_games
from tournament.sheets.services.supervision import approvals_pending


def reason_text(reason: ApprovalReason | None) -> str:
    """Why a game waits for the approval, in words: "Tout", "Sie", "5. Einzelspiel an diesem
    Tisch"."""
    if reason is None:  # stored as waiting, but the sheet scores it otherwise: rescored soon
        return _("approval needed")
    if reason.ground is ApprovalGround.TOUT:
        return _("Tout")
    if reason.ground is ApprovalGround.SIE:
        return _("Sie")
    return _("%(n)s. single-player game at this table") % {"n": reason.single_count}


@dataclass(frozen=True)
class SeatPoints:
    player: models.Player
    label: str  # "Nr. 9 Michael Schmid"
    approved: int
    refused: int
    sits_out: bool  # the dealer at a table of five


@dataclass(frozen=True)
class PendingApproval:
    hand: models.Hand
    reason: str
    code: str
    facts: list[tuple[str, str]]
    points: list[SeatPoints]


def approval_queue(tournament: models.Tournament) -> list[PendingApproval]:
    """Every game waiting for the supervisor's approval, oldest sheet first, with its reason,
    its facts and the points it gives when approved or refused."""
    pending = list(approvals_pending(tournament).select_related("table__durchgang__tournament"))
    sheets: dict[int, tuple[SheetGames, list[models.Seat]]] = {}
    queue = []
    for hand in pending:
        if hand.table_id not in sheets:
            sheets[hand.table_id] = (sheet_games(hand.table), sheet_seats(hand.table))
        games, seats = sheets[hand.table_id]
        outlook = approval_outlook(games, hand.number)
        fact = next(f for f in games.facts if f.number == hand.number)
        playing = set(fact.players)
        by_key = {str(seat.player_id): seat.player for seat in seats}
        queue.append(
            PendingApproval(
                hand=hand,
                reason=reason_text(outlook.reason),
                code=hand_code(hand, seats),
                facts=[(_("Dealer"), player_text(by_key[fact.dealer])), *game_facts(hand)],
                points=[
                    SeatPoints(
                        player=seat.player,
                        label=player_text(seat.player),
                        approved=approved,
                        refused=refused,
                        sits_out=str(seat.player_id) not in playing,
                    )
                    for seat, approved, refused in zip(
                        seats, outlook.approved, outlook.refused, strict=True
                    )
                ],
            )
        )
    return queue
