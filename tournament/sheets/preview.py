"""The points a line of the entry gives while the clerk types it, before anything is stored:
read like the entry (tournament/sheets/entry.py), checked by the rules, scored with the
tournament's point table."""

from __future__ import annotations

from django.utils.translation import gettext as _

from scoring.entry_code import CodeError
from scoring.hand import hand_points
from tournament import models
from tournament.scorekeeping.engine import tournament_point_table
from tournament.sheets.display import sheet_seats
from tournament.sheets.forms import code_message, game_from_code
from tournament.sheets.services.hand_check import hand_check
from tournament.sheets.services.hand_errors import HandRuleError
from tournament.web.form_errors import errors_text
from tournament.web.message_help import errors_help_url, message_help_url


def entry_preview(*, table: models.Table, number: str, code: str) -> dict:
    """`{"points": [...]}`, each seat's points for `code` as game `number` at `table`, or
    `{"error": ..., "help": ...}`, why the line cannot be scored, in the user's language, and
    the address of the handbook's explanation of it ('' when it has none)."""
    seats = sheet_seats(table)
    try:
        game_number = int(number)
        game = game_from_code(code, seats)
    except ValueError:
        return {"error": _("Enter the game number.")}
    except CodeError as error:
        return {"error": code_message(error, len(seats)), "help": message_help_url(error.code)}
    draft = models.Hand(table=table, number=game_number, **game.fields())
    try:
        engine = hand_check(draft, table=table)
    except HandRuleError as error:
        return {"error": errors_text(error.errors), "help": errors_help_url(error.errors)}
    points = hand_points(engine, tournament_point_table(table.durchgang.tournament))
    return {"points": [points[k] for k in engine.seats]}
