"""The named point tables (presets) and the plain-data form every table can be written in.

Plain Python, no Django. A preset is a dict in the form `point_table_to_dict` writes and
`point_table_from_dict` reads, the same form in which a tournament stores a custom table and the
interchange file carries one: rule variants are data, never branches in code. Each preset names
its `source`; what the source leaves open is said there as an assumption. Values are per payment
on zero-sum tables and per winner on plus-only tables (see `rules.pointtables`). Every preset's
sanctions are those rule 3.4.17 gives it (`sanctions_by_3_4_17`), written out as data.

Every table is scored with the project's reading of the tournament rules (docs/rules.md): in the
first game of a sheet a single-player Tout or Schwarz is a simple game (5.2.15; its Laufende and
Stoß still count), a sanctioned game is scored by the sanction (3.4.17), a struck game scores 0,
and where a tournament allows Kontra, Stoß doubles and Retour quadruples the game's value
(`rules.pointtables.KONTRA_FACTORS`).
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import replace
from typing import Any, TypeVar

from rules.contracts import SINGLE_PLAYER, Contract, Suit
from rules.pointtables import (
    SANCTION_KINDS,
    VALUE_FIELDS,
    GameValue,
    Multiple,
    PointTable,
    SanctionRow,
    SanctionValues,
    Tier,
    sanctions_by_3_4_17,
)

# --- The dict form: JSON-safe, for presets, custom tables and the interchange file -----------

#: A table in its dict form: JSON data (str, int, bool, None, lists and dicts), read from a file
#: or a database field, so its values are checked one by one where they are read.
TableData = dict[str, Any]

_T = TypeVar("_T")


class PointTableDataError(ValueError):
    """A point table given as data is malformed: `field` (a dotted path) and a `code`.

    Codes: not_an_object, not_an_integer, not_a_boolean, not_a_string, not_a_list, missing,
    unknown_key, unknown_tier, kontra_length.
    """

    def __init__(self, field: str, code: str) -> None:
        super().__init__(f"{field}: {code}")
        self.field = field
        self.code = code


class _Required:
    """The default of a value that must be given."""


_REQUIRED = _Required()


def point_table_to_dict(table: PointTable) -> TableData:
    """`table` as plain data (str, int, bool, None, lists, dicts): JSON-safe, and what
    `point_table_from_dict` reads back into an equal table."""

    def value(v: GameValue) -> TableData:
        return {name: getattr(v, name) for name in VALUE_FIELDS} | {
            "suits": {suit.value: base for suit, base in v.suits}
        }

    def multiple(m: Multiple) -> TableData:
        return {"factor": m.factor, "tier": m.tier.value, "fixed": m.fixed, "laufende": m.laufende}

    data: TableData = {
        "key": table.key,
        "title": table.title,
        "source": table.source,
        "zero_sum": table.zero_sum,
        "kontra_allowed": table.kontra_allowed,
        "unit": table.unit,
        "rufspiel": value(table.rufspiel),
        "single": value(table.single),
        "overrides": {contract.value: value(v) for contract, v in table.overrides},
        "tout": multiple(table.tout),
        "sie": multiple(table.sie),
        "sanction": {kind: vars(getattr(table.sanction, kind)).copy() for kind in SANCTION_KINDS},
    }
    if not table.game_bounds:  # written only where it differs: older files stay as they were
        data["game_bounds"] = False
    return data


def point_table_from_dict(data: object) -> PointTable:
    """The table `data` describes; raises `PointTableDataError` when it is malformed.

    Only `key`, `title`, `rufspiel.base`, `single.base`, `tout` and `sie` are required. An entry of
    `overrides` (per single-player contract) names only what differs from `single`. Without
    `sanction` the sanctions follow from the table by rule 3.4.17 (`sanctions_by_3_4_17`).
    `kontra`, the Kontra factors tables carried before Kontra became a rule of its own (Stoß ×2,
    Retour ×4 under every table), is still read from older files and must be three whole
    numbers, but changes nothing. Whether the values make sense is
    `rules.tablechecks.point_table_problems`' business.
    """
    top = _object(
        data,
        "",
        ("key", "title", "source", "zero_sum", "kontra_allowed", "kontra", "rufspiel", "single")
        + ("overrides", "tout", "sie", "sanction", "unit", "game_bounds"),
    )
    key, title = _take(top, "key", "", str), _take(top, "title", "", str)
    if "kontra" in top:
        _kontra(top["kontra"])
    single = _game_value(_take(top, "single", "", dict), "single", None)
    overrides = _object(
        top.get("overrides", {}), "overrides", [c.value for c in Contract if c in SINGLE_PLAYER]
    )
    table = PointTable(
        key=key,
        title=title,
        source=_take(top, "source", "", str, ""),
        rufspiel=_game_value(_take(top, "rufspiel", "", dict), "rufspiel", None),
        single=single,
        overrides=tuple(
            (c, _game_value(overrides[c.value], f"overrides.{c.value}", single))
            for c in Contract
            if c.value in overrides
        ),
        tout=_multiple(_take(top, "tout", "", dict), "tout"),
        sie=_multiple(_take(top, "sie", "", dict), "sie"),
        sanction=SanctionValues(*(SanctionRow(0, 0) for _ in SANCTION_KINDS)),
        zero_sum=_take(top, "zero_sum", "", bool, True),
        kontra_allowed=_take(top, "kontra_allowed", "", bool, False),
        unit=_take(top, "unit", "", str, "points"),
        game_bounds=_take(top, "game_bounds", "", bool, True),
    )
    if "sanction" not in top:
        return replace(table, sanction=sanctions_by_3_4_17(table))
    rows = _object(top["sanction"], "sanction", SANCTION_KINDS)
    return replace(table, sanction=SanctionValues(*(_row(rows, k) for k in SANCTION_KINDS)))


def _object(data: object, path: str, keys: Collection[str]) -> dict[str, Any]:
    if not isinstance(data, dict):
        raise PointTableDataError(path, "not_an_object")
    for key in data:
        if key not in keys:
            raise PointTableDataError(_join(path, str(key)), "unknown_key")
    return data


def _take(
    data: dict[str, Any], key: str, path: str, kind: type[_T], default: _T | _Required = _REQUIRED
) -> _T:
    if key not in data:
        if isinstance(default, _Required):
            raise PointTableDataError(_join(path, key), "missing")
        return default
    value: object = data[key]
    if isinstance(value, kind) and isinstance(value, bool) == (kind is bool):
        return value
    code = {int: "not_an_integer", bool: "not_a_boolean", str: "not_a_string"}
    raise PointTableDataError(_join(path, key), code.get(kind, "not_an_object"))


def _join(path: str, key: str) -> str:
    return f"{path}.{key}" if path else key


def _game_value(data: object, path: str, start: GameValue | None) -> GameValue:
    data = _object(data, path, (*VALUE_FIELDS, "suits"))
    fields: dict[str, Any] = {
        name: _take(data, name, path, int) for name in VALUE_FIELDS if name in data
    }
    if start is None and "base" not in fields:
        raise PointTableDataError(_join(path, "base"), "missing")
    if "suits" in data:
        suits = _object(data["suits"], f"{path}.suits", [suit.value for suit in Suit])
        fields["suits"] = tuple(
            (suit, _take(suits, suit.value, f"{path}.suits", int))
            for suit in Suit
            if suit.value in suits
        )
    return replace(start, **fields) if start is not None else GameValue(**fields)


def _multiple(data: dict[str, Any], path: str) -> Multiple:
    data = _object(data, path, ("factor", "tier", "fixed", "laufende"))
    tier = _take(data, "tier", path, str, Tier.SIMPLE.value)
    if tier not in set(Tier):
        raise PointTableDataError(f"{path}.tier", "unknown_tier")
    laufende = data.get("laufende")
    return Multiple(
        factor=_take(data, "factor", path, int, 0),
        tier=Tier(tier),
        fixed=_take(data, "fixed", path, int, 0),
        laufende=None if laufende is None else _take(data, "laufende", path, int),
    )


def _kontra(data: object) -> None:
    """The Kontra factors of an older file: three whole numbers, read and left unused."""
    if not isinstance(data, list):
        raise PointTableDataError("kontra", "not_a_list")
    if len(data) != 3:
        raise PointTableDataError("kontra", "kontra_length")
    levels = {str(level): factor for level, factor in enumerate(data)}
    for level in levels:
        _take(levels, level, "kontra", int)


def _row(rows: dict[str, Any], kind: str) -> SanctionRow:
    path = f"sanction.{kind}"
    row = _object(_take(rows, kind, "sanction", dict), path, ("offender", "opponent", "declarer"))
    return SanctionRow(
        offender=_take(row, "offender", path, int),
        opponent=_take(row, "opponent", path, int),
        declarer=_take(row, "declarer", path, int, 0),
    )


# --- The presets --------------------------------------------------------------------------

SCHAFKOPFSCHULE_2007_DATA: TableData = {
    "key": "schafkopfschule-2007",
    "title": "Schafkopfschule 2007 (Turnierregeln 5.2.7)",
    "source": "Schafkopfschule München, Turnierregeln vom 29.03.2007, Regeln 5.2.7 und 3.4.17",
    "zero_sum": True,  # 5.2.7: plus points for winners, minus points for losers
    "kontra_allowed": False,  # 5.2.4
    "rufspiel": {"base": 1, "schneider": 1, "schwarz": 1},  # each 1 / 2 / 3
    "single": {"base": 2, "schneider": 1, "schwarz": 1},  # 6/2, 9/3, 12/4
    "tout": {"fixed": 6},  # 18/6
    "sie": {"fixed": 8},  # 24/8
    "sanction": {  # 3.4.17
        "rufspiel": {"offender": 4, "opponent": 2},
        "single": {"offender": 9, "opponent": 3, "declarer": 9},
        "tout": {"offender": 18, "opponent": 6, "declarer": 18},
    },
}

SOLO_15_5_DATA: TableData = {  # the key of the first 15/5 table, kept for files that name it
    "key": "solo-15-5",
    "title": (
        "15/5 des SELF-Schafkopfturniers 2022 (Rufspiel 1/2/3, Solo 15/5, Tout 42/14, Sie 84/28)"
    ),
    "source": (
        "Schafkopfturnier im SELF, 20.03.2022, Spielregeln (self-bar.de/schafkopf-tournier/): "
        "Rufspiel je 1/2/3, Wenz oder Solo 15/5, Schneider 18/6, Schwarz 21/7, Wenz- oder "
        "Solo-Tout 42/14, Solo-Sie 84/28 (doppelt und vierfach ein Solo Schwarz); kein Stoß. "
        "Rufspiel und Solo zählen wie beim Donau-Ries-Schafkopfcup, Tout und Sie nicht (dort "
        "30/10 und 60/20: Voreinstellung donau-ries-15-5). Annahmen: Laufende werden dort „ab "
        "drei gewertet“, die Wertung nennt aber keinen Wert: nicht gezählt; Farbwenz, Geier und "
        "Farbgeier wie Solo; Sanktionen nach 3.4.17 abgeleitet (keine veröffentlicht)."
    ),
    "zero_sum": True,
    "kontra_allowed": False,
    "rufspiel": {"base": 1, "schneider": 1, "schwarz": 1},  # each 1 / 2 / 3
    "single": {"base": 5, "schneider": 1, "schwarz": 1},  # 15/5, 18/6, 21/7
    "tout": {"factor": 2, "tier": "schwarz"},  # 42/14
    "sie": {"factor": 4, "tier": "schwarz"},  # 84/28
    "sanction": {  # 3.4.17: the offender's side loses Schneider (Tout: the Tout)
        "rufspiel": {"offender": 4, "opponent": 2},
        "single": {"offender": 18, "opponent": 6, "declarer": 18},
        "tout": {"offender": 42, "opponent": 14, "declarer": 42},
    },
}

DONAU_RIES_15_5_DATA: TableData = {
    "key": "donau-ries-15-5",
    "title": "15/5 des Donau-Ries-Schafkopfcups (Rufspiel 1/2/3, Solo 15/5, Tout 30/10, Sie 60/20)",
    "source": (
        "Donau-Ries-Schafkopfcup, Turnierregeln 2019/2020, Regel 5 "
        "(donauries-schafkopfcup.de/turnierregeln-2019-2020/): Rufspiel je 1/2/3, Solo oder Wenz "
        "15/5, Schneider 18/6, Schwarz 21/7; Tout doppelt (30/10), Sie vierfach (60/20), "
        "„Schneider und Durch nicht berechnet“; Stoß nicht gestattet (Regel 3); Laufende nur im "
        "Geldtarif, nicht in der Punktewertung. Annahmen: Farbwenz, Geier und Farbgeier wie Solo; "
        "Sanktionen nach 3.4.17 abgeleitet (keine veröffentlicht)."
    ),
    "zero_sum": True,
    "kontra_allowed": False,
    "rufspiel": {"base": 1, "schneider": 1, "schwarz": 1},  # each 1 / 2 / 3
    "single": {"base": 5, "schneider": 1, "schwarz": 1},  # 15/5, 18/6, 21/7
    "tout": {"factor": 2},  # 30/10: twice the simple game
    "sie": {"factor": 4},  # 60/20: four times the simple game
    "sanction": {  # 3.4.17: the offender's side loses Schneider (Tout: the Tout)
        "rufspiel": {"offender": 4, "opponent": 2},
        "single": {"offender": 18, "opponent": 6, "declarer": 18},
        "tout": {"offender": 30, "opponent": 10, "declarer": 30},
    },
}

PLUS_ONLY_DATA: TableData = {
    "key": "plus-only",
    "title": "Nur Gute (Rufspiel 5/10/15, Solo 20, Herz-Solo 30, Laufende ab 2)",
    "source": (
        "TSG Niederfüllbach, Schafkopfturnier 31.10.2024, Spielregeln §§ 2, 8, 9, 13–15 "
        "(schafkopfrennen.de): es werden nur „Gute“ geschrieben; Rufspiel 5/10/15; jedes Solo 20, "
        "Herz-Solo 30; Tout verdoppelt die ermittelte Punktzahl; mit 2, 3, 4 Laufenden 10, 15, 20 "
        "Punkte dazu, weitere nicht; Schneider zählt nur beim Rufspiel; kein Kontra. Annahmen: "
        "bei einem verlorenen Einzelspiel schreibt jeder Gegenspieler den Spielwert; Wenz, Geier, "
        "Farbwenz und Farbgeier wie Solo; Sie = 4 × Solo mit 8 Laufenden (wie Regel 6.2.7 von "
        "2024) = 160; Sanktionen nach 3.4.17: die Gegenseite schreibt, was sie Schneider "
        "gewonnen hätte, der Schuldige 0."
    ),
    "zero_sum": False,
    "kontra_allowed": False,
    "rufspiel": {
        "base": 5,
        "schneider": 5,
        "schwarz": 5,
        "laufende_unit": 5,
        "laufende_from": 2,
        "laufende_max": 4,
    },
    "single": {"base": 20, "laufende_unit": 5, "laufende_from": 2, "laufende_max": 4},
    "overrides": {"solo": {"suits": {"herz": 30}}},
    "tout": {"factor": 2},  # twice the game with its Laufende
    "sie": {"factor": 4, "laufende": 8},  # 4 × (20 + 4 × 5)
    "sanction": {
        "rufspiel": {"offender": 0, "opponent": 10},
        "single": {"offender": 0, "opponent": 20, "declarer": 20},
        "tout": {"offender": 0, "opponent": 40, "declarer": 40},
    },
}

PREISSCHAFKOPF_TARIF_DATA: TableData = {
    "key": "preisschafkopf-tarif",
    "title": "Preisschafkopf-Tarif in Cent (Regel 6.2 von 2024)",
    "unit": "cents",
    "source": (
        "Schafkopfschule, Regeln 2024, 6.2 Spielabrechnung: Rufspiel 20 ct, Einzelspiel 50 ct, "
        "je 10 ct für Schneider, Schwarz und jeden Laufenden (6.2.5); Laufende ab 3, beim Wenz "
        "ab 2 (6.2.3); Tout verdoppelt den Preis einschließlich der Laufenden, ohne Schneider und "
        "Schwarz (6.2.6); Sie = 4 × Solo mit 8 Laufenden = 520 ct (6.2.7); Stoß ×2, Retour ×4 "
        "(6.2.8); je Zahlung (6.2.9). Annahmen: Geier wie Wenz (Laufende ab 2), Farbgeier wie "
        "Farbwenz (ab 3); Sanktionen nach 3.4.17 („proportional zum Tarif“, Laufende und Stoß "
        "zählen nicht, nur Schneider)."
    ),
    "zero_sum": True,
    "kontra_allowed": True,
    "rufspiel": {
        "base": 20,
        "schneider": 10,
        "schwarz": 10,
        "laufende_unit": 10,
        "laufende_from": 3,
    },
    "single": {
        "base": 50,
        "schneider": 10,
        "schwarz": 10,
        "laufende_unit": 10,
        "laufende_from": 3,
    },
    "overrides": {"wenz": {"laufende_from": 2}, "geier": {"laufende_from": 2}},
    "tout": {"factor": 2},
    "sie": {"factor": 4, "laufende": 8},
    "sanction": {
        "rufspiel": {"offender": 60, "opponent": 30},
        "single": {"offender": 180, "opponent": 60, "declarer": 180},
        "tout": {"offender": 300, "opponent": 100, "declarer": 300},
    },
}

FREIE_PUNKTE_DATA: TableData = {
    "key": "freie-punkte",
    "title": "Freie Punktzahlen ohne Tabelle (nur Summenlisten, Nullsumme)",
    "source": (
        "Keine Regel: für Summenlisten in Punktzahlen, die ohne Punktetabelle gezählt wurden, "
        "z. B. aus SchafkopfTurnier übernommen (ganze Zahlen, die sich je Spieltisch zu 0 "
        "ergänzen). Geprüft wird nur diese Summe, nicht, was ein Spiel geben kann. Spiele, die "
        "doch einzeln erfasst werden, zählen wie nach der Schafkopfschule 2007."
    ),
    "game_bounds": False,
} | {
    name: SCHAFKOPFSCHULE_2007_DATA[name]
    for name in ("zero_sum", "kontra_allowed", "rufspiel", "single", "tout", "sie", "sanction")
}

PRESET_DATA: tuple[TableData, ...] = (
    SCHAFKOPFSCHULE_2007_DATA,
    SOLO_15_5_DATA,
    DONAU_RIES_15_5_DATA,
    PLUS_ONLY_DATA,
    PREISSCHAFKOPF_TARIF_DATA,
    FREIE_PUNKTE_DATA,
)

PRESETS: dict[str, PointTable] = {
    table.key: table for table in (point_table_from_dict(data) for data in PRESET_DATA)
}

SCHAFKOPFSCHULE_2007 = PRESETS["schafkopfschule-2007"]

DEFAULT_PRESET = SCHAFKOPFSCHULE_2007.key


def preset(key: str) -> PointTable:
    """The point table named `key`; KeyError when the installation does not know it."""
    return PRESETS[key]
