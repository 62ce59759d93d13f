"""The supervisor's approval on the sheet's entry line: a supervisor who has just entered a game
that needs the approval (a Tout, a Sie, the fifth and every later single-player game of the
sheet, 5.2.14 and 5.2.16) approves it there with one more key, instead of a trip to the queue.
The line offers what the queue offers: the reason, the Tout conditions of 5.2.14 to tick, the
same form and the same service (`hand_approve`)."""

from __future__ import annotations

from dataclasses import dataclass

from tournament import models
from tournament.sheets.display import Row
from tournament.sheets.forms import ApprovalForm
from tournament.sheets.services.approval_queue import reason_text
from tournament.sheets.services.outlook import sheet_games


@dataclass(frozen=True)
class LineApproval:
    hand: models.Hand
    code: str
    reason: str  # "Tout", "Sie", "5. Einzelspiel an diesem Tisch"
    form: ApprovalForm


def awaits_approval(hand: models.Hand | None) -> bool:
    return hand is not None and hand.needs_approval and not hand.approved_by and not hand.struck


def line_approval(
    table: models.Table, rows: list[Row], number: int | None, form: ApprovalForm | None = None
) -> LineApproval | None:
    """Game `number` of the sheet with these rows, offered for the approval on the line when it
    waits for one, or with the refused `form` (its errors) whatever it waits for."""
    if number is None or not 1 <= number <= len(rows):
        return None
    row = rows[number - 1]
    hand = row.hand
    if hand is None or (form is None and not awaits_approval(hand)):
        return None
    reason = sheet_games(table).reasons().get(number)
    return LineApproval(
        hand=hand,
        code=row.code,
        reason=reason_text(reason),
        form=form or ApprovalForm(hand=hand, initial={"version": hand.version}),
    )
