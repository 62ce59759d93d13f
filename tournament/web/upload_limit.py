"""Uploads stop at the largest file the app accepts (RESTORE_UPLOAD_MAX_MB, the backup to
restore; every other upload has a smaller limit of its own): a huge upload never fills the
disk. The view that took it then answers with its own German message (too large)."""

from __future__ import annotations

from django.conf import settings
from django.core.files.uploadhandler import FileUploadHandler, StopUpload

#: what one chunk may carry past the limit before the upload stops
MARGIN = 64 * 1024


class UploadLimitHandler(FileUploadHandler):
    def __init__(self, request=None) -> None:
        super().__init__(request)
        self.received = 0

    def receive_data_chunk(self, raw_data: bytes, start: int) -> bytes:
        self.received += len(raw_data)
        if self.received > int(settings.RESTORE_UPLOAD_MAX_MB) * 1_000_000 + MARGIN:
            raise StopUpload(connection_reset=True)
        return raw_data

    def file_complete(self, file_size: int) -> None:
        return None
