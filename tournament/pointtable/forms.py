"""The supervisor's own point table: `rules.presets`' dict form as fields, grouped as on paper,
checked by `rules.tablechecks.point_table_problems` (zero-sum tables must sum to zero).

The form starts from a table (the tournament's, or a preset to start from) and writes back
only what it shows; anything else of that table (e.g. a per-contract value the form does not
offer) is kept. A per-contract entry is stored as what differs from the single-player game, so
a changed Solo value carries over to Wenz and Geier unless they have their own. What Kontra counts
is no value of a table (Stoß doubles, Retour quadruples under every table): the form only says
whether Kontra is played.
"""

# Declared boilerplate (duplicates): form field declarations are alike in shape across the forms.

from __future__ import annotations

import copy

from django import forms
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from rules.contracts import SINGLE_PLAYER, Contract
from rules.limits import SANCTION_LIMIT, VALUE_LIMIT, value_limit
from rules.pointtables import (
    VALUE_FIELDS,
    PointTable,
    Tier,
    sanctions_by_3_4_17,
)
from rules.tablechecks import point_table_problems
from rules.tabledata import PointTableDataError, point_table_from_dict, point_table_to_dict
from tournament.models import CUSTOM_TABLE

UNIT_CHOICES = [("points", _("Points")), ("cents", _("Cents (a money tariff, shown in euros)"))]
TIER_CHOICES = [
    (Tier.SIMPLE.value, _("the simple game")),
    (Tier.SCHNEIDER.value, _("the game won Schneider")),
    (Tier.SCHWARZ.value, _("the game won Schwarz")),
]
#: The single-player contracts that may have a value of their own (the Solo is the reference).
OWN_VALUE_CONTRACTS = tuple(c for c in Contract if c in SINGLE_PLAYER and c is not Contract.SOLO)
CONTRACT_NAMES = {
    Contract.WENZ: "Wenz",
    Contract.FARBWENZ: "Farbwenz",
    Contract.GEIER: "Geier",
    Contract.FARBGEIER: "Farbgeier",
}

# form field -> (path in the dict form, label); every one a whole number >= 0
VALUES = {
    "rufspiel_base": ("rufspiel.base", _("Rufspiel: simple game")),
    "rufspiel_schneider": ("rufspiel.schneider", _("Rufspiel: Schneider adds")),
    "rufspiel_schwarz": ("rufspiel.schwarz", _("Rufspiel: Schwarz adds")),
    "single_base": ("single.base", _("Single-player game: simple game")),
    "single_schneider": ("single.schneider", _("Single-player game: Schneider adds")),
    "single_schwarz": ("single.schwarz", _("Single-player game: Schwarz adds")),
    "tout_factor": ("tout.factor", _("Tout: times the game")),
    "tout_fixed": ("tout.fixed", _("Tout: plus a fixed value")),
    "sie_factor": ("sie.factor", _("Sie: times a Solo")),
    "sie_fixed": ("sie.fixed", _("Sie: plus a fixed value")),
    "rufspiel_laufende_unit": ("rufspiel.laufende_unit", _("Rufspiel: each Laufender adds")),
    "rufspiel_laufende_from": ("rufspiel.laufende_from", _("Rufspiel: Laufende count from")),
    "rufspiel_laufende_max": ("rufspiel.laufende_max", _("Rufspiel: at most (0: no limit)")),
    "single_laufende_unit": ("single.laufende_unit", _("Single-player game: each Laufender adds")),
    "single_laufende_from": ("single.laufende_from", _("Single-player game: Laufende count from")),
    "single_laufende_max": ("single.laufende_max", _("Single-player game: at most (0: no limit)")),
}
SANCTION_FIELDS = {
    "sanction_rufspiel_offender": ("rufspiel", "offender", _("Rufspiel: the offender loses")),
    "sanction_rufspiel_opponent": ("rufspiel", "opponent", _("Rufspiel: each opponent gains")),
    "sanction_single_offender": ("single", "offender", _("Single-player game: the offender loses")),
    "sanction_single_opponent": (
        "single",
        "opponent",
        _("Single-player game: each opponent of the offending declarer gains"),
    ),
    "sanction_single_declarer": (
        "single",
        "declarer",
        _("Single-player game: the declarer gains when a defender offends"),
    ),
    "sanction_tout_offender": ("tout", "offender", _("Tout: the offender loses")),
    "sanction_tout_opponent": (
        "tout",
        "opponent",
        _("Tout: each opponent of the offending declarer gains"),
    ),
    "sanction_tout_declarer": (
        "tout",
        "declarer",
        _("Tout: the declarer gains when a defender offends"),
    ),
}
MESSAGES = {
    "negative_value": _("No value may be negative."),
    "game_worth_nothing": _("A game must be worth something."),
    "not_zero_sum": _("The points of a game do not sum to zero with these values."),
    "negative_points": _("A plus-only table gives nobody minus points."),
    "laufende_from_range": _("Laufende count from 1 to 14."),
    "laufende_max_below_from": _("The limit is below the first Laufender that counts."),
}
#: A value above its bound (rules/limits.py): the message names the bound and why.
TOO_LARGE = _(
    "At most %(limit_value)s: with a larger value a game could score more points than can be "
    "stored."
)
GROUPS = (
    (_("The table"), ("title", "unit", "zero_sum", "kontra_allowed")),
    (_("Rufspiel"), ("rufspiel_base", "rufspiel_schneider", "rufspiel_schwarz")),
    (
        _("Single-player games (Solo, and Wenz and Geier unless they have their own value)"),
        ("single_base", "single_schneider", "single_schwarz", "herz_solo"),
    ),
    (_("Own values of Wenz and Geier"), ()),  # filled in below
    (
        _("Tout and Sie"),
        ("tout_factor", "tout_tier", "tout_fixed", "sie_factor", "sie_tier", "sie_fixed"),
    ),
    (
        _("Laufende"),
        (
            "rufspiel_laufende_unit",
            "rufspiel_laufende_from",
            "rufspiel_laufende_max",
            "single_laufende_unit",
            "single_laufende_from",
            "single_laufende_max",
        ),
    ),
    (_("Sanctions (rule 3.4.17)"), ("sanction_own", *SANCTION_FIELDS)),
)


