"""The dict form of a point table: JSON-safe data, in which the presets are written, a tournament
stores its custom table and the interchange file carries one (`point_table_to_dict` writes it,
`point_table_from_dict` reads and checks it value by value). Plain Python, no Django."""

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
