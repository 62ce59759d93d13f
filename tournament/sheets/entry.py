"""The one-line entry of a game, shared by the clerk's sheet page and a table's phone: read
the line, save the game, and after a conflict offer the line again beside the game stored now
(tournament/sheets/conflict.py).
"""

from __future__ import annotations

from collections.abc import Callable

from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from rules.contracts import Contract
from tournament import models
from tournament.scorekeeping.engine import entry_lines
from tournament.scorekeeping.sheet_lock import LockedSheet
from tournament.sheets.conflict import entry_conflict, overwrite_version
from tournament.sheets.forms import EntryForm
from tournament.sheets.services.hand_errors import HandConflict, HandRuleError
from tournament.sheets.services.hands import hand_save
from tournament.web.form_errors import form_errors_add


def entry_save(
    posted,
    *,
    lock: Callable[[], LockedSheet] | None = None,
    sheet: LockedSheet | None = None,
    user,
    reason: str = "",
    as_supervisor: bool = False,
) -> tuple[models.Hand | None, EntryForm, models.Table]:
    """Save the entry line `posted` at the table whose sheet `lock` locks and reads (`sheet_lock`
    of the table a page's address names), a clerk's page or a table's phone: the
    game stored, or None and the form with the errors next to their fields; and the table.
    After a version conflict the form keeps the version the clerk had loaded, and `conflict`
    shows the game stored now: the line is saved over it only by the explicit choice
    (`overwrite_version`), against the version shown. Only `as_supervisor` (a supervisor of the
    tournament; never a phone) changes a game that carries the supervisor's decision. Raises
    `Table.DoesNotExist` when there is no such table. `sheet`: the sheet locked and read by
    the caller's transaction already (a phone's entry, `phones.services.entry_once`), instead of
    `lock`."""
    try:
        with transaction.atomic():  # the sheet locked and read once, checked and written
            if sheet is None:
                assert lock is not None, "entry_save needs the table's sheet or its lock"
                sheet = lock()
            table = sheet.table
            thrown_in = sum(h.contract == Contract.ZUSAMMENGEWORFEN for h in sheet.hands)
            games = entry_lines(
                table.durchgang.tournament, seats=table.seat_count, thrown_in=thrown_in
            )
            form = EntryForm(posted, seats=sheet.seats, games=games)
            if not form.is_valid():
                return None, form, table
            data = form.cleaned_data
            chosen = overwrite_version(posted, data["number"])
            hand = hand_save(
                table=table,
                number=data["number"],
                game=data["game"],
                version=data["version"] if chosen is None else chosen,
                user=user,
                reason=reason,
                as_supervisor=as_supervisor,
                sheet=sheet,
            )
    except HandRuleError as error:  # nothing stored: the transaction is undone
        form_errors_add(form, error.errors, default="code")
        return None, form, table
    except (HandConflict, IntegrityError):  # an IntegrityError: the same game created meanwhile
        return None, entry_conflict(form, table), table
    return hand, form, table


def conflict_message(number: int) -> str:
    return _(
        "Game %(n)s was changed meanwhile by somebody else; nothing was saved. "
        "The sheet below shows the current state: check it and enter the game again."
    ) % {"n": number}
