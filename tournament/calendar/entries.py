"""The public calendar's entries: the announced tournaments of the server, of one organiser or
of one cup, as every public reader shows them (the calendar page, the iCalendar and Atom feeds,
the JSON API, the club websites' embeds, the static export).

Only what is public: a tournament the supervisor has not announced (`Tournament.announced`
off, a draft) is never an entry; an entry carries no person. A past tournament links its
ranking only once the supervisor has published it. One query for the whole list, places taken
counted in it.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from decimal import Decimal

from django.db.models import Count, Q, QuerySet
from django.utils import timezone

from tournament import models

Publication = models.Tournament.Publication
#: How far back the calendar's pages and feeds reach: the tournaments of the last year.
PAST_DAYS = 365


@dataclass(frozen=True)
class CalendarEntry:
    """One announced tournament as the public sees it."""

    pk: int
    slug: str
    name: str
    organiser_slug: str
    organiser_name: str
    region: str
    date: dt.date
    start_time: dt.time | None
    venue: str
    entry_fee: Decimal
    #: None: no limit of places.
    places: int | None
    #: Places the public registration form still gives (0: full; None: no limit).
    places_left: int | None
    registration_open: bool
    status: str
    ranking_published: bool
    #: Stable across changes of the tournament (date, start, name): a calendar updates its entry.
    created_at: dt.datetime
    #: The public pages' change counter (tournament/scorekeeping/changes.py).
    generation: int

    @property
    def upcoming(self) -> bool:
        return self.date >= timezone.localdate()

    @property
    def starts_at(self) -> dt.datetime | None:
        """Date and start in the server's time zone; None without a start time."""
        if self.start_time is None:
            return None
        return timezone.make_aware(dt.datetime.combine(self.date, self.start_time))


def announced_tournaments() -> QuerySet[models.Tournament]:
    """The tournaments the public may see listed: announced ones only."""
    return models.Tournament.objects.filter(announced=True)


def recent_since() -> dt.date:
    """The first day of the calendar's reach into the past (`PAST_DAYS`)."""
    return timezone.localdate() - dt.timedelta(days=PAST_DAYS)


def calendar_entries(
    *,
    organiser: models.Organiser | None = None,
    cup: models.Cup | None = None,
    region: str = "",
    place: str = "",
    when: str = "",
    since: dt.date | None = None,
    tournament: models.Tournament | None = None,
) -> list[CalendarEntry]:
    """The announced tournaments, by date (upcoming first by nearest date when `when` is
    "upcoming", past newest first when "past", all by date otherwise); filtered by organiser,
    by cup (its hosted evenings), by region (the organiser's, case-insensitive), by place
    (part of the venue, case-insensitive), by date (`since` that day) or to one tournament."""
    query = announced_tournaments().select_related("organiser")
    if tournament is not None:
        query = query.filter(pk=tournament.pk)
    if since is not None:
        query = query.filter(date__gte=since)
    if organiser is not None:
        query = query.filter(organiser=organiser)
    if cup is not None:
        query = query.filter(cup_entries__cup=cup, cup_entries__state="active")
    if region:
        query = query.filter(organiser__region__iexact=region.strip())
    if place:
        query = query.filter(venue__icontains=place.strip())
    today = timezone.localdate()
    if when == "upcoming":
        query = query.filter(date__gte=today).order_by("date", "start_time", "name")
    elif when == "past":
        query = query.filter(date__lt=today).order_by("-date", "name")
    else:
        query = query.order_by("date", "start_time", "name")
    query = query.annotate(
        taken=Count("players", filter=Q(players__withdrawn=False, players__waiting_since=None))
    )
    return [_entry(t) for t in query]


def _entry(t) -> CalendarEntry:
    places = t.registration_limit
    left = None
    if places is not None:
        left = max(0, places - t.registration_reserved - t.taken)
    organiser = t.organiser
    return CalendarEntry(
        pk=t.pk,
        slug=t.slug,
        name=t.name,
        organiser_slug=organiser.slug if organiser else "",
        organiser_name=organiser.name if organiser else "",
        region=organiser.region if organiser else "",
        date=t.date,
        start_time=t.start_time,
        venue=t.venue,
        entry_fee=t.entry_fee,
        places=places,
        places_left=left,
        registration_open=t.registration_open,
        status=t.status,
        ranking_published=t.ranking_publication != Publication.HIDDEN,
        created_at=t.created_at,
        generation=t.generation,
    )


def calendar_regions() -> list[str]:
    """The regions of the organisers with an announced tournament, for the calendar's filter."""
    values = (
        models.Organiser.objects.filter(tournaments__announced=True)
        .exclude(region="")
        .values_list("region", flat=True)
        .distinct()
    )
    return sorted(set(values), key=str.casefold)
