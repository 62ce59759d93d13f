"""The continuous copy run as the hall runs it: `manage.py replicate` in a process of its own on
the test database, with the real Litestream, its state file in the test's folder; and the
pages that read that state, in the test's process (tests/replication/)."""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import signal
import sqlite3
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from django.conf import settings

from tests.waiting import until
from tournament.replication.litestream import litestream_binary, meta_path, restore

ROOT = Path(__file__).resolve().parents[2]
#: How long a test waits for what must come "within seconds".
DEADLINE = 15.0


def poll(check: Callable[[], Any], *, seconds: float = DEADLINE, what: str = "") -> Any:
    """`check()` until it answers something true, at most `seconds`; its last answer."""
    answer = until(check, timeout=seconds, interval=0.1)
    assert answer, f"not within {seconds:g} s: {what}"
    return answer


class Replicate:
    """`manage.py replicate` in its own process; `prefix` runs it inside something (unshare)."""

    def __init__(
        self, database_url: str, work: Path, target: Path, *, prefix: list[str] | None = None,
        binary: str | None = None, also: Path | None = None,
    ) -> None:  # fmt: skip
        self.work, self.target, self.status = work, target, work / "replication.json"
        environment = dict(
            os.environ,
            DATABASE_URL=database_url,
            DJANGO_SECRET_KEY="copy-test-key",
            HALL_COPY_STATUS=str(self.status),
            PYTHONUNBUFFERED="1",
        )
        environment.pop("HALL_COPY_ALSO", None)
        if binary is not None:
            environment["LITESTREAM_BIN"] = binary
        command = [sys.executable, str(ROOT / "manage.py"), "replicate", "--to", str(target)]
        command += ["--also", str(also)] if also else []
        self.log = open(work / "replicate.log", "wb")  # noqa: SIM115 (closed in stop)
        self.process = subprocess.Popen(
            [*(prefix or []), *command],
            cwd=ROOT,
            env=environment,
            stdout=self.log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )

    def document(self) -> dict[str, Any]:
        try:
            return json.loads(self.status.read_text())
        except (OSError, ValueError):
            return {}

    def state(self, number: int = 0) -> str:
        targets = self.document().get("targets") or []
        return targets[number].get("state", "") if len(targets) > number else ""

    def wait_state(self, *states: str, seconds: float = DEADLINE) -> str:
        return poll(
            lambda: self.state() in states and self.state(),
            seconds=seconds,
            what=f"state {states}, last {self.state()!r}; log: {self.logged()}",
        )

    def logged(self) -> str:
        with contextlib.suppress(OSError):
            return (self.work / "replicate.log").read_text()[-2000:]
        return ""

    def litestream_pids(self) -> list[int]:
        """The Litestream processes of this run (its children's children in a namespace)."""
        found = []
        for entry in Path("/proc").iterdir():
            if not entry.name.isdecimal():
                continue
            with contextlib.suppress(OSError):
                command = (entry / "cmdline").read_bytes().split(b"\0")
                ours = str(self.work).encode() in b" ".join(command)
                if ours and command[0].endswith(b"litestream") and b"replicate" in command:
                    found.append(int(entry.name))
        return found

    def stop(self) -> None:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.process.pid, signal.SIGTERM)
        try:
            self.process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait(timeout=10)
        self.log.close()


@contextlib.contextmanager
def replicating(database_url: str, work: Path, target: Path, **options: Any) -> Iterator[Replicate]:
    run = Replicate(database_url, work, target, **options)
    try:
        yield run
    finally:
        run.stop()
        litestream_forget(Path(database_url.removeprefix("sqlite:///")))


def litestream_forget(database: Path) -> None:
    """Leave the test database as it was: Litestream's local state beside it and its two tables
    in it gone (the next test of this worker starts a copy of its own)."""
    for number in (1, 2):
        shutil.rmtree(meta_path(database, number), ignore_errors=True)
    with contextlib.closing(sqlite3.connect(database, timeout=20)) as connection:
        for table in ("_litestream_seq", "_litestream_lock"):
            connection.execute(f"DROP TABLE IF EXISTS {table}")
        connection.commit()


def restored_hands(target: Path, work: Path) -> int | None:
    """The number of games in the replica, restored into a new file (None: nothing to restore
    yet)."""
    binary = litestream_binary(settings.LITESTREAM_BIN)
    assert binary is not None
    output = work / f"restored-{time.monotonic_ns()}.sqlite3"
    try:
        restore(binary, target, output)
    except subprocess.CalledProcessError:
        return None
    try:
        with contextlib.closing(sqlite3.connect(output)) as connection:
            return int(connection.execute("SELECT COUNT(*) FROM tournament_hand").fetchone()[0])
    finally:
        for path in work.glob(output.name + "*"):
            path.unlink()


def unshare_works() -> str:
    """'' when this machine lets an unprivileged user mount a small tmpfs in namespaces of its
    own (`unshare -rm`), else why not."""
    if shutil.which("unshare") is None:
        return "unshare (util-linux) is missing"
    probe = subprocess.run(
        ["unshare", "-rm", "sh", "-c", "mount -t tmpfs -o size=64k tmpfs /mnt"],
        capture_output=True,
        text=True,
    )
    return "" if probe.returncode == 0 else f"unshare -rm cannot mount: {probe.stderr.strip()}"


#: Runs the command given after it with a small tmpfs of its own mounted on $1, and does to that
#: tmpfs what a file in $2 asks for: `fill` writes it full, `readonly` mounts it read-only.
NAMESPACE_SCRIPT = r"""
target="$1"; control="$2"; shift 2
mount -t tmpfs -o size=8m tmpfs "$target" || exit 97
"$@" &
child=$!
trap 'kill -TERM $child 2>/dev/null; wait $child; exit 0' TERM INT
while kill -0 $child 2>/dev/null; do
  if [ -e "$control/fill" ]; then
    rm -f "$control/fill"; head -c 16m /dev/zero > "$target/filler" 2>/dev/null
    touch "$control/filled"
  fi
  if [ -e "$control/readonly" ]; then
    rm -f "$control/readonly"; mount -o remount,ro,bind "$target" && touch "$control/read-only"
  fi
  sleep 0.1
done
"""


def namespace_prefix(target: Path, control: Path) -> list[str]:
    return ["unshare", "-rm", "sh", "-c", NAMESPACE_SCRIPT, "namespace", str(target), str(control)]
