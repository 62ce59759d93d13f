"""The layout of a continuous copy inside its target folder (docs/continuous-copy.md).

Fixed: the hall writes it (`manage.py replicate`) and a second laptop's take-over reads it
(`make takeover FROM=<dir>`), so a name changed here must change on both sides at once.

    <target>/schafkopf-copy/          copy_root(target)
        db/                           Litestream's file replica of the database (LTX files)
        secret_key                    the server's secret key (mode 0600)
        hall.json                     address, port, site_url, database, written (ISO time)

Plain Python: no Django.
"""

from __future__ import annotations

from pathlib import Path

ROOT_NAME = "schafkopf-copy"
"""The folder inside the target folder that holds the whole copy."""

DB_DIR = "db"
"""Litestream's file replica of the database, inside the copy's root."""

SECRET_KEY_FILE = "secret_key"
"""A copy of the server's secret key file (var/secret_key), mode 0600."""

HALL_FILE = "hall.json"
"""The hall's facts, written when the hall starts: a JSON object with the keys below."""

HALL_KEYS = ("address", "port", "site_url", "database", "written")
"""hall.json's keys: the hall's address and port, its SITE_URL, the database's original path,
and when the file was written (ISO 8601 with time zone)."""


def copy_root(target: Path) -> Path:
    """The copy's root folder inside the target folder the supervisor named (COPY_TO)."""
    return Path(target) / ROOT_NAME


def db_replica(target: Path) -> Path:
    """Litestream's file replica of the database."""
    return copy_root(target) / DB_DIR


def replica_url(target: Path) -> str:
    """The replica as Litestream names it: `file://` and the absolute path."""
    return "file://" + str(db_replica(target).absolute())


def secret_key_path(target: Path) -> Path:
    """The copy of the server's secret key."""
    return copy_root(target) / SECRET_KEY_FILE


def hall_path(target: Path) -> Path:
    """The hall's facts (hall.json)."""
    return copy_root(target) / HALL_FILE
