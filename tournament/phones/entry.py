"""What a table's phone sends: a game from its entry line, stored once under the phone's key
for it (tournament/phones/services.py), and a player's confirmation of the sheet with the
personal code of their start card. Both come as a form (the page without JavaScript) or as a
phone's JSON, where numbers may come as numbers or as text."""

from __future__ import annotations

import secrets
from collections.abc import Callable

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournament import models
from tournament.phones.services import Outcome, SheetNow, entry_once, seat_confirm
from tournament.scorekeeping.sheet_lock import LockedSheet
from tournament.sheets.entry import entry_save
from tournament.sheets.first_game import first_game_note
from tournament.sheets.forms import EntryForm
from tournament.sheets.services.hand_errors import HandRuleError
from tournament.web.form_errors import errors_text
from tournament.web.message_help import CONFLICT, form_help_url, message_help_url
from tournament.web.raw_input import number_or_none

#: The names in messages of the entry line's fields that have no label (hidden fields).
UNLABELLED = {"version": gettext_lazy("Version of the game")}


def phone_entry_save(
    link: models.TableLink,
    phone: str,
    posted,
    stored: Callable[[models.PhoneEntry], object] = lambda answer: None,
) -> tuple[models.PhoneEntry, bool, str, SheetNow | None]:
    """One game from a phone, stored once under the phone's key for it: the answer (outcome
    and message), whether it is new, the address of the handbook's explanation of the
    refusal ('' when there is none, and for an answer given before: only its text is kept),
    and after a save the sheet as it left it, for the state the answer carries. `stored`:
    called with the answer once it is committed (`entry_once`). `resent` in `posted`: a game
    the phone was told was saved, sent again because this server lacks its key (after a
    change of server); a game the sheet lacks altogether is then entered as new, whatever
    version the phone had sent."""
    data = {name: posted.get(name, "") for name in ("number", "code", "version")}
    resent = posted.get("resent") is True
    key = str(posted.get("key", "")).strip()[:64] or secrets.token_urlsafe(16)
    number = number_or_none(str(data["number"])) or 0  # JSON's number, or a form's text

    helps: list[str] = []

    def attempt(sheet: LockedSheet) -> tuple[Outcome, str]:
        if resent and sheet.hand(number) is None:
            data["version"] = 0  # the game and its changes were lost: entered anew
        hand, form, _table = entry_save(
            data, sheet=sheet, user=None, reason=_("entered on the phone")
        )
        if hand is None:
            if getattr(form, "conflict", False):
                helps.append(message_help_url(CONFLICT))
                return Outcome.CONFLICT, _(
                    "Game %(n)s was entered or changed meanwhile on another phone or by a "
                    "clerk: your entry was not saved. Check the game on the sheet."
                ) % {"n": number}
            helps.append(form_help_url(form))
            return Outcome.REFUSED, entry_form_message(form)
        if hand.needs_approval and not hand.approved_by:
            saved = _("Game %(n)s is saved and waits for the Turnierleitung's approval.")
        else:
            saved = _("Game %(n)s is saved.")
        note = first_game_note(hand)  # how 5.2.15 scored a first-game Tout or Schwarz
        return Outcome.SAVED, " ".join(filter(None, [saved % {"n": hand.number}, note]))

    answer, fresh, sheet = entry_once(
        link=link,
        phone=phone,
        key=key,
        number=min(max(number, 0), 32767),
        code=str(data["code"]),
        attempt=attempt,
        stored=stored,
        resent=resent,
    )
    return answer, fresh, (helps[0] if fresh and helps else ""), sheet


def entry_form_message(form: EntryForm) -> str:
    """The errors of the entry line in one message, each but the code's with its field's
    name (a hidden field's from `UNLABELLED`: never "None")."""
    texts = []
    for field, errors in form.errors.items():
        text = " ".join(map(str, errors))
        if field in form.fields and field != "code":
            label = form.fields[field].label or UNLABELLED.get(field)
            if label:
                text = f"{label}: {text}"
        texts.append(text)
    return " ".join(texts)


def phone_confirm(link: models.TableLink, posted) -> str:
    """A player's confirmation with the personal code of their start card; the error
    message, or '' when confirmed."""
    position = number_or_none(str(posted.get("seat"))) or 0  # JSON's number, or a form's text
    seats = link.table.seats.select_related("player")
    seat = seats.filter(position=position).first() if position in range(1, 6) else None
    if seat is None:
        return _("There is no such seat at this table.")
    try:
        seat_confirm(seat=seat, link=link, code=str(posted.get("code", "")))
    except HandRuleError as error:
        return errors_text(error.errors)
    return ""
