"""A player list checked and waiting for the supervisor's confirmation (a draft): its rows hold
names, so they are kept as a stored upload (tournament/web/uploads.py), never in the session.
The retention sweep deletes a draft never confirmed after UPLOAD_KEEP_MINUTES, and an erasure
of a person at once (tournament/persons/privacy.py); the session keeps only the tournament, a
token and the draft's name in the storage with its SHA-256."""

from __future__ import annotations

import json
from dataclasses import astuple

from django.core.files.base import ContentFile
from django.core.files.storage import default_storage

from tournament.registration.player_import import PlayerRow
from tournament.web.uploads import upload_keep, upload_sha256

#: The drafts' folder among the uploads.
FOLDER = "player-lists"


def draft_keep(rows: list[PlayerRow]) -> dict[str, str]:
    """Store `rows`; what the session keeps to find them again (no name)."""
    content = ContentFile(json.dumps([astuple(row) for row in rows]).encode("utf-8"))
    name, sha256 = upload_keep(content, FOLDER, ".json")
    return {"upload": name, "sha256": sha256}


def draft_rows(stored: dict) -> list[PlayerRow] | None:
    """The rows of the draft the session points to, or None when it is gone (swept, erased,
    confirmed) or changed."""
    name, sha256 = stored.get("upload", ""), stored.get("sha256", "")
    if not isinstance(name, str) or not name.startswith(f"uploads/{FOLDER}/"):
        return None
    if not sha256 or upload_sha256(name) != sha256:
        return None
    with default_storage.open(name, "rb") as source:
        return [PlayerRow(*row) for row in json.loads(source.read())]


def draft_drop(stored: dict | None) -> None:
    """Delete the draft the session points to, if it is there."""
    name = (stored or {}).get("upload", "")
    if isinstance(name, str) and name.startswith(f"uploads/{FOLDER}/"):
        default_storage.delete(name)
