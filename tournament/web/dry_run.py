"""Run a service's action and throw its writes away: what the action would do, computed by the
same code that does it, so that a preview and the result cannot disagree."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from django.db import transaction

T = TypeVar("T")


def dry_run(action: Callable[[], T]) -> T:
    """`action()` inside a transaction that is rolled back; its result (read inside the
    transaction, so it sees what the action wrote) or its exception."""
    with transaction.atomic():
        result = action()
        transaction.set_rollback(True)
    return result
