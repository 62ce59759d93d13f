"""Read a backup archive: its manifest, every member checked against its SHA-256, and where it
comes from (its signature, tournament/exchange/backup/signature.py)."""

from __future__ import annotations

import hashlib
import json
import zipfile
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

from django.utils.translation import gettext as _

from tournament.exchange.backup import FORMAT, MANIFEST, VERSION, BackupError
from tournament.exchange.backup.checks import (
    DuplicateKey,
    duplicate_key_error,
    members_readable,
    pairs_unique,
)
from tournament.exchange.backup.signature import Origin, installation_secret, manifest_origin

MAX_MEMBER = 512 * 1024 * 1024  # bytes: a member larger than this is no backup of ours


@dataclass(frozen=True)
class Archive:
    #: the (interchange document, history) of every tournament
    tournaments: list[tuple[Any, Any]]
    origin: Origin


def archive_read(source: str | Path | IO[bytes]) -> Archive:
    """The (interchange document, history) of every tournament in the archive, checked against
    the manifest's SHA-256 sums, and its origin; raises `BackupError` naming what is wrong."""
    try:
        with zipfile.ZipFile(source) as archive:
            members_readable(archive.infolist())  # not encrypted, a known compression
            manifest = _member_json(archive, MANIFEST)
            if not isinstance(manifest, dict) or (
                manifest.get("format"),
                manifest.get("version"),
            ) != (
                FORMAT,
                VERSION,
            ):
                raise BackupError(_("This is no backup of this program (unknown manifest)."))
            files = manifest.get("files")
            slugs = manifest.get("tournaments")
            if not isinstance(files, dict) or not isinstance(slugs, list):
                raise BackupError(_("This is no backup of this program (unknown manifest)."))
            if len(set(map(str, slugs))) != len(slugs):
                raise BackupError(_("The manifest lists a tournament twice."))
            for name, entry in files.items():
                _member_check(archive, name, entry)
            tournaments = [
                (
                    _member_json(archive, f"{slug}.json", files),
                    _member_json(archive, f"{slug}.history.json", files),
                )
                for slug in slugs
            ]
            return Archive(tournaments, manifest_origin(manifest, installation_secret()))
    except (zipfile.BadZipFile, OSError) as exc:
        raise BackupError(
            _("The backup cannot be read: %(error)s") % {"error": getattr(exc, "strerror", exc)}
        ) from None


def _member_check(archive: zipfile.ZipFile, name: str, entry: Any) -> None:
    try:
        info = archive.getinfo(name)
    except KeyError:
        raise BackupError(
            _("The file %(name)s is missing in the backup.") % {"name": name}
        ) from None
    if not isinstance(entry, dict) or info.file_size > MAX_MEMBER:
        raise BackupError(_("The file %(name)s of the backup is damaged.") % {"name": name})
    if hashlib.sha256(archive.read(info)).hexdigest() != entry.get("sha256"):
        raise BackupError(_("The file %(name)s of the backup is damaged.") % {"name": name})


def _member_json(archive: zipfile.ZipFile, name: str, files: dict | None = None) -> Any:
    if files is not None and name not in files:
        raise BackupError(_("The file %(name)s is missing in the backup.") % {"name": name})
    try:
        return json.loads(archive.read(name).decode("utf-8"), object_pairs_hook=pairs_unique)
    except DuplicateKey as duplicate:
        raise duplicate_key_error(name, duplicate) from None
    except KeyError:
        raise BackupError(
            _("The file %(name)s is missing in the backup.") % {"name": name}
        ) from None
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise BackupError(
            _("The file %(name)s of the backup is damaged.") % {"name": name}
        ) from None
