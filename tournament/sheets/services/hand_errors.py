"""How a refused game is told: `HandRuleError` carries translated messages per form field,
`HandConflict` says that somebody else changed the game since it was loaded."""

from __future__ import annotations

from collections.abc import Iterable

from scoring.hand import Violation
from tournament import models
from tournament.scorekeeping.violations import player_label, violation_message
from tournament.web.form_errors import CodedText, ServiceError


class HandRuleError(ServiceError):
    """The game breaks a rule; `errors` maps a form field to translated messages."""


class HandConflict(Exception):
    """Somebody else changed the game since it was loaded (its version differs)."""


def violations_as_errors(violations: Iterable[Violation]) -> dict[str, list[str]]:
    """The violations as form errors, players named by start number and name: the engine knows
    them by their primary key, which means nothing to anybody at the table. Each message keeps
    its violation's code (`CodedText`), for the handbook's explanation of it."""
    violations = list(violations)
    keys = {str(v.params["player"]) for v in violations if v.params.get("player") is not None}
    names = {
        str(pk): player_label(number, name)
        for pk, number, name in models.Player.objects.filter(
            pk__in=[int(key) for key in keys if key.isdecimal()]
        ).values_list("pk", "start_number", "name")
    }
    errors: dict[str, list[str]] = {}
    for violation in violations:
        text = CodedText(violation_message(violation, names), violation.code)
        errors.setdefault(violation.field, []).append(text)
    return errors
