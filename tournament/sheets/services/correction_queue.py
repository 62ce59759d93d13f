"""What the supervisor's queue of corrections shows: each pending correction with the game as
it stands and as proposed, fact by fact, what the change does to the points of every player of
the table (the game's points and the player's total, before and after, as the engine scores
them), and the version the sign-off is checked against."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext as _

from tournament import models
from tournament.scorekeeping.engine import engine_hand
from tournament.scorekeeping.history import hand_snapshot
from tournament.sheets.display import snapshot_text
from tournament.sheets.facts import facts_compared, player_text, stored_offender
from tournament.sheets.services.corrections import corrections_pending, game_from_json
from tournament.sheets.services.hand_check import hand_check
from tournament.sheets.services.hand_errors import HandRuleError
from tournament.sheets.services.hands import SanctionKeys, hand_draft
from tournament.sheets.services.outlook import ChangeOutlook, change_outlook, sheet_games
from tournament.web.form_errors import errors_text


@dataclass(frozen=True)
class PendingCorrection:
    correction: models.Correction
    current: str | None  # the game now in words; None when it is missing
    proposed: str  # the proposal in words
    version: int  # the game's version now, 0 when it is missing
    facts: list[tuple[str, str, str, bool]]  # label, before, after, changed
    outlook: ChangeOutlook | None  # None when the proposal breaks a rule (`problem`)
    problem: str = ""


def correction_queue(tournament: models.Tournament) -> list[PendingCorrection]:
    """Every correction waiting for sign-off, with its effect on the points."""
    pending = []
    for correction in corrections_pending(tournament).select_related("table__durchgang"):
        pending.append(correction_effect(correction))
    return pending


def correction_effect(correction: models.Correction) -> PendingCorrection:
    """One correction: the game before and after and what signing it off does to the points."""
    table = correction.table
    games = sheet_games(table)
    hand = next((h for h in games.stored if h.number == correction.number), None)
    draft, keys, problem, outlook = None, SanctionKeys(), "", None
    if correction.proposed is not None:
        draft, keys = hand_draft(
            table, correction.number, hand, game_from_json(correction.proposed, table)
        )
        try:
            hand_check(
                draft,
                context=games.context,
                offender_id=keys.offender_id,
                mistake_by_id=keys.mistake_by_id,
            )
        except HandRuleError as error:
            problem = errors_text(error.errors)
    if not problem:
        after = None
        if draft is not None:
            after = engine_hand(
                draft,
                games.context,
                offender_id=keys.offender_id,
                mistake_by_id=keys.mistake_by_id,
            )
        approved = draft is not None and bool(draft.approved_by)
        outlook = change_outlook(games, correction.number, after, approved=approved)
    return PendingCorrection(
        correction=correction,
        current=snapshot_text(hand_snapshot(hand)) if hand is not None else None,
        proposed=proposed_text(correction),
        version=hand.version if hand is not None else 0,
        facts=facts_compared(
            hand,
            draft,
            before_offender=stored_offender(hand),
            after_offender=stored_offender(hand) if draft is not None else None,
        ),
        outlook=outlook,
        problem=problem,
    )


def proposed_text(correction: models.Correction) -> str:
    """The game a correction proposes, in words (the players by start number and name)."""
    if correction.proposed is None:
        return _("delete the game")
    proposed = dict(correction.proposed)
    names = {
        p.pk: player_text(p)
        for p in models.Player.objects.filter(pk__in=[proposed["declarer"], proposed["partner"]])
    }
    proposed["declarer"] = names.get(proposed["declarer"])
    proposed["partner"] = names.get(proposed["partner"])
    return snapshot_text(proposed)
