"""The two dependency locks (docs/development.md, "Dependencies").

`requirements.txt` is what a hall's laptop or a federation's server installs (`make run`,
`make serve`, `make hall`): everything the app imports, and no tool of the tests or the lint.
`requirements-dev.txt` is that set at the same versions plus those tools. Both are made by
`make lock` from `requirements.in` / `requirements-dev.in` and pin every package with hashes,
so pip refuses any file that is not the one locked. These tests read the files and the code;
they install nothing.
"""

from __future__ import annotations

import ast
import re
import sys
from collections.abc import Iterator
from importlib.metadata import packages_distributions
from pathlib import Path

import pytest
from django.conf import settings
from packaging.requirements import Requirement

ROOT = Path(__file__).resolve().parents[2]
RUNTIME_LOCK = ROOT / "requirements.txt"
DEV_LOCK = ROOT / "requirements-dev.txt"

#: Tools of the tests, the lint and the lock: never in the runtime set.
DEV_TOOLS = {
    "aiosmtpd",
    "axe-playwright-python",
    "django-stubs",
    "execnet",
    "hypothesis",
    "import-linter",
    "mypy",
    "pip-tools",
    "playwright",
    "pytest",
    "pytest-django",
    "pytest-xdist",
    "ruff",
    "uv",
}

#: The code a runtime install runs: the app, its settings and manage.py (not tests/, bench/).
RUNTIME_CODE = ("config", "rules", "scoring", "tournament", "manage.py")
FIRST_PARTY = {"config", "rules", "scoring", "tournament"}

#: Imports the runtime set leaves out on purpose, with the file that makes them.
DEVELOPMENT_IMPORTS = {
    # `make screenshots` (manage.py handbook_screenshots) runs on the development set.
    ("tournament/handbook/shots.py", "playwright"),
}

#: Packages the app needs without importing them itself.
NEEDED_UNIMPORTED = {
    "psycopg-binary": "the PostgreSQL driver's compiled part (DATABASE_URL=postgres://...)",
    "defusedxml": "openpyxl parses a workbook's XML with it when it is installed",
}

_ENTRY = re.compile(r"(?P<name>[A-Za-z0-9][A-Za-z0-9._-]*)(\[[^\]]*\])?==(?P<version>[^\s;\\]+)")


