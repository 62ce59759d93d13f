"""A service's user errors (`ServiceError`, the one type every feature's error derives from)
shown on the form that sent the input: each message next to its field, the ones about no field
of the form above it."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from django import forms


class CodedText(str):
    """A message in the user's language that keeps the code of what it says (a rule
    violation's `augen_contradicts_won`): shown as any text, and on a form kept as the error's
    code (`form_errors_add`), so that the page can link the handbook's explanation of it
    (`tournament.web.message_help`)."""

    code: str | None

    def __new__(cls, text: str, code: str | None = None) -> CodedText:
        made = super().__new__(cls, text)
        made.code = code
        return made


class ServiceError(Exception):
    """A user error of a service: nothing was stored; `errors` maps a form field (or "__all__")
    to messages in the user's language."""

    def __init__(self, errors: dict[str, list[str]]):
        super().__init__("; ".join(text for texts in errors.values() for text in texts))
        self.errors = errors


def errors_text(errors: Mapping[str, Sequence[str]]) -> str:
    """A service's errors as one message, where there is no form to show them at their fields
    (a message after a redirect, a phone's answer)."""
    return " ".join(text for texts in errors.values() for text in texts)


def form_errors_add(
    form: forms.BaseForm, errors: Mapping[str, Sequence[str]], *, default: str | None = None
) -> None:
    """Each message next to its field; a dotted name (the engine's `sanction.offender`) next to
    the form's field of its last part; "__all__" and names the form has not above the fields,
    or next to `default` when given (the entry line's code field). A `CodedText` keeps its code
    on the form (`form.errors.as_data()`)."""
    for field, texts in errors.items():
        name = field.rsplit(".", 1)[-1]
        target = name if name in form.fields else (None if field == "__all__" else default)
        for text in texts:
            form.add_error(target, forms.ValidationError(text, code=getattr(text, "code", None)))
