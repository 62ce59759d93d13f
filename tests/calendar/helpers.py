"""Tournaments for the calendar's tests: made through the importer, then given the calendar's
facts (organiser, date relative to today, start, Startgeld, places, announced)."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

from django.utils import timezone

from tournament.exchange.interchange.importer import tournament_import
from tournament.models import Organiser, Tournament


def organiser(slug: str, name: str, region: str = "") -> Organiser:
    return Organiser.objects.create(slug=slug, name=name, region=region)


def tournament(
    slug: str,
    owner: Organiser,
    *,
    days: int,
    players: int = 0,
    start: dt.time | None = None,
    venue: str = "Gasthaus zur Post",
    fee: str = "0",
    **fields,
) -> Tournament:
    """Tournament `slug` of `owner`, `days` from today (negative: past), with `players`
    registered."""
    date = timezone.localdate() + dt.timedelta(days=days)
    made = tournament_import(
        {
            "format": "schafkopf-turnier",
            "version": 1,
            "tournament": {"slug": slug, "name": slug.title(), "date": date.isoformat()},
            "players": [{"id": str(n), "name": f"Spieler {n}"} for n in range(1, players + 1)],
            "durchgaenge": [],
        }
    )
    values = {
        "organiser": owner,
        "venue": venue,
        "start_time": start,
        "entry_fee": Decimal(fee),
        **fields,
    }
    for name, value in values.items():
        setattr(made, name, value)
    made.save(update_fields=list(values))
    return made
