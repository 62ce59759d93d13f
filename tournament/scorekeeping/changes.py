"""The one counter of a tournament's changes that its public pages follow.

Every write that changes what the public pages show (a game saved or deleted, an approval, a
strike, a sanction, a correction signed off, the publication, the players, a draw, the
settings, a sheet closed) calls `public_pages_changed` inside its transaction. It raises the
tournament's `generation` in SQL, so the new value becomes visible together with the change.
The page cache (tournament/web/page_cache.py) serves a stored page only while the generation
it was rendered at is the database's: the counter is kept in the database, not in the cache,
so a change whose word to the cache was lost (a Redis that hung) still outdates every copy.
"""

from __future__ import annotations

from django.db.models import F
from django.dispatch import Signal

from tournament import models

#: Sent by `public_pages_changed` (keyword `tournament_id`): what is kept from the public
#: pages elsewhere follows (tournament/seasons/signals.py).
pages_changed = Signal()


def public_pages_changed(tournament_id: int) -> None:
    """Count a change of what the tournament's public pages show: their cached copies are
    not used any more once the caller's transaction commits."""
    models.Tournament.objects.filter(pk=tournament_id).update(generation=F("generation") + 1)
    pages_changed.send(sender=models.Tournament, tournament_id=tournament_id)
