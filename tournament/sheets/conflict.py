"""The entry line after a conflict: somebody else changed the game while the clerk typed it. The
line keeps the version the clerk had loaded (a plain Enter conflicts again: nothing is
overwritten by accident) and shows the game stored now beside the one typed; only the explicit
choice "save mine" saves, against the version of the stored game it showed (`seen`), so that a
third change in between is a conflict again."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext as _

from scoring.game import game_values
from tournament import models
from tournament.scorekeeping.history import hand_snapshot, person
from tournament.sheets.display import hand_code, snapshot_text
from tournament.sheets.forms import (
    EntryConflict,
    EntryForm,
    choice_missing_message,
    version_parse,
)
from tournament.sheets.preview import entry_preview
from tournament.sheets.services.hands import HandEntry
from tournament.web.message_help import CONFLICT

#: The button that saves the typed game over the stored one; its value is the game's number.
OVERWRITE = "ueberschreiben"
#: The button that keeps the stored game and drops the typed one; its value is the number.
KEEP = "behalten"
#: The hidden field with the version of the stored game the conflict showed.
SEEN = "gesehen"


def overwrite_version(posted, number: int) -> int | None:
    """The version to save game `number` against when the clerk chose "save mine" for it
    (the stored version the conflict showed), else None (the line's own version counts)."""
    if str(posted.get(OVERWRITE, "")).strip() != str(number):
        return None
    return version_parse(posted.get(SEEN), min_value=0)


def entry_conflict(form: EntryForm, table: models.Table) -> EntryForm:
    """`form`, refused by a conflict, with the message and the stored game beside the typed one;
    its own version stays the one the clerk had loaded."""
    data = form.cleaned_data
    number = data["number"]
    form.add_error(None, forms.ValidationError(line_conflict_message(number), code=CONFLICT))
    if SEEN in form.data and overwrite_version(form.data, number) is None:
        form.add_error(None, choice_missing_message(number))  # Enter again, without a choice
    form.conflict = conflict_of(table, number, data["code"], data["game"])
    return form


def conflict_of(table: models.Table, number: int, code: str, game: HandEntry) -> EntryConflict:
    seats = list(table.seats.select_related("player").order_by("position"))
    stored = (
        models.Hand.objects.select_related(
            "sanction__offender", "sanction__mistake_by", "declarer", "partner"
        )
        .filter(table=table, number=number)
        .first()
    )
    last = (
        models.SheetEvent.objects.filter(table=table, number=number)
        .select_related("user")
        .order_by("-at", "-pk")
        .first()
    )
    changed_by = ""
    if last is not None:
        changed_by = last.user.get_username() if last.user else _("a table's phone")
    return EntryConflict(
        number=number,
        seen=stored.version if stored else 0,
        stored_code=hand_code(stored, seats) if stored else "",
        stored_text=snapshot_text(hand_snapshot(stored)) if stored else _("deleted meanwhile"),
        changed_by=changed_by,
        changed_at=last.at if last else None,
        typed_code=code.strip(),
        typed_text=_typed_text(table, seats, number, code, game),
    )


def _typed_text(
    table: models.Table, seats: list[models.Seat], number: int, code: str, game: HandEntry
) -> str:
    """The typed game in words, as the sheet's history shows a game, with its points."""
    snapshot = game_values(game, player=person)
    points = entry_preview(table=table, number=str(number), code=code).get("points")
    if points:
        snapshot["points"] = {
            str(seat.player.start_number): value
            for seat, value in sorted(
                zip(seats, points, strict=True), key=lambda pair: pair[0].player.start_number
            )
        }
    return snapshot_text(snapshot)


def line_conflict_message(number: int) -> str:
    return _(
        "Game %(n)s was changed meanwhile by somebody else; nothing was saved. Compare the "
        "stored game with yours and choose which one stays: Enter alone saves nothing."
    ) % {"n": number}


def kept_message(number: int) -> str:
    return _("Game %(n)s stays as stored; your entry was not saved.") % {"n": number}