def _get(data: dict, path: str) -> int:
    for part in path.split("."):
        if isinstance(data, list):
            data = data[int(part)] if part.isdecimal() and int(part) < len(data) else {}
        else:
            data = data.get(part, {}) if isinstance(data, dict) else {}
    return data if isinstance(data, int) else 0


def _set(data: dict, path: str, value: int) -> None:
    *parents, last = path.split(".")
    for part in parents:
        data = data.setdefault(part, {})
    if isinstance(data, list):
        data[int(last)] = value
    else:
        data[last] = value


def differences(data: dict) -> dict:
    """`data` with each per-contract entry reduced to what differs from the single-player game."""
    data = copy.deepcopy(data)
    single = data["single"]
    overrides = {}
    for contract, value in data.get("overrides", {}).items():
        own = {n: v for n, v in value.items() if n in VALUE_FIELDS and v != single.get(n, 0)}
        suits = {
            s: v for s, v in value.get("suits", {}).items() if v != own.get("base", single["base"])
        }
        if suits:
            own["suits"] = suits
        if own:
            overrides[contract] = own
    data["overrides"] = overrides
    return data


class PointTableForm(forms.Form):
    title = forms.CharField(label=_("Name of the table"), max_length=120)
    unit = forms.ChoiceField(label=_("Values in"), choices=UNIT_CHOICES)
    zero_sum = forms.BooleanField(
        label=_("Zero-sum (winners get what the losers pay)"),
        required=False,
        help_text=_("Without: only the winners score (a plus-only table)."),
    )
    kontra_allowed = forms.BooleanField(
        label=_("Kontra and Retour are played"),
        required=False,
        help_text=_(
            "The scoresheet then asks for Stoß (k) and Retour (kk). Kontra doubles, Retour "
            "quadruples the game's value."
        ),
    )
    herz_solo = forms.IntegerField(
        label=_("Herz-Solo: simple game"),
        min_value=1,
        max_value=VALUE_LIMIT,
        error_messages={"max_value": TOO_LARGE},
        required=False,
        help_text=_("Empty: as every Solo."),
    )
    tout_tier = forms.ChoiceField(label=_("Tout: of"), choices=TIER_CHOICES)
    sie_tier = forms.ChoiceField(label=_("Sie: of"), choices=TIER_CHOICES)
    sanction_own = forms.BooleanField(
        label=_("Own sanction values"),
        required=False,
        help_text=_(
            "Without: rule 3.4.17 derives them (the offender's side loses the game Schneider, "
            "the offender alone pays)."
        ),
    )

    def __init__(self, *args, table: PointTable, **kwargs):
        self.start = differences(point_table_to_dict(table))
        data = self.start
        initial = {
            "title": data["title"],
            "unit": data["unit"],
            "zero_sum": data["zero_sum"],
            "kontra_allowed": data["kontra_allowed"],
            "herz_solo": data["overrides"].get("solo", {}).get("suits", {}).get("herz"),
            "tout_tier": data["tout"]["tier"],
            "sie_tier": data["sie"]["tier"],
            "sanction_own": table.sanction != sanctions_by_3_4_17(table),
        }
        initial |= {name: _get(data, path) for name, (path, _label) in VALUES.items()}
        initial |= {
            name: _get(data, f"sanction.{kind}.{who}")
            for name, (kind, who, _label) in SANCTION_FIELDS.items()
        }
        for contract in OWN_VALUE_CONTRACTS:
            own = data["overrides"].get(contract.value, {})
            initial[f"{contract.value}_base"] = own.get("base")
            initial[f"{contract.value}_laufende_from"] = own.get("laufende_from")
        kwargs["initial"] = initial
        super().__init__(*args, **kwargs)
        too_large = {"max_value": TOO_LARGE}
        for name, (path, label) in VALUES.items():
            self.fields[name] = forms.IntegerField(
                label=label, min_value=0, max_value=value_limit(path), error_messages=too_large
            )
        for name, (_kind, _who, label) in SANCTION_FIELDS.items():
            self.fields[name] = forms.IntegerField(
                label=label,
                min_value=0,
                max_value=SANCTION_LIMIT,
                required=False,
                error_messages=too_large,
            )
        for contract in OWN_VALUE_CONTRACTS:
            name = CONTRACT_NAMES[contract]
            self.fields[f"{contract.value}_base"] = forms.IntegerField(
                label=_("%(contract)s: simple game") % {"contract": name},
                min_value=1,
                max_value=VALUE_LIMIT,
                required=False,
                error_messages={"max_value": TOO_LARGE},
                help_text=_("Empty: as a Solo."),
            )
            self.fields[f"{contract.value}_laufende_from"] = forms.IntegerField(
                label=_("%(contract)s: Laufende count from") % {"contract": name},
                min_value=1,
                max_value=14,
                required=False,
                help_text=_("Empty: as a Solo."),
            )

    def groups(self) -> list[tuple[str | Promise, list]]:
        """(legend, bound fields) in the order of the paper table, for the template."""
        own = [
            f"{contract.value}_{field}"
            for contract in OWN_VALUE_CONTRACTS
            for field in ("base", "laufende_from")
        ]
        return [(legend, [self[name] for name in (names or own)]) for legend, names in GROUPS]

    def table_dict(self) -> dict:
        data = self.cleaned_data
        table = copy.deepcopy(self.start)
        table |= {
            "key": CUSTOM_TABLE,
            "title": data["title"],
            "source": str(_("Custom point table of the tournament")),
            "unit": data["unit"],
            "zero_sum": data["zero_sum"],
            "kontra_allowed": data["kontra_allowed"],
        }
        for name, (path, _label) in VALUES.items():
            _set(table, path, data[name])
        table["tout"]["tier"] = data["tout_tier"]
        table["sie"]["tier"] = data["sie_tier"]
        overrides = table["overrides"]
        solo = overrides.setdefault("solo", {})
        suits = solo.setdefault("suits", {})
        suits.pop("herz", None)
        if data["herz_solo"] is not None:
            suits["herz"] = data["herz_solo"]
        for contract in OWN_VALUE_CONTRACTS:
            own = overrides.setdefault(contract.value, {})
            for field in ("base", "laufende_from"):
                own.pop(field, None)
                if data[f"{contract.value}_{field}"] is not None:
                    own[field] = data[f"{contract.value}_{field}"]
        for contract, own in list(overrides.items()):
            if not own.get("suits"):
                own.pop("suits", None)
            if not own:
                del overrides[contract]
        if data["sanction_own"]:
            table["sanction"] = {kind: {} for kind in ("rufspiel", "single", "tout")}
            for name, (kind, who, _label) in SANCTION_FIELDS.items():
                table["sanction"][kind][who] = data[name] or 0
            table["sanction"]["rufspiel"].pop("declarer", None)
        else:
            table.pop("sanction", None)  # derived by rule 3.4.17 from the values
        return table

    def clean(self):
        cleaned = super().clean()
        if self.errors:
            return cleaned
        try:
            table = point_table_from_dict(self.table_dict())
        except PointTableDataError as error:
            raise forms.ValidationError(str(error)) from None
        fields = {path: name for name, (path, _label) in VALUES.items()}
        fields |= {
            f"sanction.{kind}": f"sanction_{kind}_offender"
            for kind in ("rufspiel", "single", "tout")
        }
        fields |= {
            f"sanction.{kind}.{who}": name for name, (kind, who, _l) in SANCTION_FIELDS.items()
        }
        for problem in point_table_problems(table):
            field = fields.get(problem.field) or fields.get(f"{problem.field}.base")
            if field is None and problem.field.startswith("overrides."):
                contract = problem.field.split(".")[1]
                field = "herz_solo" if contract == "solo" else f"{contract}_base"
                field = field if field in self.fields else None
            message = MESSAGES.get(problem.code, problem.code)
            if problem.code == "value_too_large":  # a value kept from the table started from
                message = f"{problem.field}: " + TOO_LARGE % {
                    "limit_value": value_limit(problem.field)
                }
            self.add_error(field, message)
        cleaned["table"] = table
        return cleaned


class ChangeForm(forms.Form):
    """Why the table changes after games were recorded (kept with the change)."""

    reason = forms.CharField(
        label=_("Reason for the change"),
        max_length=500,
        widget=forms.Textarea(attrs={"rows": 2}),
        help_text=_("Recorded with the change, e.g. the decision of the Turnierleitung."),
    )
