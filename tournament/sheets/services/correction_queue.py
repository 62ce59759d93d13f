"""What the supervisor's queue of corrections shows: each pending correction with the game as
it stands, the proposal in words and the version the sign-off is checked against."""

from __future__ import annotations

from django.utils.translation import gettext as _

from tournament import models
from tournament.core.history import hand_snapshot
from tournament.sheets.display import snapshot_text
from tournament.sheets.services.corrections import corrections_pending


def correction_queue(
    tournament: models.Tournament,
) -> list[tuple[models.Correction, str | None, str, int]]:
    """(correction, the game now in words or None when it is missing, the proposal in words,
    the game's version: 0 when it is missing) of every correction waiting for sign-off."""
    pending = []
    for correction in corrections_pending(tournament):
        hand = correction.table.hands.filter(number=correction.number).first()
        current = snapshot_text(hand_snapshot(hand)) if hand is not None else None
        version = hand.version if hand is not None else 0
        pending.append((correction, current, proposed_text(correction), version))
    return pending


def proposed_text(correction: models.Correction) -> str:
    """The game a correction proposes, in words (the players by start number and name)."""
    if correction.proposed is None:
        return _("delete the game")
    proposed = dict(correction.proposed)
    names = {
        p.pk: f"{p.start_number} {p.name}"
        for p in models.Player.objects.filter(pk__in=[proposed["declarer"], proposed["partner"]])
    }
    proposed["declarer"] = names.get(proposed["declarer"])
    proposed["partner"] = names.get(proposed["partner"])
    return snapshot_text(proposed)
