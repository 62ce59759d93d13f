"""Read a backup archive: its manifest, every member checked against its SHA-256, and where it
comes from (its signature, tournament/exchange/backup/signature.py).

An archive is read within bounds (docs/backup.md, *Bounds*), whatever it declares: its
directory at most `DIRECTORY_MAX` bytes, each member at most `RESTORE_MEMBER_MAX_MB` unpacked
and all of them at most `RESTORE_UNPACKED_MAX_MB`. A member's declared size is checked before it
is opened, and its bytes are counted while they are unpacked, in chunks: reading stops at the
bound, so a member that lies about its size costs no more than the bound. Each member is read
once (its SHA-256 computed on the way) and parsed at once; its bytes are dropped before the next.
"""

from __future__ import annotations

import hashlib
import json
import struct
import zipfile
from contextlib import nullcontext
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

from django.conf import settings
from django.utils.translation import gettext as _

from tournament.exchange.backup import FORMAT, MANIFEST, VERSION, BackupError
from tournament.exchange.backup.checks import (
    DuplicateKey,
    duplicate_key_error,
    members_readable,
    pairs_unique,
)
from tournament.exchange.backup.signature import Origin, installation_secret, manifest_origin

MB = 1_000_000
#: The zip directory of a backup: about 100 bytes a member, three members a tournament.
DIRECTORY_MAX = 1 * MB
#: A member is unpacked in chunks of this size.
CHUNK = 1 << 20
#: JSON as a backup writes it has one value (`{`, `[` or `,`) in 22 bytes, compact JSON one in
#: about 19; a member denser than one in `DENSITY` bytes is refused: `[{},{},…]` takes 25 times
#: its size in memory once parsed, one value in 12 bytes at most about 5 times.
DENSITY = 12
_END = b"PK\x05\x06"
_ZIP64_LOCATOR = b"PK\x06\x07"


@dataclass(frozen=True)
class Limits:
    """What a restore unpacks at most, in bytes: of one member, of all together."""

    member: int
    total: int


def archive_limits() -> Limits:
    return Limits(
        member=int(settings.RESTORE_MEMBER_MAX_MB) * MB,
        total=int(settings.RESTORE_UNPACKED_MAX_MB) * MB,
    )


@dataclass(frozen=True)
class Archive:
    #: the (interchange document, history) of every tournament
    tournaments: list[tuple[Any, Any]]
    origin: Origin


def archive_read(source: str | Path | IO[bytes], limits: Limits | None = None) -> Archive:
    """The (interchange document, history) of every tournament in the archive, checked against
    the manifest's SHA-256 sums, and its origin; raises `BackupError` naming what is wrong."""
    try:
        opened = open(source, "rb") if isinstance(source, str | Path) else nullcontext(source)  # noqa: SIM115
        with opened as file:
            _directory_check(file)
            with zipfile.ZipFile(file) as archive:
                members_readable(archive.infolist())  # not encrypted, a known compression
                return _Reader(archive, limits or archive_limits()).read()
    except (zipfile.BadZipFile, OSError) as exc:
        raise BackupError(
            _("The backup cannot be read: %(error)s") % {"error": getattr(exc, "strerror", exc)}
        ) from None


def archive_unpacked(source: IO[bytes]) -> int:
    """What the archive declares its members unpack to, in bytes (0 when it is no zip): whether
    its preview is computed by a task worker. Reads the zip's directory only."""
    try:
        _directory_check(source)
        with zipfile.ZipFile(source) as archive:
            return sum(info.file_size for info in archive.infolist())
    except (BackupError, zipfile.BadZipFile, OSError):
        return 0


def _directory_check(file: IO[bytes]) -> None:
    """Refuse an archive whose directory (what `ZipFile` reads into memory at once) is larger
    than a backup's, before it is read: the end record names its size."""
    file.seek(0, 2)
    size = file.tell()
    file.seek(max(0, size - 22 - 0xFFFF))
    tail = file.read()
    at = tail.rfind(_END)
    if at < 0 or len(tail) < at + 22:
        return  # no zip at all: ZipFile says so
    directory = struct.unpack("<I", tail[at + 12 : at + 16])[0]
    zip64 = at >= 20 and tail[at - 20 : at - 16] == _ZIP64_LOCATOR
    if directory > DIRECTORY_MAX or zip64:
        raise BackupError(_("This is no backup of this program (unknown manifest)."))
    file.seek(0)


