"""The calendar's iCalendar feeds (RFC 5545, made with the `icalendar` library): one VEVENT per
announced tournament, for a phone's or a club website's calendar to subscribe to.

- UID: the tournament's pk and its creation time at the server's host name; a changed date,
  start or name keeps it, so a subscribed calendar updates its entry instead of adding one.
- DTSTART: the date and start in the server's time zone (TZID with its VTIMEZONE), or the whole
  day (VALUE=DATE, DTEND the next day) when no start is set. No end is invented for a start.
- DTSTAMP: when the feed was made. No LAST-MODIFIED or SEQUENCE: a tournament keeps no time of
  its last change of date or start to derive them from.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Iterable
from urllib.parse import urlsplit

from django.conf import settings
from django.utils import timezone
from django.utils.translation import gettext as _
from icalendar import Calendar, Event

from tournament.calendar.entries import CalendarEntry
from tournament.calendar.texts import entry_facts

CONTENT_TYPE = "text/calendar; charset=utf-8"
PRODID = "-//Schafkopf-Turnier//Turnierkalender//DE"


def event_uid(entry: CalendarEntry, host: str) -> str:
    created = entry.created_at.astimezone(dt.UTC).strftime("%Y%m%dT%H%M%S%fZ")
    return f"turnier-{entry.pk}-{created}@{host}"


def host_of(address: str) -> str:
    """The host name of an absolute address (no port: the same server on another port is the
    same calendar); "localhost" for a path alone."""
    return urlsplit(address).hostname or "localhost"


def calendar_ics(
    entries: Iterable[CalendarEntry],
    *,
    name: str,
    address: Callable[[str], str],
    links: Callable[[CalendarEntry], dict[str, str]],
) -> bytes:
    """The iCalendar file of `entries`. `address(path)` makes a path absolute; `links(entry)`
    gives the entry's `page` (its public page) and, when it takes registrations, `registration`."""
    calendar = Calendar()
    calendar.add("prodid", PRODID)
    calendar.add("version", "2.0")
    calendar.add("calscale", "GREGORIAN")
    calendar.add("method", "PUBLISH")
    calendar.add("x-wr-calname", name)
    calendar.add("x-wr-timezone", settings.TIME_ZONE)
    # A subscribing calendar may look again every six hours.
    calendar.add("refresh-interval", dt.timedelta(hours=6), parameters={"VALUE": "DURATION"})
    calendar.add("x-published-ttl", "PT6H")
    host = host_of(address("/"))
    stamp = timezone.now().astimezone(dt.UTC)
    listed = list(entries)
    for entry in listed:
        calendar.add_component(_event(entry, host, stamp, links(entry)))
    if listed:
        # The VTIMEZONE's transitions around the dates listed only, a year either side.
        first = min(e.date for e in listed) - dt.timedelta(days=366)
        last = max(e.date for e in listed) + dt.timedelta(days=366)
        calendar.add_missing_timezones(first_date=first, last_date=last)
    return calendar.to_ical()


def _event(entry: CalendarEntry, host: str, stamp: dt.datetime, links: dict[str, str]) -> Event:
    event = Event()
    event.add("uid", event_uid(entry, host))
    event.add("dtstamp", stamp)
    starts = entry.starts_at
    if starts is None:
        event.add("dtstart", entry.date)
        event.add("dtend", entry.date + dt.timedelta(days=1))
    else:
        event.add("dtstart", starts.astimezone(timezone.get_current_timezone()))
    event.add("summary", entry.name)
    if entry.venue:
        event.add("location", entry.venue)
    event.add("url", links["page"])
    lines = entry_facts(entry)
    if "registration" in links:
        lines.append(_("Online registration: %(url)s") % {"url": links["registration"]})
    lines.append(links["page"])
    event.add("description", "\n".join(lines))
    event.add("status", "CONFIRMED")
    event.add("transp", "OPAQUE")
    return event
