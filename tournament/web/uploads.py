"""Uploads a job reads later (a backup to restore): kept in the storage, not in a local folder,
so that the app server that takes the confirmation and the worker that restores may be other
machines than the one that took the upload. The SHA-256 proves the file unchanged.

An upload holds names. One that is never confirmed is deleted after UPLOAD_KEEP_MINUTES (by the
next upload or visit of the restore page, and by `manage.py retention`); the storage writes it
readable by the app's user only (FILE_UPLOAD_PERMISSIONS)."""

from __future__ import annotations

import datetime as dt
import hashlib
import secrets

from django import forms
from django.conf import settings
from django.core.files.storage import default_storage
from django.utils import timezone

from tournament.models import Job
from tournament.web.upload_limit import MARGIN

FOLDER = "uploads"


def restore_upload_limit() -> int:
    """The largest backup upload, in bytes (RESTORE_UPLOAD_MAX_MB)."""
    return int(settings.RESTORE_UPLOAD_MAX_MB) * 1_000_000


def upload_keep(upload, folder: str, suffix: str = ".zip") -> tuple[str, str]:
    """Store `upload` under a new random name ending in `suffix` in `folder`; (its name in the
    storage, SHA-256)."""
    uploads_sweep()
    digest = hashlib.sha256()
    for chunk in upload.chunks():
        digest.update(chunk)
    upload.seek(0)
    name = default_storage.save(f"{FOLDER}/{folder}/{secrets.token_urlsafe(16)}{suffix}", upload)
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


def uploads_sweep(older_than: dt.timedelta | None = None) -> list[str]:
    """Delete the uploads older than `older_than` (default UPLOAD_KEEP_MINUTES) that no waiting
    job reads; returns their names."""
    if older_than is None:
        older_than = dt.timedelta(minutes=settings.UPLOAD_KEEP_MINUTES)
    before = timezone.now() - older_than
    if not default_storage.exists(FOLDER):
        return []
    waiting = set(
        Job.objects.filter(
            state__in=[Job.State.QUEUED, Job.State.RUNNING], upload__startswith=FOLDER
        ).values_list("upload", flat=True)
    )
    deleted = []
    folders, _files = default_storage.listdir(FOLDER)
    for folder in folders:
        for file in default_storage.listdir(f"{FOLDER}/{folder}")[1]:
            name = f"{FOLDER}/{folder}/{file}"
            if name in waiting:
                continue
            try:
                if default_storage.get_modified_time(name) > before:
                    continue
                default_storage.delete(name)
            except FileNotFoundError:  # another server swept it a moment ago
                continue
            deleted.append(name)
    return deleted


def upload_cut_off(request, limit: int) -> bool:
    """Whether the request is larger than an upload of `limit` bytes may be: the upload handlers
    stopped reading it at the limit (tournament/web/upload_limit.py), so its form sees no file
    at all."""
    try:
        length = int(request.META.get("CONTENT_LENGTH") or 0)
    except ValueError:
        length = 0
    return length > limit + MARGIN


def form_too_large(form_class: type[forms.Form], field: str, message: str) -> forms.Form:
    """The upload form of a request cut off at the limit, with `message` at its file `field`."""
    form = form_class(data={})
    form.is_valid()
    form.errors[field] = form.error_class([message])
    return form
