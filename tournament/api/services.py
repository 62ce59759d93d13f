"""What the API answers, built from the features' own public readers: the calendar's entries
(tournament/calendar/entries.py), the ranking as its public page decides it
(`Tournament.ranking_public_until`), the seasons' standings and the cup table with their public
names. Never a draft tournament (`announced` off), never a person's contact data or personal
code, never a full name its player chose to show by initial."""

from __future__ import annotations

from typing import Any

from django.http import Http404
from django.utils.translation import gettext as _

from rules.tiebreaks import COUNTERS
from tournament import models
from tournament.calendar.entries import CalendarEntry, announced_tournaments, calendar_entries
from tournament.cups.table import cup_table
from tournament.ranking.publication import ranking_public_last
from tournament.ranking.standings import standings_compute
from tournament.seasons.services import season_standings


class BadParameter(Exception):
    """A query parameter the API cannot read; `detail` names it (German)."""

    def __init__(self, detail: str) -> None:
        super().__init__(detail)
        self.detail = detail


class NotFound(Http404):
    """Unknown or not public; its message is the answer's German `detail`."""


def organisers() -> list[dict[str, Any]]:
    found = models.Organiser.objects.order_by("name", "slug")
    return [{"slug": o.slug, "name": o.name, "region": o.region} for o in found]


def _entry(entry: CalendarEntry) -> dict[str, Any]:
    return {
        "slug": entry.slug,
        "name": entry.name,
        "organiser_slug": entry.organiser_slug,
        "organiser_name": entry.organiser_name,
        "region": entry.region,
        "date": entry.date,
        "start_time": entry.start_time,
        "starts_at": entry.starts_at,
        "venue": entry.venue,
        "entry_fee": str(entry.entry_fee),
        "places": entry.places,
        "places_left": entry.places_left,
        "registration_open": entry.registration_open,
        "status": entry.status,
        "ranking_published": entry.ranking_published,
        "upcoming": entry.upcoming,
    }


#: `zeit`: the calendar's choice of upcoming or past tournaments.
WHEN = {"kommend": "upcoming", "vergangen": "past"}


def tournaments(*, organiser: str = "", cup: str = "", region: str = "", when: str = "") -> list:
    """The calendar, filtered as asked; an unknown organiser or cup is a bad filter."""
    if when and when not in WHEN:
        raise BadParameter(
            _("Parameter “%(name)s”: use “kommend” or “vergangen”.") % {"name": "zeit"}
        )
    found_organiser = found_cup = None
    if organiser:
        found_organiser = models.Organiser.objects.filter(slug=organiser).first()
        if found_organiser is None:
            raise BadParameter(
                _("Parameter “%(name)s”: there is no organiser “%(value)s”.")
                % {"name": "veranstalter", "value": organiser}
            )
    if cup:
        found_cup = models.Cup.objects.filter(slug=cup).first()
        if found_cup is None:
            raise BadParameter(
                _("Parameter “%(name)s”: there is no cup “%(value)s”.")
                % {"name": "pokal", "value": cup}
            )
    entries = calendar_entries(
        organiser=found_organiser, cup=found_cup, region=region, when=WHEN.get(when, "")
    )
    return [_entry(e) for e in entries]


def tournament_public(slug: str) -> models.Tournament:
    """The announced tournament of that slug; a German 404 for a draft or an unknown one."""
    found = announced_tournaments().select_related("organiser").filter(slug=slug).first()
    if found is None:
        raise NotFound(_("There is no tournament “%(slug)s”.") % {"slug": slug})
    return found


def tournament_detail(tournament: models.Tournament) -> dict[str, Any]:
    data = _entry(calendar_entries(tournament=tournament)[0])
    data["number_of_durchgaenge"] = tournament.number_of_durchgaenge
    data["ranking_published_until"] = ranking_public_last(tournament)
    return data


def _counters(values) -> dict[str, int]:
    """The counters by name; a row with fewer (a cup file of an older installation) counts 0
    for those it lacks."""
    given = [*values, *(0,) * len(COUNTERS)]
    return dict(zip(COUNTERS, given[: len(COUNTERS)], strict=True))


