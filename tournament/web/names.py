"""Names of persons and players as they enter: typed in a form (players, the door, the public
registration, the person register), read from a player list, or imported (interchange file,
backup, SchafkopfTurnier database). Every way in gives a name the same shape:

- Unicode's composed form (NFC): "Jörg" typed as o + combining diaeresis is stored as the "ö" a
  keyboard types, so that search, sorting and the register's comparisons find it;
- no invisible characters at either end: blanks, format characters (zero-width space and
  joiners, direction marks, the byte order mark, soft hyphen: Unicode's category Cf), variation
  selectors and the fillers that show nothing (Hangul fillers, the blank Braille pattern);
- at least one visible letter or digit: a name made only of invisible characters, marks or
  punctuation is refused with a message naming the field (`name_problem`, `name_clean`).

Characters inside a name stay as typed. Names that mix scripts ("Jоsef" with a Cyrillic о) are
not refused here (a name may rightly mix them); the person register's duplicate check points
them out (tournament/persons/matching.py).
"""

from __future__ import annotations

import unicodedata

from django.core.exceptions import ValidationError
from django.utils.functional import Promise
from django.utils.translation import gettext as _

#: Letters and symbols that show nothing, though they are no format character: the Hangul
#: fillers, Khmer's inherent vowels, the combining grapheme joiner, the blank Braille pattern.
BLANKS = frozenset("\u115f\u1160\u3164\uffa0\u17b4\u17b5\u034f\u2800")


def _invisible(char: str) -> bool:
    """A character that shows nothing: a blank, a format character (Cf), a variation selector
    or one of `BLANKS`."""
    return (
        char.isspace()
        or char in BLANKS
        or unicodedata.category(char) == "Cf"
        or "\ufe00" <= char <= "\ufe0f"
        or "\U000e0100" <= char <= "\U000e01ef"
    )


def name_normal(text: str) -> str:
    """`text` in Unicode's composed form (NFC), without invisible characters at either end."""
    text = unicodedata.normalize("NFC", text)
    start, end = 0, len(text)
    while start < end and _invisible(text[start]):
        start += 1
    while end > start and _invisible(text[end - 1]):
        end -= 1
    return text[start:end]


def name_visible(text: str) -> bool:
    """Whether `text` holds a letter or digit that shows."""
    return any(unicodedata.category(c)[0] in "LN" and c not in BLANKS for c in text)


def name_problem(text: str, *, field: str | Promise) -> str:
    """The message (naming `field`) when `text`, not empty, has no visible letter or digit;
    '' otherwise (an empty name is the caller's to refuse, with its own message)."""
    if not text or name_visible(text):
        return ""
    return _("“%(field)s” holds no visible letter or digit.") % {"field": field}


def name_clean(text: str, *, field: str | Promise) -> str:
    """`text` as `name_normal` gives it; `ValidationError` naming `field` when it holds no
    visible letter or digit (for a form's clean_<field>)."""
    name = name_normal(text)
    problem = name_problem(name, field=field)
    if problem:
        raise ValidationError(problem, code="invisible")
    return name
