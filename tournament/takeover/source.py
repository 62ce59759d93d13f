"""Which folder holds the continuous copy, and what it says about the hall. Plain Python.

The supervisor names the folder as he sees it: the stick (`COPY_TO` of the evening), its
`schafkopf-copy/` or the `db/` inside (tournament/replication/layout.py).
"""

from __future__ import annotations

import ipaddress
import json
from dataclasses import dataclass
from pathlib import Path

from tournament.replication.layout import DB_DIR, HALL_FILE, ROOT_NAME, SECRET_KEY_FILE


class SourceError(ValueError):
    """The folder holds no usable copy; `what` names the problem for the German message."""

    def __init__(self, what: str, path: Path) -> None:
        super().__init__(f"{what}: {path}")
        self.what, self.path = what, path


@dataclass(frozen=True)
class Hall:
    """The hall's facts as the first laptop wrote them (hall.json); empty when unknown."""

    address: str = ""
    port: int = 0
    site_url: str = ""
    written: str = ""


@dataclass(frozen=True)
class Source:
    """A continuous copy: its root folder (`schafkopf-copy/`) and what lies in it."""

    root: Path

    @property
    def replica(self) -> Path:
        return self.root / DB_DIR

    @property
    def replica_url(self) -> str:
        return "file://" + str(self.replica.absolute())

    @property
    def secret_key_file(self) -> Path:
        return self.root / SECRET_KEY_FILE

    @property
    def hall_file(self) -> Path:
        return self.root / HALL_FILE

    def secret_key(self) -> str:
        """The first laptop's secret key; SourceError when it is missing or empty."""
        try:
            key = self.secret_key_file.read_text().strip()
        except OSError:
            raise SourceError("secret_key", self.secret_key_file) from None
        if not key:
            raise SourceError("secret_key", self.secret_key_file)
        return key

    def hall(self) -> Hall:
        """hall.json read leniently: a missing or broken file, or a bad value, is unknown."""
        try:
            data = json.loads(self.hall_file.read_text())
        except (OSError, ValueError):
            return Hall()
        if not isinstance(data, dict):
            return Hall()
        address = str(data.get("address") or "").strip("[] ")
        try:
            address = str(ipaddress.ip_address(address)) if address else ""
        except ValueError:
            address = ""
        given = str(data.get("port") or "")
        port = int(given) if given.isdecimal() and 1 <= int(given) <= 65535 else 0
        return Hall(
            address=address,
            port=port,
            site_url=str(data.get("site_url") or "").rstrip("/"),
            written=str(data.get("written") or ""),
        )


def copy_source(given: Path) -> Source:
    """The copy under the folder the supervisor named; SourceError when there is none."""
    folder = Path(given).expanduser().absolute()
    if not folder.is_dir():
        raise SourceError("folder", folder)
    for root in (folder / ROOT_NAME, folder, folder.parent):
        if (root / DB_DIR).is_dir() and (root / DB_DIR / "ltx").is_dir():
            return Source(root)
    raise SourceError("replica", folder)
