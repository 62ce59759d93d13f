"""Cup tests' helpers: a cup file taken apart and put together again (to alter or unsign it)."""

from __future__ import annotations

import base64
import json


def envelope_of(data: bytes) -> dict:
    return json.loads(data)


def payload_of(data: bytes) -> dict:
    return json.loads(base64.b64decode(envelope_of(data)["payload"]))


def file_with(data: bytes, **changes) -> bytes:
    """The cup file `data` with envelope fields changed (None: removed)."""
    envelope = envelope_of(data)
    for name, value in changes.items():
        if value is None:
            envelope.pop(name, None)
        else:
            envelope[name] = value
    return json.dumps(envelope).encode()


def file_altered(data: bytes, change) -> bytes:
    """The cup file with its payload changed by `change(payload)`, the signature kept."""
    payload = payload_of(data)
    change(payload)
    raw = json.dumps(payload, ensure_ascii=False, separators=(",", ":")).encode()
    return file_with(data, payload=base64.b64encode(raw).decode())


def standings_row(name: str, rank: int, points: int, counters=(0, 0, 0, 0, 0), club=""):
    return {
        "name": name,
        "public_name": name,
        "club": club,
        "rank": rank,
        "points": points,
        "counters": list(counters),
    }
