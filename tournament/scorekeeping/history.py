"""The append-only history of a scoresheet: a snapshot of a game, and one row per change."""

from __future__ import annotations

from collections.abc import Mapping

from scoring.game import game_values
from tournament import models
from tournament.scorekeeping.engine import hand_sanction
from tournament.scorekeeping.revisions import TABLE, revision_raise

Kind = models.SheetEvent.Kind


def person(player: models.Player | None) -> str | None:
    return f"{player.start_number} {player.name}" if player is not None else None


def hand_snapshot(
    hand: models.Hand | None,
    *,
    players: Mapping[int, models.Player] | None = None,
    points: Mapping[int, int] | None = None,
) -> dict | None:
    """Everything the sheet shows of a game, as JSON: what the history keeps before and after,
    and all a deleted game needs to be restored (`sheets.services.restore`). A save that has
    read the sheet gives its seated `players` by id and the game's `points` by player id, so
    that the snapshot costs no query; without them they are read."""
    if hand is None:
        return None
    recorded = hand_sanction(hand)
    sanction = (
        {"offender": person(recorded.offender), "reason": recorded.reason} if recorded else None
    )
    if recorded is not None and recorded.mistake_by is not None:  # 3.4.18, only when recorded
        sanction = {**(sanction or {}), "mistake_by": person(recorded.mistake_by)}
    if points is None or players is None:
        stored = models.HandScore.objects.filter(hand=hand).order_by("player__start_number")
        by_start = dict(stored.values_list("player__start_number", "points"))
        game = game_values(hand, player=person)
    else:
        seated = players
        by_start = dict(sorted((seated[pk].start_number, value) for pk, value in points.items()))
        game = game_values(hand, player=lambda pk: person(seated[pk]), players_as="_id")
    return {
        "number": hand.number,
        **game,
        "struck": hand.struck,
        "needs_approval": hand.needs_approval,
        "approved_by": hand.approved_by,
        "approved_at": hand.approved_at.isoformat() if hand.approved_at else None,
        "approval_note": hand.approval_note,
        "sanction": sanction,
        "points": {str(start): value for start, value in by_start.items()},
        "version": hand.version,
    }


def event_log(
    *,
    table: models.Table,
    kind: str,
    user=None,
    number: int | None = None,
    before: dict | None = None,
    after: dict | None = None,
    reason: str = "",
) -> models.SheetEvent:
    """Append one row to the history; call it inside the transaction of the change. The
    table's revision (what its phones poll) changes once the change commits."""
    revision_raise(TABLE, table.pk)
    return models.SheetEvent.objects.create(
        table=table,
        kind=kind,
        user=models.user_recorded(user),
        number=number,
        before=before,
        after=after,
        reason=reason[:300],
    )
