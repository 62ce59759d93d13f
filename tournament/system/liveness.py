"""A task worker's sign of life to the supervisor that started it (`manage.py task_workers`),
and its end when it cannot go on.

The supervisor hands each worker the write end of a pipe (its number in `TASK_WORKER_BEAT_FD`).
A thread of the worker (`beats_start`) writes a byte to it every `BEAT_SECONDS` while the
worker's main thread lives: once that thread is gone (an error ended it and the interpreter is
shutting down, perhaps waiting forever for a thread stuck on a pipe) the beats stop, and the
supervisor ends the worker and starts another. The supervisor judges by the beats, never by the
process being there.

The same thread watches the supervisor: when it is gone (killed with SIGKILL, so that Linux's
SIGTERM of `die_with_parent` may have been caught), the worker ends (`end_now`) instead of
finishing its job as an orphan beside the workers of the next supervisor.

`exit_bounded(seconds)`: a process that is ending (an error, a stop) ends within `seconds`
whatever its threads wait for (`os._exit`), so no thread stuck on a pipe keeps it forever.
"""

from __future__ import annotations

import contextlib
import logging
import os
import threading
import time
from collections.abc import Callable

BEAT_FD = "TASK_WORKER_BEAT_FD"
BEAT_SECONDS = 1.0

logger = logging.getLogger(__name__)

#: Run before the worker ends because its supervisor is gone (gives its job back).
_on_orphaned: list[Callable[[], None]] = []
#: The process that started beating (a child forked from it gives no job back).
_beating: list[int] = []


def beats_start(*, on_orphaned: Callable[[], None] | None = None) -> int:
    """Start beating to the supervisor named by the environment and watching it. Returns the
    supervisor's pid (the parent process at the start), or 0 for a worker started without one
    (by hand, by systemd): it beats to nobody and outlives whoever started it."""
    value = os.environ.get(BEAT_FD, "")
    if not value.isdecimal():
        return 0
    fd, parent = int(value), os.getppid()
    _beating.append(os.getpid())
    if on_orphaned is not None:
        _on_orphaned.append(on_orphaned)
    with contextlib.suppress(OSError):
        os.set_blocking(fd, False)  # a supervisor that does not read never blocks the beat
    thread = threading.Thread(target=_beat, args=(fd, parent), name="worker-beat", daemon=True)
    thread.start()
    return parent


def orphaned(parent: int) -> bool:
    """Whether the process `parent` that started this one is gone (this one was re-parented)."""
    return os.getppid() != parent


def _beat(fd: int, parent: int) -> None:
    main = threading.main_thread()
    while main.is_alive():
        if orphaned(parent):
            end_now(f"its supervisor (pid {parent}) is gone")
        try:
            os.write(fd, b".")
        except BlockingIOError:  # the pipe is full: the supervisor reads later
            pass
        except OSError:  # EPIPE: nobody reads any more, the supervisor died
            end_now(f"its supervisor (pid {parent}) does not read its beats")
        time.sleep(BEAT_SECONDS)


def end_now(reason: str, code: int = 1) -> None:
    """End this process at once (after giving its job back, for at most 5 s)."""
    logger.error("task worker %s ends: %s", os.getpid(), reason)
    hooks = _on_orphaned if os.getpid() in _beating else []
    helpers = [threading.Thread(target=hook, daemon=True) for hook in hooks]
    for helper in helpers:
        helper.start()
    for helper in helpers:
        helper.join(timeout=5)
    os._exit(code)


def exit_bounded(seconds: float, code: int = 1) -> None:
    """From now on this process ends within `seconds`, whatever its other threads wait for."""

    def bound() -> None:
        time.sleep(seconds)
        logger.error("process %s did not end within %g s; ended", os.getpid(), seconds)
        with contextlib.suppress(Exception):
            logging.shutdown()
        os._exit(code)

    threading.Thread(target=bound, name="exit-bound", daemon=True).start()
