"""`{% live_attributes "name" %}`: the attributes that make an element a live region refreshed
by static/tournament/web/live.js (tournament/web/live.py): the page's own URL, the interval
`settings.LIVE_SECONDS[name]`, the ETag of the fragment shown and the note shown while the
server cannot be reached."""

from __future__ import annotations

from django import template
from django.conf import settings
from django.utils.html import format_html
from django.utils.translation import gettext as _

register = template.Library()


@register.simple_tag(takes_context=True)
def live_attributes(context, name: str) -> str:
    # live.js puts the time of the last answer in place of {time}.
    stale = _("Connection interrupted – as of %(time)s") % {"time": "{time}"}
    return format_html(
        'data-live-url="{}" data-live-seconds="{}" data-live-etag="{}" data-live-stale="{}"',
        context["request"].get_full_path(),
        settings.LIVE_SECONDS[name],
        context.get("live_etag", ""),
        stale,
    )
