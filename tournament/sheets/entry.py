"""The one-line entry of a game, shared by the clerk's sheet page and a table's phone: read
the line, save the game, and after a conflict offer the line again with the version stored now.
"""

from __future__ import annotations

from django.utils.translation import gettext as _

from rules.contracts import Contract
from tournament import models
from tournament.core.engine import entry_lines
from tournament.sheets.display import sheet_seats
from tournament.sheets.forms import EntryForm, form_add_errors
from tournament.sheets.services.hands import HandConflict, HandRuleError, hand_save


def entry_save(
    posted, *, table: models.Table, user, reason: str = "", as_supervisor: bool = False
) -> tuple[models.Hand | None, EntryForm]:
    """Save the entry line `posted` at `table` (a clerk's page or a table's phone): the game
    stored, or None and the form with the errors next to their fields. After a version
    conflict the form carries the version stored now (and `conflict` is set): what is entered
    again after checking the sheet is saved over it. Only `as_supervisor` (a supervisor of the
    tournament; never a phone) changes a game that carries the supervisor's decision."""
    seats = sheet_seats(table)
    games = entry_lines(
        table.durchgang.tournament,
        seats=table.seat_count,
        thrown_in=table.hands.filter(contract=Contract.ZUSAMMENGEWORFEN).count(),
    )
    form = EntryForm(posted, seats=seats, games=games)
    if not form.is_valid():
        return None, form
    data = form.cleaned_data
    try:
        hand = hand_save(
            table=table,
            number=data["number"],
            game=data["game"],
            version=data["version"],
            user=user,
            reason=reason,
            as_supervisor=as_supervisor,
        )
    except HandRuleError as error:
        form_add_errors(form, error.errors, default="code")
        return None, form
    except HandConflict:
        return None, _entry_again(posted, table, seats, games, data["number"])
    return hand, form


def _entry_again(posted, table, seats, games: int, number: int) -> EntryForm:
    data = posted.copy()
    data["version"] = (
        models.Hand.objects.filter(table=table, number=number)
        .values_list("version", flat=True)
        .first()
        or 0
    )
    form = EntryForm(data, seats=seats, games=games)
    form.is_valid()
    form.add_error(None, conflict_message(number))
    form.conflict = True
    return form


def conflict_message(number: int) -> str:
    return _(
        "Game %(n)s was changed meanwhile by somebody else; nothing was saved. "
        "The sheet below shows the current state: check it and enter the game again."
    ) % {"n": number}
