"""The suite keeps its own rules (docs/development.md, "Tests"): a test module imports no other
test module and no conftest (what several share lives in a plain module: tests/constants.py,
tests/<folder>/helpers.py); and no test waits a fixed time (time.sleep, Playwright's
wait_for_timeout), but polls with a deadline (tests/waiting.py) or runs the page's clock, save
in the few files below, each with its reason."""

from __future__ import annotations

import ast
import re
from pathlib import Path

TESTS = Path(__file__).resolve().parent
ROOT = TESTS.parent

# The files that may wait a fixed time, and why: real time passing is what they test.
SLEEPS_ALLOWED = {
    "waiting.py": "the pause between two looks of `until`, the poll every test waits with",
    "jobs/test_worker_faults.py": "the database is down for OUTAGE seconds, as in a real "
    "outage; and a process that runs a while, to be told by its command line",
    "jobs/test_database_outage.py": "the database is down for OUTAGE seconds while the "
    "workers keep running: time without it is the test",
    "web/test_pdf_limits.py": "a render that takes longer than its time bound, which must stop it",
    "sheets/test_pdf_processes.py": "child processes standing for renders that run on: they "
    "must still run when their worker is killed",
    "replication/test_takeover_address_netns.py": "a script run by a phone inside its own "
    "network namespace, without the tests' modules: it polls the address with its own deadline",
}
FIXED_WAIT = re.compile(r"\b(?:time|asyncio)\.sleep\b|\bwait_for_timeout\b|import sleep\b")


def python_files() -> list[Path]:
    return sorted(path for path in TESTS.rglob("*.py") if "__pycache__" not in path.parts)


def imported_modules(path: Path, root: Path = ROOT) -> list[str]:
    """Every module `path` imports, anywhere in it (inside functions too), by its dotted name;
    a relative import is resolved against the file's folder."""
    package = ".".join(path.relative_to(root).parent.parts)
    names = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parent = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
                base = f"{parent}.{base}" if base else parent
            names.append(base)
            names += [f"{base}.{alias.name}" for alias in node.names]
    return names


def test_no_test_module_imports_another_test_module_or_a_conftest():
    found = []
    for path in python_files():
        for module in imported_modules(path):
            last = module.rsplit(".", 1)[-1]
            if module.startswith("tests.") and (last.startswith("test_") or last == "conftest"):
                found.append(f"{path.relative_to(TESTS)} imports {module}")
    assert found == []


def test_no_test_waits_a_fixed_time_outside_the_allowed_files():
    waiting = {
        path.relative_to(TESTS).as_posix()
        for path in python_files()
        if path != Path(__file__) and FIXED_WAIT.search(path.read_text(encoding="utf-8"))
    }
    assert waiting - SLEEPS_ALLOWED.keys() == set(), "poll with tests/waiting.py instead"
    assert SLEEPS_ALLOWED.keys() - waiting == set(), "no fixed wait left there: drop the entry"


def test_the_guards_see_what_they_guard_against(tmp_path):
    probe = tmp_path / "tests" / "jobs" / "probe.py"
    probe.parent.mkdir(parents=True)
    probe.write_text(
        "from tests.jobs.test_job_queue import work_off\n"
        "from .conftest import FEE\n"
        "def later():\n"
        "    from . import test_cash\n"
    )
    modules = imported_modules(probe, root=tmp_path)
    assert {"tests.jobs.test_job_queue", "tests.jobs.conftest", "tests.jobs.test_cash"} <= set(
        modules
    )
    for line in ("time.sleep(0.3)", "page.wait_for_timeout(300)", "from time import sleep"):
        assert FIXED_WAIT.search(line)
    assert not FIXED_WAIT.search("until(lambda: done, timeout=5)")
