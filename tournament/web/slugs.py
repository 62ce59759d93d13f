"""The address (slug) of a new tournament, made from its name and date."""

from __future__ import annotations

import datetime

from django.utils.text import slugify

from tournament.models import Tournament


def tournament_slug(name: str, date: datetime.date) -> str:
    """`<name>-<date>`, without the year when the name carries it already ("Kirchweih-Schafkopf
    2026" on 2026-11-28: kirchweih-schafkopf-2026-11-28), and `-2`, `-3` … when taken."""
    year = str(date.year)
    words = [word for word in slugify(name).split("-") if word and word != year]
    base = slugify("-".join([*words, date.isoformat()]))[:70] or "turnier"
    slug, n = base, 1
    while Tournament.objects.filter(slug=slug).exists():
        n += 1
        slug = f"{base}-{n}"
    return slug
