"""The snippets an organiser copies into his club's website: an `<iframe>` of an embed, on the
embed's absolute address (tournament/web/site_url.py: `SITE_URL` when set)."""

from __future__ import annotations

from dataclasses import dataclass

from django.http import HttpRequest
from django.urls import reverse
from django.utils.html import format_html
from django.utils.translation import gettext as _

from tournament import models
from tournament.web.site_url import absolute_url

#: Heights of the frames in pixels: a ranking of some 30 players, a calendar of a few evenings.
RANKING_HEIGHT = 600
CALENDAR_HEIGHT = 450


@dataclass(frozen=True)
class Snippet:
    url: str
    code: str


def iframe_code(url: str, title: str, height: int) -> str:
    """The `<iframe>` to paste: full width, no border, loaded when scrolled to. It needs no
    script; its `sandbox` lets the links open in a new tab or the whole window, nothing else."""
    return str(
        format_html(
            '<iframe src="{}" title="{}" width="100%" height="{}" style="border:0" '
            'loading="lazy" sandbox="allow-popups allow-popups-to-escape-sandbox '
            'allow-top-navigation-by-user-activation"></iframe>',
            url,
            title,
            height,
        )
    )


def ranking_snippet(request: HttpRequest | None, tournament: models.Tournament) -> Snippet:
    url = absolute_url(request, reverse("tournament:embed_ranking", args=[tournament.slug]))
    title = _("Ranking: %(name)s") % {"name": tournament.name}
    return Snippet(url, iframe_code(url, title, RANKING_HEIGHT))


def calendar_snippet(request: HttpRequest | None, organiser: models.Organiser) -> Snippet:
    url = absolute_url(request, reverse("tournament:embed_calendar", args=[organiser.slug]))
    title = _("Tournaments of %(name)s") % {"name": organiser.name}
    return Snippet(url, iframe_code(url, title, CALENDAR_HEIGHT))
