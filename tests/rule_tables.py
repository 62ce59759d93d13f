"""The rule tables of tests/data as pytest cases, each named by the rule it follows.

A table is a JSON file with a list of `cases`; each case becomes one or more `pytest.param`s
whose id starts with the rule number (`6.2.2-wenz-5-one-over`), so a failing case names the rule.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

DATA = Path(__file__).resolve().parent / "data"


def table(name: str) -> list[dict[str, Any]]:
    """The cases of tests/data/`name`.json."""
    return json.loads((DATA / f"{name}.json").read_text(encoding="utf-8"))["cases"]


def kind_cases(name: str, kind: str) -> list[Any]:
    """The cases of tests/data/`name`.json that hold `kind` ("points", "refused"), each with an
    id like `3.4.18-rufspiel-declarer-made-it-a-defender-revealed`."""
    return [
        pytest.param(case, id=f"{case['rule']}-{case['name']}")
        for case in table(name)
        if kind in case
    ]


def laufende_cases(*, over: bool) -> list[Any]:
    """Per contract of tests/data/laufende_bounds.json: (case, Laufende) at its bound, or one
    over it (`over`), the case holding contract, German name, bound and a valid game."""
    return [
        pytest.param(
            case,
            case["bound"] + over,
            id=f"{case['rule']}-{case['contract']}-{case['bound'] + over}-"
            + ("one-over-refused" if over else "at-the-bound"),
        )
        for case in table("laufende_bounds")
    ]


def laufende_message(case: dict[str, Any], laufende: int) -> str:
    """The German message refusing `laufende` Laufende in the game of `case`."""
    return (
        f"Ein {case['name']} hat höchstens {case['bound']} Laufende (Regel 6.2.2 von 2024), "
        f"nicht {laufende}."
    )


def games_cases(*fields: str, games: tuple[int, ...] | None = None) -> list[Any]:
    """The cases of tests/data/games_per_durchgang.json (only those of `games` when given), as
    the `fields` named, with ids like `5.2.1-30-games-choose-28-or-32`."""
    return [
        pytest.param(
            *(case[field] for field in fields),
            id=f"{case['rule']}-{case['games']}-games-choose-"
            + "-or-".join(str(n) for n in case["nearest"]),
        )
        for case in table("games_per_durchgang")
        if games is None or case["games"] in games
    ]
