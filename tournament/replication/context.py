"""The copy's state for every page (a context processor): the banner in base.html for the
logged-in staff when the copy falls behind, and the panel on the start page. One stat of the
status file per page (tournament/replication/status.py); nothing for visitors."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest

from tournament.replication.status import copy_status, same_disk_message


def copy_state(request: HttpRequest) -> dict[str, Any]:
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return {}
    status = copy_status()
    if status is None:
        return {}
    return {"copy_status": status, "copy_same_disk": same_disk_message()}
