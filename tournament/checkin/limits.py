"""How many public registrations one visitor, and one tournament, may take per hour
(`REGISTRATION_LIMIT_PER_ADDRESS`, `REGISTRATION_LIMIT_PER_TOURNAMENT`; 0: no limit).

Counted in the cache every worker shares (Redis in production), in windows of a clock hour.
A visitor is a source (`web.limits.source_of`): an IPv4 address, or an IPv6 address's /64,
found behind our proxies. Every valid post of the form counts against its source, a robot's
too (a robot learns nothing from the limit it meets), and a source over its limit is refused
before the tournament's count is touched.

The tournament's hour counts only registrations that took a place: without mail the
registration itself, with mail its confirmation, each counted once it is stored
(`registration_counted`). Before, the count is only read (`registration_wait`,
`registration_confirm_wait`): a robot caught by the hidden field, a registration waiting for its
confirmation and one refused (a mailbox with its player already) meet the same refusal as
everybody once the hour is full, but use none of it, so nobody of one source uses up what real
visitors of other sources need. Two registrations at the same moment may pass the last place of
the hour together: the limit is a brake, not a count of places. Over a limit nothing is stored
and the visitor is told when to come back.
"""

from __future__ import annotations

from django.conf import settings
from django.core.cache import caches
from django.http import HttpRequest

from tournament import models
from tournament.web.limits import source_key, window_count, window_hit

HOUR = 3600


def registration_wait(request: HttpRequest, tournament: models.Tournament) -> int:
    """Count a post of the form against its source, and read the tournament's hour: 0 when it
    may go on, else the seconds until it may."""
    per_source = settings.REGISTRATION_LIMIT_PER_ADDRESS
    if per_source:
        name = f"registration-source:{source_key(request)}"
        count, wait = window_hit(caches["shared"], name, HOUR)
        if count > per_source:
            return wait
    return registration_confirm_wait(tournament)


def registration_confirm_wait(tournament: models.Tournament) -> int:
    """Read the tournament's hour: 0 while it takes registrations, else the seconds until."""
    per_tournament = settings.REGISTRATION_LIMIT_PER_TOURNAMENT
    if not per_tournament:
        return 0
    hits, wait = window_count(caches["shared"], _tournament_name(tournament), HOUR)
    return wait if hits >= per_tournament else 0


def registration_counted(tournament: models.Tournament) -> None:
    """A registration took a place (stored without mail, or confirmed): counted in the hour."""
    if settings.REGISTRATION_LIMIT_PER_TOURNAMENT:
        window_hit(caches["shared"], _tournament_name(tournament), HOUR)


def _tournament_name(tournament: models.Tournament) -> str:
    return f"registration-tournament:{tournament.pk}"
