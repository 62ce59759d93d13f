"""The text of a table cell as a template's `{{ value }}` writes it, for the long tables whose
rows are written in Python (the ranking, a season): localized, made text, escaped.

Whole numbers are written at once: without a thousands separator a whole number reads the same
in every language, and localizing each of a page's thousands of counts took a quarter of its
time (docs/performance.md)."""

from __future__ import annotations

from django.conf import settings
from django.utils.formats import localize
from django.utils.html import conditional_escape
from django.utils.safestring import SafeString


def cell_text(value: object) -> SafeString:
    if type(value) is int and not settings.USE_THOUSAND_SEPARATOR:
        return SafeString(value)
    value = localize(value)
    return conditional_escape(value if isinstance(value, str) else str(value))
