"""How many public registrations one visitor, and one tournament, may take per hour
(`REGISTRATION_LIMIT_PER_ADDRESS`, `REGISTRATION_LIMIT_PER_TOURNAMENT`; 0: no limit).

Counted in the cache every worker shares (Redis in production), in windows of a clock hour.
A visitor is a source (`web.limits.source_of`): an IPv4 address, or an IPv6 address's /64,
found behind our proxies. Every valid post of the form counts against its source, a robot's
too (a robot learns nothing from the limit it meets), and a source over its limit is refused
before the tournament's count is touched.

The tournament's hour counts only registrations that take a place: without mail the
registration itself, with mail its confirmation. A robot caught by the hidden field and a
registration still waiting for its confirmation only read the count (and are refused like
everybody once it is full), so neither uses up what real visitors of other sources need. Over
a limit nothing is stored and the visitor is told when to come back.
"""

from __future__ import annotations

from django.conf import settings
from django.core.cache import caches
from django.http import HttpRequest

from tournament import models
from tournament.web.limits import source_key, window_count, window_hit

HOUR = 3600


def registration_wait(
    request: HttpRequest, tournament: models.Tournament, *, takes_place: bool
) -> int:
    """Count a post of the form against its source, and against the tournament when it
    `takes_place` now (without mail, not a robot's): 0 when it may go on, else the seconds
    until it may."""
    per_source = settings.REGISTRATION_LIMIT_PER_ADDRESS
    if per_source:
        name = f"registration-source:{source_key(request)}"
        count, wait = window_hit(caches["shared"], name, HOUR)
        if count > per_source:
            return wait
    return _tournament_wait(tournament, count=takes_place)


def registration_confirm_wait(tournament: models.Tournament) -> int:
    """Count a confirmation (it takes a place) against the tournament's hour."""
    return _tournament_wait(tournament, count=True)


def _tournament_wait(tournament: models.Tournament, *, count: bool) -> int:
    per_tournament = settings.REGISTRATION_LIMIT_PER_TOURNAMENT
    if not per_tournament:
        return 0
    name = f"registration-tournament:{tournament.pk}"
    if count:
        hits, wait = window_hit(caches["shared"], name, HOUR)
        return wait if hits > per_tournament else 0
    hits, wait = window_count(caches["shared"], name, HOUR)
    return wait if hits >= per_tournament else 0
