"""Limits on what one visitor may ask for: who the visitor is behind our proxies
(`client_address`), requests counted in fixed windows of time in a Django cache (`window_hit`),
and the public pages' limit on renders past their cache (`render_allowed`).

Behind a reverse proxy named in `FORWARDED_ALLOW_IPS` (the proxies gunicorn trusts), the
visitor's address is the last one of `X-Forwarded-For` that is not such a proxy.

`window_hit` counts one request under `name` in the current window of `seconds` and answers the
count so far and the seconds until the window ends (the `Retry-After` of a refusal). The
counter lives in the cache given: the public pages' render limit uses the per-process default
cache (tournament/web/page_cache.py), the public registration the cache every worker shares
(tournament/checkin/limits.py). `address_key` names a visitor by the address
`client_address` finds behind our proxies, hashed so that no address is kept in the cache.

`source_of` is what a limit on people counts as one visitor: an IPv4 address, or the /64
network of an IPv6 address (a line, a household or a server is given a whole /64 and picks any
address in it at will); an IPv4 address written as IPv6 (`::ffff:192.0.2.1`) is that IPv4
address. `window_count` reads a window's count without adding to it.
"""

from __future__ import annotations

import hashlib
import ipaddress
import time
from functools import lru_cache

from django.conf import settings
from django.core.cache import BaseCache, cache
from django.core.exceptions import ImproperlyConfigured
from django.http import HttpResponse
from django.shortcuts import render


def address_key(address: str) -> str:
    return hashlib.sha256(address.encode()).hexdigest()[:32]


def source_of(address: str) -> str:
    """The visitor a limit counts: the IPv4 address, or the IPv6 address's /64 network."""
    try:
        ip = ipaddress.ip_address(address.split("%", 1)[0])
    except ValueError:
        return address
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.IPv6Network((ip, 64), strict=False))
    return str(ip)


def source_key(request) -> str:
    """The visitor's source (`source_of` the address behind our proxies), hashed."""
    return address_key(source_of(client_address(request)))


def _window_key(name: str, seconds: int, now: float) -> str:
    return f"{name}:{int(now // seconds)}"


def window_count(cache: BaseCache, name: str, seconds: int) -> tuple[int, int]:
    """The hits on `name` in this window of `seconds`, not counting one: (hits, seconds left)."""
    now = time.time()
    return cache.get(_window_key(name, seconds, now), 0), max(1, seconds - int(now % seconds))


def window_hit(cache: BaseCache, name: str, seconds: int) -> tuple[int, int]:
    """Count a hit on `name` in this window of `seconds`: (hits so far, seconds left)."""
    now = time.time()
    key = _window_key(name, seconds, now)
    cache.add(key, 0, timeout=2 * seconds)
    try:
        count = cache.incr(key)
    except ValueError:  # dropped from a full cache in between
        count = 1
        cache.set(key, count, timeout=2 * seconds)
    return count, max(1, seconds - int(now % seconds))


@lru_cache(maxsize=4)
def _proxies(allowed: tuple[str, ...]) -> tuple[bool, tuple]:
    """(every address is a proxy, the proxies' networks) of `FORWARDED_ALLOW_IPS`."""
    try:
        networks = tuple(ipaddress.ip_network(a, strict=False) for a in allowed if a != "*")
    except ValueError as error:
        raise ImproperlyConfigured(f"FORWARDED_ALLOW_IPS: {error}") from error
    return "*" in allowed, networks


def _proxy(address: str) -> bool:
    every, networks = _proxies(tuple(settings.FORWARDED_ALLOW_IPS))
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return False
    return every or any(ip in network for network in networks)


def client_address(request) -> str:
    """The visitor's address: the peer's, or, when the peer is a proxy of ours, the last
    address of X-Forwarded-For that is not one (the one our proxy saw; those before it are
    the visitor's to invent)."""
    address = request.META.get("REMOTE_ADDR", "")
    if not _proxy(address):
        return address
    forwarded = [a.strip() for a in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",")]
    for hop in reversed([a for a in forwarded if a]):
        address = hop
        if not _proxy(hop):
            break
    return address


def render_allowed(request) -> tuple[bool, int]:
    """Count a render outside the cache against the visitor: (still within
    `PUBLIC_RENDER_LIMIT` this minute, seconds until the next minute)."""
    limit = settings.PUBLIC_RENDER_LIMIT
    if not limit:
        return True, 0
    address = address_key(client_address(request))
    count, retry_after = window_hit(cache, f"public-render:{address}", 60)
    return count <= limit, retry_after


def too_many_renders(request, retry_after: int) -> HttpResponse:
    response = render(request, "429.html", status=429)
    response["Retry-After"] = str(retry_after)
    return response
