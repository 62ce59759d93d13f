"""One `litestream replicate` per target folder, kept running by `manage.py replicate`: started
again after a pause when it exits (1 s, 2 s, 4 s … at most 30 s; 1 s again after a minute of
running), stopped while its target folder is missing (a pulled stick must not fill the empty
mount point on the laptop's own disk) and started afresh when the folder comes back or is
another disk than before (a stick put in again).

Plain Python: no Django.
"""

from __future__ import annotations

import contextlib
import os
import subprocess
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from tournament.replication.litestream import replicate_command

LONGEST_PAUSE = 30.0
HEALTHY_SECONDS = 60.0
END_GRACE = 10.0


@dataclass
class Keeper:
    """Litestream for one target: its process and its pause before the next start."""

    target: Path
    config: Path
    binary: str | None
    say: Callable[[str], None] = print
    preexec: Callable[[], None] | None = None
    process: subprocess.Popen[bytes] | None = None
    started: float = 0.0
    pause: float = 1.0
    due: float = 0.0
    device: int | None = None
    exits: int = 0

    def tend(self, now: float | None = None) -> str:
        """Start, restart or stop Litestream as needed; its state: "running", "dead" (waiting
        for its restart), "missing" (no binary), or "stopped" (the target folder is missing)."""
        now = time.monotonic() if now is None else now
        if self.binary is None:
            return "missing"
        device = _device(self.target)
        if device is None:
            if self.process is not None:
                self.say(f"Copy target {self.target} is gone: Litestream stopped until it is back.")
                self.stop()
            return "stopped"
        if self.process is not None and self.process.poll() is None:
            if self.device is not None and device != self.device:
                self.say(f"Copy target {self.target} is another disk now: Litestream restarted.")
                self.stop()
            else:
                return "running"
        if self.process is not None:  # it exited by itself
            ran = now - self.started
            self.pause = 1.0 if ran >= HEALTHY_SECONDS else min(self.pause * 2, LONGEST_PAUSE)
            self.due, self.exits = now + self.pause, self.exits + 1
            self.say(
                f"Litestream for {self.target} exited (code {self.process.returncode}); "
                f"starting it again in {self.pause:.0f} s."
            )
            self.process = None
        if now < self.due:
            return "dead"
        try:
            self.process = subprocess.Popen(
                replicate_command(self.binary, self.config), preexec_fn=self.preexec
            )
        except OSError as error:  # the binary vanished or cannot run
            self.say(f"Litestream cannot start: {error}")
            self.due = now + min(self.pause * 2, LONGEST_PAUSE)
            return "missing"
        self.started, self.device = now, device
        self.say(f"Litestream copies to {self.target} (pid {self.process.pid}).")
        return "running"

    def stop(self) -> None:
        """End Litestream (SIGTERM: it copies what is left first; SIGKILL after END_GRACE)."""
        process, self.process = self.process, None
        if process is None or process.poll() is not None:
            return
        process.terminate()
        try:
            process.wait(timeout=END_GRACE)
        except subprocess.TimeoutExpired:
            process.kill()
            with contextlib.suppress(subprocess.TimeoutExpired):
                process.wait(timeout=END_GRACE)


def _device(target: Path) -> int | None:
    try:
        return os.stat(target).st_dev if target.is_dir() else None
    except OSError:
        return None
