"""How many public registrations one visitor's address, and one tournament, may send per hour
(`REGISTRATION_LIMIT_PER_ADDRESS`, `REGISTRATION_LIMIT_PER_TOURNAMENT`; 0: no limit).

Counted in the cache every worker shares (Redis in production), in windows of a clock hour,
by the visitor's address as `web.limits.client_address` finds it behind our proxies. A post
counts once its form is valid, whether it is stored or is a robot's (a robot learns nothing
from the limit it meets); over a limit nothing is stored and the visitor is told when to come
back.
"""

from __future__ import annotations

from django.conf import settings
from django.core.cache import caches
from django.http import HttpRequest

from tournament import models
from tournament.web.limits import address_key, client_address, window_hit

HOUR = 3600


def registration_wait(request: HttpRequest, tournament: models.Tournament) -> int:
    """Count this registration: 0 when it may go on, else the seconds until it may."""
    shared = caches["shared"]
    per_address = settings.REGISTRATION_LIMIT_PER_ADDRESS
    if per_address:
        address = address_key(client_address(request))
        count, wait = window_hit(shared, f"registration-address:{address}", HOUR)
        if count > per_address:
            return wait
    per_tournament = settings.REGISTRATION_LIMIT_PER_TOURNAMENT
    if per_tournament:
        count, wait = window_hit(shared, f"registration-tournament:{tournament.pk}", HOUR)
        if count > per_tournament:
            return wait
    return 0
