"""The embeds: compact public pages for an `<iframe>` on a club's own website. No cookie, no
script, no form; their own small stylesheet; framable by any site (framing.py); in the language
of `?sprache=` or the browser (language.py). Links leave the frame (`target="_top"`) or open a
new tab (`target="_blank"`)."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.views.decorators.cache import cache_control
from django.views.decorators.http import require_safe

from tournament import models
from tournament.embeds.framing import framable
from tournament.embeds.language import PARAMETER, embed_language
from tournament.embeds.services import calendar_upcoming, ranking_public
from tournament.web.page_cache import public_page_cached, text

TEMPLATES = "tournament/embeds/"
#: Seconds a browser or proxy may keep the calendar's embed (places left change slowly).
CALENDAR_SECONDS = 300


@require_safe
@framable
@embed_language
@public_page_cached(query={PARAMETER: text})
def ranking_embed(request: HttpRequest, slug: str) -> HttpResponse:
    """A tournament's ranking as far as it is published (rank, name, club, points); a short
    note while it is not. Served from the public pages' cache like the ranking page."""
    tournament = models.Tournament.objects.filter(slug=slug).first()
    if tournament is None:
        return _not_found(request, _("There is no such tournament (any more)."))
    context = {"tournament": tournament, "ranking": ranking_public(tournament)}
    return render(request, TEMPLATES + "ranking.html", context)


@require_safe
@framable
@embed_language
@cache_control(public=True, max_age=CALENDAR_SECONDS)
def calendar_embed(request: HttpRequest, organiser: str) -> HttpResponse:
    """The organiser's announced tournaments to come: date, start, place, Startgeld, places
    left and the registration link while it is open."""
    owner = models.Organiser.objects.filter(slug=organiser).first()
    if owner is None:
        return _not_found(request, _("There is no such organiser (any more)."))
    context = {"organiser": owner, "entries": calendar_upcoming(owner)}
    return render(request, TEMPLATES + "calendar.html", context)


def _not_found(request: HttpRequest, message: str) -> HttpResponse:
    """A 404 the frame shows (the site's own 404 page may not be framed and carries the language
    switch's form, whose token is a cookie): a snippet with a mistyped address says so."""
    return render(request, TEMPLATES + "not_found.html", {"message": message}, status=404)
