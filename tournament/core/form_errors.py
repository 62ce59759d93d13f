"""A service's user errors shown on the form that sent the input: each message next to its
field, the ones about no field of the form above it."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from django import forms


def form_errors_add(form: forms.BaseForm, errors: Mapping[str, Sequence[str]]) -> None:
    for field, texts in errors.items():
        for text in texts:
            form.add_error(field if field in form.fields else None, text)
