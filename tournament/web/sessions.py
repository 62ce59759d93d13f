"""Staff sessions end a working day after the login.

Connected to `user_logged_in` (tournament/apps.py), so every login (the site's and the
admin's) gets a fixed end, `STAFF_SESSION_HOURS` after it, however busy the day was: a laptop
left logged in at the venue does not stay so overnight. Sessions of anybody else follow
SESSION_COOKIE_AGE (settings.py); visitors of the public pages get none, except one who follows
a mailed link of the public registration, whose key the session keeps (docs/checkin.md).
"""

from __future__ import annotations

from datetime import timedelta

from django.conf import settings


def staff_session_expiry(sender, request, user, **kwargs) -> None:
    """Signal receiver: the session of this login ends `STAFF_SESSION_HOURS` from now."""
    if request is not None and hasattr(request, "session"):
        request.session.set_expiry(timedelta(hours=settings.STAFF_SESSION_HOURS))
