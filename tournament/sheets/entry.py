"""The one-line entry of a game, shared by the clerk's sheet page and a table's phone: read
the line, save the game, and after a conflict offer the line again beside the game stored now
(tournament/sheets/conflict.py).
"""

from __future__ import annotations

from django.utils.translation import gettext as _

from rules.contracts import Contract
from tournament import models
from tournament.scorekeeping.engine import entry_lines
from tournament.sheets.conflict import entry_conflict, overwrite_version
from tournament.sheets.display import sheet_seats
from tournament.sheets.forms import EntryForm
from tournament.sheets.services.hand_errors import HandConflict, HandRuleError
from tournament.sheets.services.hands import hand_save
from tournament.web.form_errors import form_errors_add


def entry_save(
    posted, *, table: models.Table, user, reason: str = "", as_supervisor: bool = False
) -> tuple[models.Hand | None, EntryForm]:
    """Save the entry line `posted` at `table` (a clerk's page or a table's phone): the game
    stored, or None and the form with the errors next to their fields. After a version
    conflict the form keeps the version the clerk had loaded, and `conflict` shows the game
    stored now: the line is saved over it only by the explicit choice (`overwrite_version`),
    against the version shown. Only `as_supervisor` (a supervisor of the
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
    chosen = overwrite_version(posted, data["number"])
    try:
        hand = hand_save(
            table=table,
            number=data["number"],
            game=data["game"],
            version=data["version"] if chosen is None else chosen,
            user=user,
            reason=reason,
            as_supervisor=as_supervisor,
        )
    except HandRuleError as error:
        form_errors_add(form, error.errors, default="code")
        return None, form
    except HandConflict:
        return None, entry_conflict(form, table)
    return hand, form


def conflict_message(number: int) -> str:
    return _(
        "Game %(n)s was changed meanwhile by somebody else; nothing was saved. "
        "The sheet below shows the current state: check it and enter the game again."
    ) % {"n": number}
