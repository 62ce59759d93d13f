"""Which error messages the handbook explains at length: each code here has the section
`meldung-<code>` (underscores as hyphens) in the chapter for the clerk
(tournament/handbook/chapters/03-schreiber.md), and a message with such a code gets a link
"More about this" to it, on the sheet's entry line (tournament/templatetags/message_help.py)
and in a phone's answer (tournament/phones/). Here, below the features, so that the features
that show the messages can ask; tests/handbook/test_message_help.py checks every code against
the handbook's anchors."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from django import forms
from django.urls import reverse

#: The codes of the messages the handbook explains: the code parse errors of
#: `scoring.entry_code.CodeError`, the rule violations of `scoring.hand` (messages in
#: `tournament.scorekeeping.violations.MESSAGES`), and "conflict": somebody else changed the
#: game meanwhile (tournament/sheets/conflict.py).
EXPLAINED: frozenset[str] = frozenset(
    {
        # The code cannot be read.
        "empty",
        "contract_unknown",
        "suit_expected",
        "seat_expected",
        "seat_range",
        "partner_expected",
        "token_unknown",
        # The game breaks a rule, or does not fit the table or the sheet.
        "number_range",
        "not_seated",
        "sits_out",
        "partner_missing",
        "partner_is_declarer",
        "suit_not_allowed",
        "contract_not_allowed",
        "tout_not_allowed",
        "sie_first_game",
        "won_missing",
        "augen_contradicts_won",
        "augen_contradicts_schneider",
        "augen_contradicts_schwarz",
        "laufende_bound",
        "kontra_not_allowed",
        "sie_kontra",
        "approval_missing",
        "thrown_in_not_recorded",
        "line_beyond_sheet",
        # Somebody else changed the game meanwhile.
        "conflict",
    }
)

#: The code of the message that somebody else changed the game meanwhile.
CONFLICT = "conflict"


def message_anchor(code: str) -> str:
    """The anchor of the handbook's section explaining the message `code`."""
    return "meldung-" + code.replace("_", "-")


def message_help_url(code: str | None) -> str:
    """The address of the handbook's explanation of the message `code`, or '' when the
    handbook has none."""
    if code not in EXPLAINED:
        return ""
    return f"{reverse('tournament:handbook')}#{message_anchor(code)}"


def errors_with_help(errors: Iterable[forms.ValidationError]) -> list[tuple[str, str]]:
    """Each error's text with the address of its explanation ('' when there is none): the
    errors as `ErrorList.as_data()` gives them, with their codes."""
    shown: list[tuple[str, str]] = []
    for error in errors:
        url = message_help_url(error.code)
        shown.extend((str(text), url) for text in error)
    return shown


def first_help_url(codes: Iterable[str | None]) -> str:
    """The explanation of the first of the messages `codes` that has one, or ''."""
    return next(filter(None, map(message_help_url, codes)), "")


def form_help_url(form: forms.BaseForm) -> str:
    """The explanation of the first of the form's errors that has one, or ''."""
    return first_help_url(e.code for errors in form.errors.as_data().values() for e in errors)


def errors_help_url(errors: Mapping[str, Sequence[str]]) -> str:
    """The same for a service's errors (`ServiceError.errors`, their texts `CodedText`)."""
    return first_help_url(getattr(t, "code", None) for texts in errors.values() for t in texts)
