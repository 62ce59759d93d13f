"""Counting a visitor's requests in fixed windows of time, in a Django cache.

`window_hit` counts one request under `name` in the current window of `seconds` and answers the
count so far and the seconds until the window ends (the `Retry-After` of a refusal). The
counter lives in the cache given: the public pages' render limit uses the per-process default
cache (tournament/core/public_cache.py), the public registration the cache every worker shares
(tournament/checkin/limits.py). `address_key` names a visitor by the address
`client_address` finds behind our proxies, hashed so that no address is kept in the cache.
"""

from __future__ import annotations

import hashlib
import time

from django.core.cache import BaseCache


def address_key(address: str) -> str:
    return hashlib.sha256(address.encode()).hexdigest()[:32]


def window_hit(cache: BaseCache, name: str, seconds: int) -> tuple[int, int]:
    """Count a hit on `name` in this window of `seconds`: (hits so far, seconds left)."""
    now = time.time()
    key = f"{name}:{int(now // seconds)}"
    cache.add(key, 0, timeout=2 * seconds)
    try:
        count = cache.incr(key)
    except ValueError:  # dropped from a full cache in between
        count = 1
        cache.set(key, count, timeout=2 * seconds)
    return count, max(1, seconds - int(now % seconds))