class _Reader:
    def __init__(self, archive: zipfile.ZipFile, limits: Limits):
        self.archive, self.limits, self.read_total = archive, limits, 0

    def read(self) -> Archive:
        manifest = self.json(MANIFEST)
        if not isinstance(manifest, dict) or (manifest.get("format"), manifest.get("version")) != (
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
        wanted = {f"{slug}{suffix}" for slug in slugs for suffix in (".json", ".history.json")}
        for name in wanted:
            if name not in files:
                raise BackupError(_("The file %(name)s is missing in the backup.") % {"name": name})
        parsed = {}
        for name, entry in files.items():  # every member checked; the tournaments' kept parsed
            if not isinstance(entry, dict):
                raise BackupError(_("The file %(name)s of the backup is damaged.") % {"name": name})
            data = self.member(str(name), entry.get("sha256"))
            if name in wanted:
                parsed[name] = _parse(name, data)
            del data
        tournaments = [(parsed[f"{slug}.json"], parsed[f"{slug}.history.json"]) for slug in slugs]
        return Archive(tournaments, manifest_origin(manifest, installation_secret()))

    def json(self, name: str) -> Any:
        return _parse(name, self.member(name))

    def member(self, name: str, sha256: Any = None) -> bytearray:
        """The member `name`, unpacked within the bounds (and checked against `sha256`)."""
        try:
            info = self.archive.getinfo(name)
        except KeyError:
            raise BackupError(
                _("The file %(name)s is missing in the backup.") % {"name": name}
            ) from None
        bound = min(self.limits.member, self.limits.total - self.read_total)
        if info.file_size > bound:
            raise self.too_large(name, info.file_size)
        digest, data, size, values = hashlib.sha256(), bytearray(), 0, 0
        try:
            with self.archive.open(info) as member:
                while chunk := member.read(CHUNK):
                    size += len(chunk)
                    if size > bound:  # it declared less than it holds
                        raise self.too_large(name, size)
                    digest.update(chunk)
                    values += chunk.count(b"{") + chunk.count(b"[") + chunk.count(b",")
                    data += chunk
        except (zipfile.BadZipFile, EOFError, ValueError, NotImplementedError):
            raise BackupError(
                _("The file %(name)s of the backup is damaged.") % {"name": name}
            ) from None
        self.read_total += size
        if sha256 is not None and digest.hexdigest() != sha256:
            raise BackupError(_("The file %(name)s of the backup is damaged.") % {"name": name})
        if values * DENSITY > max(size, CHUNK):
            raise BackupError(
                _(
                    "The file %(name)s of the backup holds more values than a backup of this "
                    "program does (more than one per %(bytes)s bytes); it is not read."
                )
                % {"name": name, "bytes": DENSITY}
            )
        return data

    def too_large(self, name: str, size: int) -> BackupError:
        if size <= self.limits.member:  # over the bound of all members together
            return BackupError(
                _(
                    "The file %(name)s of the backup is too large: a restore unpacks at most "
                    "%(member)s MB of one file and %(total)s MB of all files of a backup "
                    "(%(read)s MB read before it). Nothing was restored."
                )
                % {
                    "name": name,
                    "member": self.limits.member // MB,
                    "total": self.limits.total // MB,
                    "read": f"{self.read_total / MB:.0f}",
                }
            )
        return BackupError(
            _(
                "The file %(name)s of the backup is too large: a restore unpacks at most "
                "%(member)s MB of one file of a backup. Nothing was restored."
            )
            % {"name": name, "member": self.limits.member // MB}
        )


def _parse(name: str, data: bytes | bytearray) -> Any:
    try:
        return json.loads(data.decode("utf-8"), object_pairs_hook=pairs_unique)
    except DuplicateKey as duplicate:
        raise duplicate_key_error(name, duplicate) from None
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise BackupError(
            _("The file %(name)s of the backup is damaged.") % {"name": name}
        ) from None
