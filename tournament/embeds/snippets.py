"""The snippets an organiser copies into his club's website: an `<iframe>` of an embed, on the
embed's absolute address (tournament/web/site_url.py: `SITE_URL` when set), in the language of
the page it is copied from."""

from __future__ import annotations

from dataclasses import dataclass

from django.http import HttpRequest
from django.urls import reverse
from django.utils import translation
from django.utils.html import escape
from django.utils.translation import gettext as _

from tournament import models
from tournament.embeds.language import PARAMETER
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
    # Plain text (not marked safe): the page shows it escaped, to be copied.
    return (
        f'<iframe src="{escape(url)}" title="{escape(title)}" width="100%" height="{height}" '
        'style="border:0" loading="lazy" sandbox="allow-popups allow-popups-to-escape-sandbox '
        'allow-top-navigation-by-user-activation"></iframe>'
    )


def _address(request: HttpRequest | None, path: str) -> str:
    """The embed's absolute address in the language the snippet is copied in: a German club's
    website shows German to every visitor, whatever his browser speaks (removing `?sprache=`
    leaves the choice to the browser)."""
    return absolute_url(request, path) + f"?{PARAMETER}={translation.get_language()}"


def ranking_snippet(request: HttpRequest | None, tournament: models.Tournament) -> Snippet:
    url = _address(request, reverse("tournament:embed_ranking", args=[tournament.slug]))
    title = _("Ranking: %(name)s") % {"name": tournament.name}
    return Snippet(url, iframe_code(url, title, RANKING_HEIGHT))


def calendar_snippet(request: HttpRequest | None, organiser: models.Organiser) -> Snippet:
    url = _address(request, reverse("tournament:embed_calendar", args=[organiser.slug]))
    title = _("Tournaments of %(name)s") % {"name": organiser.name}
    return Snippet(url, iframe_code(url, title, CALENDAR_HEIGHT))
