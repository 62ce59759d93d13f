"""The supervisor's own point table: the main values of `rules.presets`' dict form as fields,
checked by `rules.pointtables.point_table_problems` (zero-sum tables must sum to zero)."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from rules.pointtables import (
    PointTable,
    PointTableDataError,
    point_table_from_dict,
    point_table_problems,
    point_table_to_dict,
)
from tournament.models import CUSTOM_TABLE

# form field -> (path in the dict form, label)
VALUES = {
    "rufspiel_base": ("rufspiel.base", _("Rufspiel: simple game")),
    "rufspiel_schneider": ("rufspiel.schneider", _("Rufspiel: Schneider adds")),
    "rufspiel_schwarz": ("rufspiel.schwarz", _("Rufspiel: Schwarz adds")),
    "single_base": ("single.base", _("Single-player game: simple game")),
    "single_schneider": ("single.schneider", _("Single-player game: Schneider adds")),
    "single_schwarz": ("single.schwarz", _("Single-player game: Schwarz adds")),
    "tout_factor": ("tout.factor", _("Tout: times the simple game")),
    "tout_fixed": ("tout.fixed", _("Tout: plus a fixed value")),
    "sie_factor": ("sie.factor", _("Sie: times the simple Solo")),
    "sie_fixed": ("sie.fixed", _("Sie: plus a fixed value")),
}
MESSAGES = {
    "negative_value": _("No value may be negative."),
    "game_worth_nothing": _("A game must be worth something."),
    "not_zero_sum": _("The points of a game do not sum to zero with these values."),
    "negative_points": _("A plus-only table gives nobody minus points."),
}


def _get(data: dict, path: str) -> int:
    for part in path.split("."):
        data = data.get(part, {}) if isinstance(data, dict) else {}
    return data if isinstance(data, int) else 0


class PointTableForm(forms.Form):
    title = forms.CharField(label=_("Name of the table"), max_length=120)
    zero_sum = forms.BooleanField(
        label=_("Zero-sum (winners get what the losers pay)"),
        required=False,
        help_text=_("Without: only the winners score (a plus-only table)."),
    )

    def __init__(self, *args, table: PointTable, **kwargs):
        data = point_table_to_dict(table)
        initial = {"title": data["title"], "zero_sum": data["zero_sum"]}
        initial |= {name: _get(data, path) for name, (path, _label) in VALUES.items()}
        super().__init__(*args, initial=initial, **kwargs)
        for name, (_path, label) in VALUES.items():
            self.fields[name] = forms.IntegerField(label=label, min_value=0, max_value=100_000)

    def table_dict(self) -> dict:
        data = self.cleaned_data
        return {
            "key": CUSTOM_TABLE,
            "title": data["title"],
            "source": str(_("Custom point table of the tournament")),
            "zero_sum": data["zero_sum"],
            "rufspiel": {n: data[f"rufspiel_{n}"] for n in ("base", "schneider", "schwarz")},
            "single": {n: data[f"single_{n}"] for n in ("base", "schneider", "schwarz")},
            "tout": {"factor": data["tout_factor"], "fixed": data["tout_fixed"]},
            "sie": {"factor": data["sie_factor"], "fixed": data["sie_fixed"]},
        }

    def clean(self):
        cleaned = super().clean()
        if self.errors:
            return cleaned
        try:
            table = point_table_from_dict(self.table_dict())
        except PointTableDataError as error:
            raise forms.ValidationError(str(error)) from None
        fields = {path: name for name, (path, _label) in VALUES.items()}
        for problem in point_table_problems(table):
            field = fields.get(problem.field) or fields.get(f"{problem.field}.base")
            self.add_error(field, MESSAGES.get(problem.code, problem.code))
        cleaned["table"] = table
        return cleaned
