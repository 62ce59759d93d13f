"""Waiting in tests for something that happens elsewhere (a thread, a process, a server): poll
with a deadline, never a fixed sleep. A fixed sleep is either too short on a busy machine (the
test fails for nothing) or too long everywhere else (the suite crawls); `until` returns as soon
as the thing happened and gives up only at the deadline.

In the browser, Playwright's `expect(...)` waits by itself and its clock (`page.clock.install()`,
`page.clock.run_for(ms)`) makes a page's timers fire without waiting for them.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T")

POLL = 0.05  # seconds between two looks


def until(predicate: Callable[[], T], *, timeout: float, interval: float = POLL) -> T:
    """`predicate()` once it is true, asked again every `interval` seconds; its last (false)
    answer when `timeout` seconds passed first. So `assert until(lambda: ..., timeout=30)`."""
    deadline = time.monotonic() + timeout
    while True:
        answer = predicate()
        if answer or time.monotonic() >= deadline:
            return answer
        time.sleep(interval)  # the poll's pause, not a wait for something
