"""Absolute addresses for printing: every link and QR code that leaves the screen (printouts,
the projector, the table links) is made here.

With the setting `SITE_URL` (environment variable, e.g. ``http://192.168.1.23:8000``; `make
hall` sets it to the laptop's address in the hall's network) the address is built on it, so a
sheet printed on the laptop through http://127.0.0.1:8000 still carries an address the phones
in the hall can reach. Without it, the address of the request is used, as the browser sent it.
"""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest


def absolute_url(request: HttpRequest | None, path: str) -> str:
    """`path` (absolute, from `reverse`) as a full address for printing: on `SITE_URL` when
    it is set, else on the request's scheme and host. Without a request, `SITE_URL` is needed
    and the path alone is returned when it is not set."""
    site = settings.SITE_URL
    if site:
        return site + path
    if request is None:
        return path
    return request.build_absolute_uri(path)
