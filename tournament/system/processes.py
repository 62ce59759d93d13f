"""Child processes that end with the process that started them, however it ends.

A task worker killed with SIGKILL (out of memory, a hard stop) takes nothing down with it by
itself: its PDF processes would go on rendering for nobody, holding hundreds of MB. A child
calls `die_with_parent()` first thing: Linux then sends it SIGTERM the moment its parent is
gone (`prctl(PR_SET_PDEATHSIG)`). Elsewhere it does nothing.
"""

from __future__ import annotations

import contextlib
import ctypes
import os
import signal
from pathlib import Path

PR_SET_PDEATHSIG = 1


def die_with_parent() -> None:
    parent = os.getppid()
    with contextlib.suppress(OSError, AttributeError):
        ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGTERM)
    if os.getppid() != parent:  # the parent died before the signal was asked for
        os.kill(os.getpid(), signal.SIGTERM)


def process_runs(pid: int, marker: bytes) -> bool:
    """Whether process `pid` runs (not a zombie) and its command line holds `marker` (a pid
    taken again by another program is not it). Where /proc is missing: whether it runs."""
    if not Path("/proc/self").exists():
        return _signalable(pid)
    try:
        stat = Path(f"/proc/{pid}/stat").read_bytes()
        command = Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return False
    return stat.rsplit(b")", 1)[-1].split()[:1] != [b"Z"] and marker in command


def _signalable(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except (ProcessLookupError, PermissionError):
        return False
    return True
