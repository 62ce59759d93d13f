"""What `manage.py replicate` looks at every second, for each target folder: is it there, can
it be written, is there room, does its Litestream run, and how far is the replica behind the
database. The answer goes into the status file (`status_write`) that the pages read
(tournament/replication/status.py).

How far behind: Litestream first writes each batch of commits as an LTX file into its local
state beside the database (`meta-path`), then copies it into the replica; both are named by the
transaction ids they hold (`<min>-<max>.ltx`, hexadecimal). The replica is behind while its
highest id is below the local one; `behind` says so once that has lasted `BEHIND_SECONDS`
(Litestream copies every second, so a moment behind is normal). The age of the copy's newest
part is the modification time of the replica's newest file.

Plain Python: no Django.
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path

from tournament.replication.layout import copy_root, db_replica

#: Seconds the replica may stay behind Litestream's local state before it counts as behind.
BEHIND_SECONDS = 5.0
#: Less free room than this in the target folder counts as full.
FULL_BYTES = 1024 * 1024
#: The file written and removed to prove that the target folder takes writes.
PROBE_NAME = ".probe"

#: A target's states, the worst first: the first that applies is reported.
MISSING = "missing"  # the target folder is not there (stick pulled)
READ_ONLY = "read_only"  # it cannot be written (read-only, no permission)
FULL = "full"  # no room left
LITESTREAM_MISSING = "litestream_missing"  # no Litestream binary
LITESTREAM_DEAD = "litestream_dead"  # Litestream exited; started again after a pause
BEHIND = "behind"  # Litestream runs, but the replica does not keep up
OK = "ok"
PROBLEMS = (MISSING, READ_ONLY, FULL, LITESTREAM_MISSING, LITESTREAM_DEAD, BEHIND)


@dataclass
class TargetReport:
    """One target folder's state, as the status file holds it."""

    path: str
    state: str
    same_disk: bool = False  # on the database's own disk: does not survive the laptop
    newest: float | None = None  # when the replica's newest file was written (epoch seconds)
    replica_txid: int = 0
    local_txid: int = 0
    behind_since: float | None = None
    detail: str = ""  # the error as the system gave it (English; for the log and /healthz)


@dataclass
class Watch:
    """What one target's watcher remembers from one look to the next."""

    target: Path
    database: Path
    meta: Path
    behind_since: float | None = None
    last_probe: float = 0.0
    probe_error: str = ""
    reports: list[TargetReport] = field(default_factory=list)

    def look(self, *, process: str, now: float | None = None) -> TargetReport:
        """The target's state now. `process`: Litestream's, as its keeper knows it: "running",
        "dead" (waiting for its restart), "missing" (no binary) or "stopped"."""
        now = time.time() if now is None else now
        path = str(self.target)
        if not self.target.is_dir():
            self.behind_since = None
            return TargetReport(path, MISSING, detail=f"{path} does not exist")
        same_disk = _same_disk(self.target, self.database)
        report = TargetReport(path, OK, same_disk=same_disk)
        local, _ = ltx_newest(self.meta / "ltx")
        replica, newest = ltx_newest(db_replica(self.target) / "ltx")
        report.local_txid, report.replica_txid, report.newest = local, replica, newest
        trouble = self._writable(now)
        if trouble is not None:
            report.state, report.detail = trouble
        elif process in ("missing", "dead"):
            report.state = LITESTREAM_MISSING if process == "missing" else LITESTREAM_DEAD
        if local > replica:
            self.behind_since = self.behind_since or now
        else:
            self.behind_since = None
        report.behind_since = self.behind_since
        behind = self.behind_since is not None and now - self.behind_since >= BEHIND_SECONDS
        if report.state == OK and behind:
            report.state = BEHIND
        return report

    def _writable(self, now: float) -> tuple[str, str] | None:
        """(state, detail) when the target folder takes no writes or has no room; a file is
        written there at most every second."""
        try:
            stats = os.statvfs(self.target)
        except OSError as error:
            return MISSING, str(error)
        if stats.f_flag & os.ST_RDONLY:
            return READ_ONLY, f"{self.target} is mounted read-only"
        if stats.f_bavail * stats.f_frsize < FULL_BYTES:
            return FULL, f"{self.target} has less than 1 MB free"
        if now - self.last_probe >= 1.0:
            self.last_probe, self.probe_error = now, _probe(copy_root(self.target))
        if self.probe_error:
            code, detail = self.probe_error.split(":", 1)
            return (FULL if code == "ENOSPC" else READ_ONLY), detail
        return None


def _probe(root: Path) -> str:
    """Write, flush and remove a small file in `root` (made if missing): '' when that worked,
    else 'ERRNAME:message'."""
    try:
        root.mkdir(exist_ok=True)
        probe = root / PROBE_NAME
        with open(probe, "wb") as handle:
            handle.write(b"schafkopf\n")
            handle.flush()
            os.fsync(handle.fileno())
        probe.unlink()
    except OSError as error:
        name = errno.errorcode.get(error.errno or 0, "EIO")
        return f"{name}:{error}"
    return ""


def _same_disk(target: Path, database: Path) -> bool:
    try:
        return os.stat(target).st_dev == os.stat(database.parent).st_dev
    except OSError:
        return False


def ltx_newest(folder: Path) -> tuple[int, float | None]:
    """The highest transaction id among the LTX files of every level under `folder`, and the
    modification time of the file that holds it (None without any)."""
    best, best_path = 0, None
    try:
        levels = list(os.scandir(folder))
    except OSError:
        return 0, None
    for level in levels:
        with contextlib.suppress(OSError):
            for entry in os.scandir(level.path):
                name = entry.name
                if not name.endswith(".ltx") or "-" not in name:
                    continue
                try:
                    txid = int(name[:-4].split("-", 1)[1], 16)
                except ValueError:
                    continue
                if txid > best or (txid == best and best_path is None):
                    best, best_path = txid, entry.path
    if best_path is None:
        return 0, None
    try:
        return best, os.stat(best_path).st_mtime
    except OSError:
        return best, None


def status_write(
    path: Path, *, database: Path, reports: list[TargetReport], stopped: bool = False
) -> None:
    """Replace the status file at once (written aside, then renamed): a reader never sees half
    of it. `written` tells the reader that the watcher still lives."""
    document = {
        "written": time.time(),
        "pid": os.getpid(),
        "database": str(database),
        "stopped": stopped,
        "targets": [asdict(report) for report in reports],
    }
    path.parent.mkdir(parents=True, exist_ok=True)
    partial = path.with_name(path.name + ".tmp")
    partial.write_text(json.dumps(document))
    partial.replace(path)
