"""The layers as a contract (import-linter, `[tool.importlinter]` in pyproject.toml; `make test`
runs it on the project). These tests run it on a copy of the sources with one import planted,
to show that each rule breaks and names the import, also when the import hides inside a
function; and they check that no package of the app is left out of the layers. config (the
settings and the server's plumbing) is under contract too: the app never imports it, and it
imports the app from config/urls.py only."""

from __future__ import annotations

import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
LINT_IMPORTS = Path(sys.executable).with_name("lint-imports")


def contracts() -> dict[str, dict]:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"]
    return {contract["id"]: contract for contract in config["contracts"]}


@pytest.fixture
def sources(tmp_path: Path) -> Path:
    """The packages and the contract, copied: a planted import never touches the project."""
    for package in ("rules", "scoring", "tournament", "config"):
        shutil.copytree(
            ROOT / package, tmp_path / package, ignore=shutil.ignore_patterns("__pycache__")
        )
    shutil.copy(ROOT / "pyproject.toml", tmp_path)
    return tmp_path


def plant(sources: Path, module: str, line: str) -> None:
    """Add `line` inside a new function at the end of `module` (a dotted name)."""
    path = sources / (module.replace(".", "/") + ".py")
    path.write_text(path.read_text() + f"\n\ndef _planted():\n    {line}\n")


def lint(sources: Path) -> subprocess.CompletedProcess:
    return subprocess.run(
        [str(LINT_IMPORTS), "--no-cache"],
        cwd=sources,
        env={"PYTHONPATH": str(sources), "PATH": "/usr/bin:/bin"},
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_the_project_keeps_its_contracts(sources):
    result = lint(sources)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "Contracts: 5 kept, 0 broken." in result.stdout


@pytest.mark.parametrize(
    ("module", "line", "broken", "named"),
    [
        # The sheet domain reaching up to a feature, from inside a function.
        (
            "tournament.scorekeeping.engine",
            "from tournament.ranking.standings import standings_compute",
            "The layers run one way",
            "tournament.scorekeeping.engine -> tournament.ranking.standings",
        ),
        # The pure rules reaching up to Django's models.
        (
            "rules.contracts",
            "import tournament.models",
            "The layers run one way",
            "rules.contracts -> tournament.models",
        ),
        # A feature importing one it is not above: the sheets are below the ranking.
        (
            "tournament.sheets.display",
            "from tournament.ranking import standings",
            "The layers run one way",
            "tournament.sheets.display -> tournament.ranking.standings",
        ),
        # Two features of one line of the layers importing each other.
        (
            "tournament.phones.state",
            "from tournament.totals import services",
            "The layers run one way",
            "tournament.phones.state -> tournament.totals.services",
        ),
        # Two modules of one feature importing each other: the services already use the display.
        (
            "tournament.sheets.display",
            "from tournament.sheets.services import approval_queue",
            "No two packages import each other",
            "No cycles are allowed in tournament.sheets",
        ),
        # A feature importing another feature's views.
        (
            "tournament.ranking.statistics",
            "from tournament.sheets.views import sheet",
            "A feature's views are imported by its own package only",
            "tournament.ranking.statistics -> tournament.sheets.views.sheet",
        ),
        # The app reaching into the settings' plumbing.
        (
            "tournament.web.pdf",
            "from config.env import env_int",
            "The app never imports config",
            "tournament.web.pdf -> config.env",
        ),
        # The settings' plumbing reaching into the app other than by urls.py.
        (
            "config.caches",
            "from tournament.scorekeeping import revisions",
            "config imports the app from its urls.py only",
            "config.caches -> tournament.scorekeeping.revisions",
        ),
    ],
)
def test_a_planted_import_breaks_its_contract_and_is_named(sources, module, line, broken, named):
    plant(sources, module, line)
    result = lint(sources)
    assert result.returncode != 0
    assert f"{contracts_name(broken)} BROKEN" in " ".join(result.stdout.split())
    assert named in result.stdout


def contracts_name(start: str) -> str:
    """The full name of the contract whose name starts with `start`."""
    names = [c["name"] for c in contracts().values() if c["name"].startswith(start)]
    assert len(names) == 1, names
    return " ".join(names[0].split())


def test_every_package_of_the_app_is_in_a_layer():
    """A new package must be placed in the layers: one left out would be checked by nothing."""
    layered = {
        name.strip()
        for layer in contracts()["layers"]["layers"]
        for name in layer.replace("|", ":").split(":")
    }
    app = ROOT / "tournament"
    packages = {
        f"tournament.{path.stem}"
        for path in app.iterdir()
        if (path / "__init__.py").exists() or (path.suffix == ".py" and path.stem != "__init__")
    }
    assert packages - layered == set()
    assert {"rules", "scoring"} <= layered
