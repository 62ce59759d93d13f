"""The repository stands alone: a clone with nothing beside it runs its tests and explains its
rules. The data the tests read lives in `tests/data/`; the rules are stated in `docs/rules.md`
and the file format in `docs/interchange-format.md`, never in a folder outside the checkout."""

from __future__ import annotations

import json
import os
from pathlib import Path

from rules.contracts import SINGLE_PLAYER, SUITS_FOR, Contract
from rules.pointtables import GameResult
from rules.presets import SCHAFKOPFSCHULE_2007
from tests.constants import EXAMPLES

ROOT = Path(__file__).resolve().parents[2]

#: Folders that are not the project's own text: tools, caches and generated output.
SKIPPED = {".git", ".venv", "__pycache__", ".pytest_cache", ".ruff_cache", ".hypothesis", "var"}
SKIPPED |= {"node_modules", "staticfiles", "test-results", "out"}
TEXT = {".py", ".md", ".html", ".js", ".css", ".txt", ".toml", ".cfg", ".po", ".json", ".yml"}
OUTSIDE = ("../shared", "DOMAIN.md", "STYLE.md")


def _project_text_files():
    for folder, dirs, files in os.walk(ROOT):
        dirs[:] = [d for d in dirs if d not in SKIPPED]
        for name in files:
            path = Path(folder) / name
            if path.suffix in TEXT or name in {"Makefile", "run"}:
                yield path


def test_the_worked_example_and_its_standings_live_inside_the_repository():
    assert EXAMPLES == ROOT / "tests" / "data"
    document = json.loads((EXAMPLES / "beispielturnier-2026.json").read_text(encoding="utf-8"))
    standings = EXAMPLES / "beispielturnier-2026.standings.json"
    assert document["tournament"]["slug"] == "beispielturnier-2026"
    assert json.loads(standings.read_text(encoding="utf-8"))


def test_the_rules_the_code_follows_are_documented_in_the_repository():
    rules = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    for number in ("5.2.7", "5.2.8", "5.2.11", "5.2.14", "5.2.15", "5.2.16", "5.2.17", "2.9.1"):
        assert number in rules
    for number in ("3.4.17", "3.4.18", "5.4.2"):
        assert number in rules


def _documented_2007_table() -> dict[str, tuple[int, int]]:
    """The rows of the 2007 point table in docs/rules.md: game → (declaring side, defender)."""
    text = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    after = text.split("checks every row against the code. -->", 1)[1].lstrip("\n")
    rows = {}
    for line in after.splitlines()[2:]:
        if not line.startswith("|"):
            break
        game, declaring, defender = (cell.strip() for cell in line.strip("|").split("|"))
        rows[game] = (int(declaring.replace("−", "-")), int(defender.replace("−", "-")))
    return rows


def _games(label: str) -> list[GameResult]:
    """Every game a row of the documented table stands for (each single-player contract)."""
    if label.startswith("single-player game"):
        contracts, tier = sorted(SINGLE_PLAYER), label.removeprefix("single-player game").strip()
    else:
        name, _, tier = label.partition(" ")
        contracts = [Contract(name.lower())]
    return [
        GameResult(
            contract,
            (SUITS_FOR[contract] or (None,))[0],
            schneider=tier in ("Schneider", "Schwarz"),
            schwarz=tier == "Schwarz",
            tout=tier == "Tout",
        )
        for contract in contracts
    ]


def test_the_documented_2007_point_table_is_the_one_the_code_scores_with():
    documented = _documented_2007_table()
    assert len(documented) == 8
    for label, (declaring, defender) in documented.items():
        for game in _games(label):
            scored = SCHAFKOPFSCHULE_2007.points(game)
            assert (label, scored.declaring, scored.other) == (label, declaring, defender)


def test_no_file_of_the_project_sends_its_reader_outside_the_checkout():
    this = Path(__file__).resolve()
    found = [
        f"{path.relative_to(ROOT)}: {needle}"
        for path in _project_text_files()
        if path != this
        for needle in OUTSIDE
        if needle in path.read_text(encoding="utf-8", errors="replace")
    ]
    assert found == []
