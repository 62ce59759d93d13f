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

PR_SET_PDEATHSIG = 1


def die_with_parent() -> None:
    parent = os.getppid()
    with contextlib.suppress(OSError, AttributeError):
        ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGTERM)
    if os.getppid() != parent:  # the parent died before the signal was asked for
        os.kill(os.getpid(), signal.SIGTERM)
