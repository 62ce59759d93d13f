"""What a second laptop needs besides the database, written into the copy's root
(tournament/replication/layout.py): the server's secret key (signed table links, PINs and
sessions stay valid there) and hall.json (where the hall was served, which database).

Plain Python: no Django.
"""

from __future__ import annotations

import json
import os
from datetime import datetime
from pathlib import Path

from tournament.replication.layout import copy_root, hall_path, secret_key_path


def secret_key_write(target: Path, key: str) -> None:
    """The secret key into the copy, readable by its owner only (0600), replaced at once."""
    root = copy_root(target)
    root.mkdir(parents=True, exist_ok=True)
    path = secret_key_path(target)
    partial = path.with_name(path.name + ".tmp")
    fd = os.open(partial, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w") as handle:
        handle.write(key + "\n")
        handle.flush()
        os.fsync(handle.fileno())
    os.chmod(partial, 0o600)
    partial.replace(path)


def hall_facts(
    *, address: str, port: int, site_url: str, database: Path, written: datetime
) -> dict[str, object]:
    return {
        "address": address,
        "port": port,
        "site_url": site_url,
        "database": str(database),
        "written": written.isoformat(timespec="seconds"),
    }


def hall_write(target: Path, facts: dict[str, object]) -> None:
    """hall.json into the copy, replaced at once."""
    root = copy_root(target)
    root.mkdir(parents=True, exist_ok=True)
    path = hall_path(target)
    partial = path.with_name(path.name + ".tmp")
    with open(partial, "w") as handle:
        json.dump(facts, handle, indent=2)
        handle.write("\n")
        handle.flush()
        os.fsync(handle.fileno())
    partial.replace(path)
