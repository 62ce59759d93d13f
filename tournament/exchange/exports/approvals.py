"""The sheet "Genehmigungen": every game that needed the supervisor's approval (5.2.14,
5.2.16), why, and what was decided: approved (by whom, when, with the note), refused (the game
is struck: who refused it, when, the note, from the history) or still open."""

from __future__ import annotations

from django.db.models import Q
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from openpyxl.workbook import Workbook

from rules.contracts import Contract
from tournament import models
from tournament.exchange.exports.players import Roster
from tournament.exchange.exports.xlsx import Column, sheet_write
from tournament.sheets.display import contract_text
from tournament.sheets.services.supervision import user_label

APPROVALS = "Genehmigungen"
GAME_ORDER = ("table__durchgang__number", "table__number", "number")
APPROVED = gettext_lazy("approved")
REFUSED = gettext_lazy("refused")
OPEN = gettext_lazy("open")
Kind = models.SheetEvent.Kind


def approval_reason(hand: models.Hand, solo_from: int) -> str:
    """Why the game needed an approval, with the rule."""
    if hand.contract == Contract.SIE:
        return _("Sie (5.2.14)")
    if hand.tout:
        return _("Tout (5.2.14)")
    return _("single-player game from the %(n)s. of the sheet on (5.2.16)") % {"n": solo_from}


def _refusals(tournament: models.Tournament) -> dict[tuple[int, int], models.SheetEvent]:
    """The last refusal of each game, by (table id, game number)."""
    events = (
        models.SheetEvent.objects.filter(table__durchgang__tournament=tournament, kind=Kind.REFUSED)
        .select_related("user")
        .order_by("at", "pk")
    )
    return {(e.table_id, e.number): e for e in events if e.number is not None}


def approvals_write(workbook: Workbook, tournament: models.Tournament, roster: Roster) -> None:
    columns = [
        Column(_("Durchgang"), 4),
        Column(_("Table"), 4),
        Column(_("Game"), 4),
        Column(_("Contract"), 16),
        Column(_("Declarer"), roster.label_width),
        Column(_("Why it needed approval"), 30),
        Column(_("Decision"), 10),
        Column(_("Decided by"), 16),
        Column(_("Decided at"), 16),
        Column(_("Note"), 30),
    ]
    refusals = _refusals(tournament)
    hands = (
        models.Hand.objects.filter(table__durchgang__tournament=tournament)
        .filter(Q(needs_approval=True) | Q(struck=True) | ~Q(approved_by=""))
        .select_related("table__durchgang")
        .order_by(*GAME_ORDER)
    )
    solo_from = tournament.solo_approval_from
    rows = []
    for hand in hands.iterator():
        refusal = refusals.get((hand.table_id, hand.number))
        if hand.approved_by:
            decision, by, when = APPROVED, hand.approved_by, hand.approved_at
            note = hand.approval_note
        elif hand.struck and refusal is not None:
            decision, when, note = REFUSED, refusal.at, refusal.reason
            by = user_label(refusal.user) if refusal.user else ""
        elif hand.needs_approval and not hand.struck:
            decision, by, when, note = OPEN, "", None, ""
        else:
            continue
        rows.append(
            [
                hand.table.durchgang.number,
                hand.table.number,
                hand.number,
                contract_text(hand.contract, hand.suit, hand.tout),
                roster.of(hand.declarer_id),
                approval_reason(hand, solo_from),
                decision,
                by,
                when,
                note,
            ]
        )
    sheet_write(workbook, APPROVALS, columns, rows)
