"""The suite's hygiene about time (a pytest plugin, named in tests/conftest.py): with
`TEST_DURATION_LIMIT=20` in the environment (`make test-fast` sets it), a test that is not
marked `slow` and runs longer than 20 seconds fails the run: the summary names it, and the run
ends with a failure even when every test passed.

Not a benchmark: the tests do not time what they test (a busy machine would fail them for
nothing). The limit keeps the quick loop quick; a test over it is either made faster (its
set-up is the usual waste) or marked `slow` (docs/development.md). Only a test's own run is
counted, not its fixtures' set-up: the test database and the browser, made once per worker,
fall on whichever test comes first.
"""

from __future__ import annotations

import os

import pytest

LIMIT = "TEST_DURATION_LIMIT"
over: list[tuple[str, float]] = []


def limit() -> float | None:
    value = os.environ.get(LIMIT, "").strip()
    return float(value) if value else None


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    """Reports of every test reach here (with pytest-xdist, the controller's too)."""
    seconds = limit()
    if seconds is None or report.when != "call" or "slow" in report.keywords:
        return
    if report.duration > seconds:
        over.append((report.nodeid, report.duration))


@pytest.hookimpl(trylast=True)
def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    if over and not hasattr(session.config, "workerinput") and exitstatus == 0:
        session.exitstatus = pytest.ExitCode.TESTS_FAILED


def pytest_terminal_summary(terminalreporter) -> None:
    if not over:
        return
    terminalreporter.section(f"tests over {LIMIT}={limit():g} s, not marked slow", red=True)
    for nodeid, duration in sorted(over, key=lambda item: -item[1]):
        terminalreporter.line(f"{duration:6.1f} s  {nodeid}")
    load = os.getloadavg()[0]
    terminalreporter.line(
        f"(load average {load:.1f} on {os.cpu_count()} cores: a busy machine stretches them all)"
    )
    terminalreporter.line(
        "Make them faster (their set-up, most often) or mark them slow (docs/development.md)."
    )
