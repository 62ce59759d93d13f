"""Uploads a job reads later (a backup to restore): kept in the storage, not in a local folder,
so that the app server that takes the confirmation and the worker that restores may be other
machines than the one that took the upload. The SHA-256 proves the file unchanged."""

from __future__ import annotations

import hashlib
import secrets

from django.core.files.storage import default_storage


def upload_keep(upload, folder: str) -> tuple[str, str]:
    """Store `upload` under a new random name in `folder`; (its name in the storage, SHA-256)."""
    digest = hashlib.sha256()
    for chunk in upload.chunks():
        digest.update(chunk)
    upload.seek(0)
    name = default_storage.save(f"uploads/{folder}/{secrets.token_urlsafe(16)}.zip", upload)
    return name, digest.hexdigest()


def upload_sha256(name: str) -> str:
    """The SHA-256 of the stored file `name`, or "" when it is gone."""
    if not name or not default_storage.exists(name):
        return ""
    digest = hashlib.sha256()
    with default_storage.open(name, "rb") as source:
        for chunk in iter(lambda: source.read(1 << 20), b""):
            digest.update(chunk)
    return digest.hexdigest()