def _normal(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def _lock(path: Path) -> dict[str, list[tuple[str, int]]]:
    """A lock's entries: name -> [(version, number of hashes)], one per marker it is locked for.

    An entry that is not pinned with `==` is kept under its line with version "" so that the
    test below names it."""
    entries: dict[str, list[tuple[str, int]]] = {}
    current: list[tuple[str, int]] | None = None
    for line in path.read_text(encoding="utf-8").splitlines():
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            continue
        if line[0].isspace():
            if current is not None and stripped.startswith("--hash="):
                version, hashes = current[-1]
                current[-1] = (version, hashes + 1)
            continue
        match = _ENTRY.match(line)
        name, version = (_normal(match["name"]), match["version"]) if match else (line, "")
        current = entries.setdefault(name, [])
        current.append((version, 0))
    return entries


def _inputs(path: Path) -> list[Requirement]:
    requirements = []
    for line in path.read_text(encoding="utf-8").splitlines():
        line = line.split("#", 1)[0].strip()
        if line and not line.startswith("-"):
            requirements.append(Requirement(line))
    return requirements


RUNTIME = _lock(RUNTIME_LOCK)
DEVELOPMENT = _lock(DEV_LOCK)


@pytest.mark.parametrize("lock", [RUNTIME_LOCK, DEV_LOCK], ids=lambda path: path.name)
def test_every_package_of_a_lock_is_pinned_with_its_hashes(lock):
    """pip installs a lock with hashes only when every line has them: one line added by hand
    breaks the whole install."""
    for name, versions in _lock(lock).items():
        for version, hashes in versions:
            assert version, f"{lock.name}: {name!r} is not pinned with == (run make lock)"
            assert hashes, f"{lock.name}: {name}=={version} has no hash (run make lock)"


def test_the_runtime_lock_holds_no_tool_of_the_tests_or_the_lint():
    asked_by_development = {_normal(r.name) for r in _inputs(ROOT / "requirements-dev.in")}
    tools = sorted(
        name
        for name in RUNTIME
        if name in DEV_TOOLS or name in asked_by_development or name.startswith("types-")
    )
    assert not tools, f"development tools in requirements.txt: {tools}"


@pytest.mark.parametrize(
    ("source", "lock"),
    [("requirements.in", RUNTIME), ("requirements-dev.in", DEVELOPMENT)],
    ids=["runtime", "development"],
)
def test_each_lock_holds_every_package_of_its_input_at_an_allowed_version(source, lock):
    """A package added to an input but not locked yet fails here: run `make lock`."""
    for requirement in _inputs(ROOT / source):
        name = _normal(requirement.name)
        assert name in lock, f"{source} asks for {name}, the lock lacks it: run make lock"
        for version, _ in lock[name]:
            assert requirement.specifier.contains(version, prereleases=True), (
                f"{name}=={version} is locked, but {source} asks for {requirement.specifier}: "
                "run make lock"
            )


def test_the_development_lock_installs_the_runtime_set_at_the_same_versions():
    """`make test` stamps the runtime set as installed too: that holds only while the
    development lock pins every runtime package exactly as requirements.txt does."""
    for name, versions in RUNTIME.items():
        assert name in DEVELOPMENT, f"requirements-dev.txt lacks {name}: run make lock"
        assert sorted(v for v, _ in DEVELOPMENT[name]) == sorted(v for v, _ in versions), name


class _Imports(ast.NodeVisitor):
    """The top-level module of every import a file makes when it runs, inside functions too
    (they run when called), but not under `if TYPE_CHECKING:` (mypy alone reads those)."""

    def __init__(self) -> None:
        self.modules: set[str] = set()

    def visit_If(self, node: ast.If) -> None:
        test = node.test
        name = test.id if isinstance(test, ast.Name) else getattr(test, "attr", None)
        if name == "TYPE_CHECKING":
            for child in node.orelse:
                self.visit(child)
        else:
            self.generic_visit(node)

    def visit_Import(self, node: ast.Import) -> None:
        self.modules.update(alias.name.split(".")[0] for alias in node.names)

    def visit_ImportFrom(self, node: ast.ImportFrom) -> None:
        if node.level == 0 and node.module:
            self.modules.add(node.module.split(".")[0])


def _runtime_imports() -> Iterator[tuple[str, str]]:
    for entry in RUNTIME_CODE:
        path = ROOT / entry
        for file in [path] if path.is_file() else sorted(path.rglob("*.py")):
            visitor = _Imports()
            visitor.visit(ast.parse(file.read_text(encoding="utf-8")))
            for module in visitor.modules:
                yield file.relative_to(ROOT).as_posix(), module


def _settings_modules() -> Iterator[tuple[str, str]]:
    """The modules settings name by dotted path: apps, middleware, backends."""
    paths = [*settings.INSTALLED_APPS, *settings.MIDDLEWARE, *settings.AUTHENTICATION_BACKENDS]
    for group in (settings.CACHES, settings.TASKS, settings.STORAGES):
        paths += [options["BACKEND"] for options in group.values()]
    for path in paths:
        yield "settings", path.split(".")[0]


def test_every_module_the_app_imports_comes_with_the_runtime_lock():
    distributions = packages_distributions()
    missing = []
    for where, module in [*_runtime_imports(), *_settings_modules()]:
        if module in FIRST_PARTY or module in sys.stdlib_module_names:
            continue
        if (where, module) in DEVELOPMENT_IMPORTS:
            continue
        names = {_normal(name) for name in distributions.get(module, [])}
        if not names & RUNTIME.keys():
            missing.append(f"{where}: {module} ({', '.join(sorted(names)) or 'not installed'})")
    assert not missing, "imported, but not in requirements.txt:\n" + "\n".join(sorted(missing))


def test_the_packages_the_app_needs_without_importing_them_are_in_the_runtime_lock():
    for name, why in NEEDED_UNIMPORTED.items():
        assert name in RUNTIME, f"requirements.txt lacks {name}: {why}"