def ranking(tournament: models.Tournament, after: str = "") -> dict[str, Any]:
    """The ranking after Durchgang `after` (default: the last published), as the public ranking
    page shows it; a German 404 while it is not published or beyond what is."""
    until = ranking_public_last(tournament)
    if until is None:
        raise NotFound(_("The ranking of this tournament is not published."))
    if after and not (after.isdecimal() and len(after) <= 3 and int(after) >= 1):
        raise BadParameter(
            _("Parameter “%(name)s”: give the number of a Durchgang, e.g. 1.") % {"name": "nach"}
        )
    number = int(after) if after else until
    if number > max(until, 1):
        raise NotFound(
            _("The ranking after Durchgang %(number)s is not published.") % {"number": number}
        )
    standings = standings_compute(tournament, after=number)
    rows = [
        {
            "rank": s.rank,
            "start_number": s.player.start_number,
            "name": s.player.public_name,
            "club": s.player.club,
            "points": s.totals.points,
            "plus": s.totals.plus,
            "minus": s.totals.minus,
            "durchgaenge": list(s.totals.durchgaenge),
            "counters": _counters(getattr(s.totals, name) for name in COUNTERS),
            "lot": s.lot,
        }
        for s in standings
    ]
    return {
        "tournament": tournament.slug,
        "after": number,
        "number_of_durchgaenge": tournament.number_of_durchgaenge,
        "ranking_published_until": until,
        "final": number >= tournament.number_of_durchgaenge,
        "rows": rows,
    }


def _series(found: models.Season | models.Cup) -> dict[str, Any]:
    return {"slug": found.slug, "name": found.name, "organiser_slug": found.organiser.slug}


def seasons() -> list[dict[str, Any]]:
    return [_series(s) for s in models.Season.objects.select_related("organiser").order_by("slug")]


def cups() -> list[dict[str, Any]]:
    return [_series(c) for c in models.Cup.objects.select_related("organiser").order_by("slug")]


def _rows(rows, shown: list[int]) -> list[dict[str, Any]]:
    """The table's rows with their public names; the cells of the evenings in `shown` only."""
    return [
        {
            "rank": row.standing.rank,
            "name": row.public_name,
            "club": row.club,
            "value": row.standing.value,
            "played": row.standing.played,
            "counters": _counters(row.standing.counters),
            "cells": [{"value": row.cells[i][0], "counted": row.cells[i][1]} for i in shown],
        }
        for row in rows
    ]


def season_table(slug: str) -> dict[str, Any]:
    season = models.Season.objects.select_related("organiser").filter(slug=slug).first()
    if season is None:
        raise NotFound(_("There is no season “%(slug)s”.") % {"slug": slug})
    held, rows = season_standings(season)
    # A draft among the season's tournaments is no column: its name stays unannounced.
    shown = [i for i, t in enumerate(held) if t.announced]
    evenings = [{"slug": held[i].slug, "name": held[i].name, "date": held[i].date} for i in shown]
    return {
        **_series(season),
        "kind": season.kind,
        "tournaments": evenings,
        "rows": _rows(rows, shown),
    }


def cup_table_public(slug: str) -> dict[str, Any]:
    cup = models.Cup.objects.select_related("organiser").filter(slug=slug).first()
    if cup is None:
        raise NotFound(_("There is no cup “%(slug)s”.") % {"slug": slug})
    held, rows = cup_table(cup)
    shown = [i for i, e in enumerate(held) if e.tournament is None or e.tournament.announced]
    evenings = [
        {
            "slug": held[i].tournament.slug if held[i].tournament else "",  # type: ignore[union-attr]
            "name": held[i].name,
            "date": held[i].date,
        }
        for i in shown
    ]
    return {
        **_series(cup),
        "season": cup.season,
        "kind": cup.kind,
        "tournaments": evenings,
        "rows": _rows(rows, shown),
    }
