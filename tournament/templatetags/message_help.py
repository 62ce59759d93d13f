"""`{% for text, help in form.code.errors|with_help %}`: each error of a form's field (or of
`form.non_field_errors`) with the address of the handbook's explanation of it, '' when the
handbook has none (tournament/web/message_help.py)."""

from __future__ import annotations

from django import template
from django.forms.utils import ErrorList

from tournament.web.message_help import errors_with_help

register = template.Library()


@register.filter
def with_help(errors: ErrorList | None) -> list[tuple[str, str]]:
    return errors_with_help(errors.as_data()) if errors else []
