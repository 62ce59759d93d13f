"""Revisions: a token per table, in the cache every process shares (``caches["shared"]``,
config/caches.py), that changes whenever what a phone shows of it changes. A poll that brings
the token it saw last learns "nothing new" from the cache alone, without a database query.

A write that changes what is shown calls `revision_raise` inside its transaction (the sheet's
history, `event_log`, does it for every game, decision, signature and closing; the keeper and the
links for their table). The public pages follow the tournament's generation in the database
instead (scorekeeping/changes.py). The
token is replaced by a new random one once the transaction commits. Whoever builds a state
reads the token first (`revision`) and the rows after: a change committed in between replaces
the token, so the state built from the older rows never carries the newer token (the race
"read the old rows, the change commits, store the old state as new" cannot happen). A phone's
saved game is answered with the state its save read and wrote (phones/services.py): it carries
the token read before the save, or the save's own where a check after the commit finds that
nothing else changed the table meanwhile. A token that is missing (a new table, a cache
emptied or not answering) is made anew; a cache that does not answer makes every poll load the
state again.

The table link's token maps to its table and tournament here too (`link_remember`), so that a
phone's poll finds its table without the database; revoking or replacing the link, deleting
the table and closing the sheet drop or outdate that entry.
"""

from __future__ import annotations

import logging
import secrets
from collections.abc import Callable, Iterable

from django.core.cache import caches
from django.db import transaction

logger = logging.getLogger(__name__)

SHARED = "shared"
TABLE = "table"


def _key(kind: str, pk: int) -> str:
    return f"revision:{kind}:{pk}"


def _link_key(token: str) -> str:
    return f"link:{token}"


def revision(kind: str, pk: int) -> str:
    """The current token of table `pk` (made when there is none); read it
    before the rows the state is built from."""
    cache = caches[SHARED]
    current = cache.get(_key(kind, pk))
    if current is None:
        made = secrets.token_hex(8)
        cache.add(_key(kind, pk), made)
        current = cache.get(_key(kind, pk))
        if current is None:  # the cache does not answer: a token no poll will bring
            return f"-{made}"
    return current


def revision_peek(kind: str, pk: int) -> str | None:
    """The current token, or None when there is none (then only the database knows)."""
    return caches[SHARED].get(_key(kind, pk))


def after_commit(action: Callable[[], object]) -> None:
    """Run `action` once the current transaction commits (at once outside one; tests, whose
    transaction never commits, run it at once: tests/conftest.py)."""
    transaction.on_commit(action)


def revision_raise(kind: str, pk: int) -> None:
    """A new token once the current transaction commits. A state built meanwhile read the old
    token before its rows: whether its rows are old or new, the next poll loads it again."""
    key = _key(kind, pk)
    after_commit(lambda: caches[SHARED].set(key, secrets.token_hex(8)))


def link_remember(token: str, *, table_id: int, tournament_id: int) -> None:
    """Note a valid link of an open sheet, found in the database."""
    caches[SHARED].set(_link_key(token), (table_id, tournament_id))


def link_known(token: str) -> tuple[int, int] | None:
    """(table id, tournament id) of a link noted valid, or None."""
    return caches[SHARED].get(_link_key(token))


def links_forget(tokens: Iterable[str]) -> None:
    """The links are unknown again (revoked, deleted), once the transaction commits."""
    keys = [_link_key(token) for token in tokens]
    if keys:
        after_commit(lambda: caches[SHARED].delete_many(keys))


def tournament_known(slug: str) -> tuple[int, float] | None:
    """(id, creation time) of the tournament under `slug`, noted by `tournament_remember`
    when a public page of it was kept: what finds the kept copy while the database is away."""
    return caches[SHARED].get(f"slug:{slug}")


def tournament_remember(slug: str, *, pk: int, created_at: float) -> None:
    # Kept a few minutes only: a slug given to another tournament is read from the database
    # again soon.
    caches[SHARED].set(f"slug:{slug}", (pk, created_at), 300)


def link_deleted(sender, instance, **kwargs) -> None:
    """Signal receiver (post_delete of TableLink, with its table or tournament): its phones'
    next poll asks the database and finds it gone."""
    links_forget([instance.token])
    revision_raise(TABLE, instance.table_id)


def revisions_forget(**kwargs) -> None:
    """Called by the Redis cache's breaker (config/caches.py, named in settings.py) when Redis
    answers again after this process skipped it: every table's revision is dropped, so that no
    poll takes a change this process could not announce meanwhile for "nothing new"; each is
    made anew on its next read, and the phones load their tables' state once."""
    cache = caches[SHARED]
    matching_delete = getattr(cache, "matching_delete", None)
    if matching_delete is None:
        return  # not Redis: nothing was skipped
    pattern = cache.make_key(_key(TABLE, 0)).removesuffix("0") + "*"
    try:
        matching_delete(pattern)
    except Exception:  # Redis gone again: its breaker opens on the next call
        logger.warning("the tables' revisions could not be dropped from Redis", exc_info=True)
