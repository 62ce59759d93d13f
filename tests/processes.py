"""Real processes in tests: whether one still runs, and waiting for some to end."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from tests.waiting import until


def alive(pid: int) -> bool:
    """Whether process `pid` runs (a zombie, dead but not yet reaped, does not)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (FileNotFoundError, IndexError):
        return False
    return state != "Z"


def ended(pids: Iterable[int], seconds: float = 30) -> bool:
    """Whether every process of `pids` has ended within `seconds` (waits until then)."""
    pids = list(pids)
    return until(lambda: not any(alive(pid) for pid in pids), timeout=seconds)
