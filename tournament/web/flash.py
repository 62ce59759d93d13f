"""A message for the next page (Django's messages), added once: a save sent again (the clerk's
Enter after an answer that was lost on the way back to the sheet, whose cookie already carried
the message) would otherwise show the same message twice."""

from __future__ import annotations

from typing import Any

from django.contrib import messages


def message_once(request, level: int, text: str) -> None:
    """Add `text` at `level` unless the same message is already waiting to be shown."""
    storage: Any = messages.get_messages(request)
    # The messages still to show: those the request brought (its cookie) and those added by
    # now, read without iterating the storage, which would mark them shown (Django's private
    # attributes of BaseStorage; a request without the middleware has none).
    waiting = [
        *getattr(storage, "_loaded_messages", ()),
        *getattr(storage, "_queued_messages", ()),
    ]
    if any(m.level == level and m.message == text for m in waiting):
        return
    messages.add_message(request, level, text)
