"""The "?" beside a management page's title: the address of its section in the handbook."""

from __future__ import annotations

from django.http import HttpRequest
from django.urls import reverse

from tournament.handbook.pages import help_anchor


def help_link(request: HttpRequest) -> dict[str, str]:
    match = getattr(request, "resolver_match", None)
    anchor = help_anchor(match.view_name) if match else None
    if anchor is None:
        return {}
    return {"help_url": f"{reverse('tournament:handbook')}#{anchor}"}
