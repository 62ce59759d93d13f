"""`{% embed_snippets tournament %}`: the box "Show on the club's website" of the tournament's
management page, with the `<iframe>` snippets of its ranking and of its organiser's calendar
(tournament/embeds/snippets.py)."""

from __future__ import annotations

from django import template

from tournament import models
from tournament.embeds.snippets import calendar_snippet, ranking_snippet

register = template.Library()


@register.inclusion_tag("tournament/embeds/snippets.html", takes_context=True)
def embed_snippets(context, tournament: models.Tournament) -> dict:
    request = context.get("request")
    organiser = tournament.organiser
    return {
        "tournament": tournament,
        "organiser": organiser,
        "ranking": ranking_snippet(request, tournament),
        "calendar": calendar_snippet(request, organiser) if organiser else None,
    }
