"""Who a stored step names as the one who took it (a history row, a merge, a key registered)."""

from __future__ import annotations

from typing import Any


def user_recorded(user: Any) -> Any:
    """`user` when logged in; None for nobody, or for an anonymous visitor (a phone, a public
    form, a command)."""
    return user if user is not None and user.is_authenticated else None
