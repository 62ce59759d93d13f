"""What the exchange tests share: backups doctored as anyone with an editor and sha256sum can."""

from __future__ import annotations

import hashlib
import io
import json
import zipfile
from collections.abc import Callable
from typing import Any


def history_text_changed(data: bytes, change: Callable[[bytes], bytes]) -> bytes:
    """The backup `data` with the text of each tournament's history changed by `change`, and
    the manifest's sums and sizes made to fit."""
    with zipfile.ZipFile(io.BytesIO(data)) as source:
        members = {name: source.read(name) for name in source.namelist()}
    manifest = json.loads(members["manifest.json"])
    for name in members:
        if name.endswith(".history.json"):
            members[name] = change(members[name])
            manifest["files"][name] = {
                "sha256": hashlib.sha256(members[name]).hexdigest(),
                "size": len(members[name]),
            }
    members["manifest.json"] = json.dumps(manifest).encode()
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as archive:
        for name, member in members.items():
            archive.writestr(name, member)
    return out.getvalue()


def history_changed(data: bytes, change: Callable[[Any], None]) -> bytes:
    """The backup `data` with each tournament's history (as JSON) changed in place by
    `change`, and the manifest's sums made to fit."""

    def changed(text: bytes) -> bytes:
        history = json.loads(text)
        change(history)
        return json.dumps(history).encode("utf-8", "surrogatepass")

    return history_text_changed(data, changed)
