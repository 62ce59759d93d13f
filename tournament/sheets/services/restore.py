"""Restoring a deleted game from the sheet's history: nothing is lost by one wrong click.

A deletion (by a clerk or the supervisor, or by a correction signed off) keeps the whole game
in its history row (`scorekeeping.history.hand_snapshot`). The supervisor brings it back under its
number when that number is still free at the table: the game's fields, its strike, approval
and sanction as the history stored them, saved through `hand_save` (checked by the rules,
scores recomputed) and recorded in the history as restored.
"""

from __future__ import annotations

from datetime import datetime

from django.utils import timezone
from django.utils.translation import gettext as _

from scoring.game import NON_PLAYER_FIELDS
from tournament import models
from tournament.scorekeeping.history import Kind
from tournament.sheets.services.hand_errors import HandConflict, HandRuleError
from tournament.sheets.services.hands import HandEntry, SanctionInput, Supervision, hand_save


def deletion_restorable(event: models.SheetEvent) -> bool:
    """Whether `event` took a game off the sheet (a deletion, or a correction deleting it)."""
    return (
        event.kind in (Kind.DELETED, Kind.CORRECTED)
        and event.number is not None
        and isinstance(event.before, dict)
        and event.after is None
    )


def number_taken_message(number: int) -> str:
    return _(
        "Game %(n)s cannot be restored: number %(n)s has been entered again meanwhile. "
        "Delete or change that game first; nothing was changed."
    ) % {"n": number}


def deletion_text(event: models.SheetEvent) -> str:
    """The deletion as the restore's reason names it: when, who and why."""
    when = timezone.localtime(event.at).strftime("%d.%m.%Y %H:%M")
    who = event.user.get_username() if event.user is not None else "–"
    return _("Deletion of %(when)s by %(who)s undone (%(why)s)") % {
        "when": when,
        "who": who,
        "why": event.reason or "–",
    }


def start_number(person: object) -> int | None:
    """The start number of a player as the history names them ("12 Anna Huber")."""
    if not isinstance(person, str) or not person.split(" ", 1)[0].isdecimal():
        return None
    return int(person.split(" ", 1)[0])


def restored_game(snapshot: dict, table: models.Table) -> tuple[HandEntry, Supervision]:
    """The game and the supervisor's decisions a deletion kept; raises `HandRuleError` when
    a player it names is no longer in the tournament."""
    sanction = snapshot.get("sanction") if isinstance(snapshot.get("sanction"), dict) else None
    people = [snapshot.get("declarer"), snapshot.get("partner")]
    if sanction is not None:
        people += [sanction.get("offender"), sanction.get("mistake_by")]
    numbers = {n for n in map(start_number, people) if n is not None}
    players = {
        p.start_number: p
        for p in models.Player.objects.filter(
            tournament_id=table.durchgang.tournament_id, start_number__in=numbers
        )
    }

    def player(person: object) -> models.Player | None:
        if person is None:
            return None
        found = players.get(start_number(person) or 0)
        if found is None:
            raise HandRuleError(
                {"__all__": [_("%(player)s is no longer in the tournament.") % {"player": person}]}
            )
        return found

    declarer = player(snapshot.get("declarer"))
    if declarer is None:
        raise HandRuleError({"__all__": [_("The history does not name the declarer.")]})
    values = {key: snapshot[key] for key in NON_PLAYER_FIELDS if key in snapshot}
    values["suit"] = values.get("suit") or ""
    values["kontra"] = int(values.get("kontra") or 0)
    game = HandEntry(declarer=declarer, partner=player(snapshot.get("partner")), **values)
    offender = player(sanction.get("offender")) if sanction is not None else None
    approved_at = snapshot.get("approved_at")
    supervision = Supervision(
        struck=bool(snapshot.get("struck")),
        approved_by=str(snapshot.get("approved_by") or ""),
        sanction=(
            SanctionInput(
                offender=offender,
                reason=str(sanction.get("reason", "")),
                mistake_by=player(sanction.get("mistake_by")),
            )
            if sanction is not None and offender is not None
            else None
        ),
        approved_at=datetime.fromisoformat(approved_at) if approved_at else None,
        approval_note=str(snapshot.get("approval_note") or ""),
    )
    return game, supervision


def hand_restore(*, event: models.SheetEvent, user) -> models.Hand:
    """Bring the game deleted by `event` back under its number, as it was; record it in the
    history. Raises `HandRuleError` (nothing changes) when the number is taken meanwhile, the
    sheet is closed or the game breaks a rule of the tournament now."""
    if not deletion_restorable(event):
        raise HandRuleError({"__all__": [_("This entry of the history deleted no game.")]})
    number = event.number
    assert number is not None and isinstance(event.before, dict)
    table = event.table
    if models.Hand.objects.filter(table=table, number=number).exists():
        raise HandRuleError({"number": [number_taken_message(number)]})
    try:
        game, supervision = restored_game(event.before, table)
    except (KeyError, TypeError, ValueError) as garbled:  # a history row not written here
        raise HandRuleError(
            {"__all__": [_("The history does not hold this game completely.")]}
        ) from garbled
    try:
        return hand_save(
            table=table,
            number=number,
            game=game,
            supervision=supervision,
            version=0,
            user=user,
            kind=Kind.RESTORED,
            reason=deletion_text(event),
            as_supervisor=True,
        )
    except HandConflict as conflict:  # entered in the instant between the check and the save
        raise HandRuleError({"number": [number_taken_message(number)]}) from conflict
