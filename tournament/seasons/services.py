"""Seasons: each tournament's part written from its public ranking when that changed, and the
season's standings from those rows (scoring/season.py). A season page costs the same few
queries however many tournaments it holds and writes nothing: the parts are written when a
tournament joins a season and by a task after each change (tournament/seasons/signals.py); a
part not written yet since a change is computed for the page without being stored."""

# Declared boilerplate (duplicates): checking a form's values and raising the feature's
# ServiceError is alike in shape in every service.

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from rules.tiebreaks import COUNTERS
from scoring.season import (
    Entry,
    PlacementError,
    SeasonRule,
    SeasonStanding,
    placement_parse,
    season_rank,
)
from tournament import models
from tournament.models.persons import public_name
from tournament.ranking.standings import standings_compute
from tournament.scorekeeping.changes import public_pages_changed
from tournament.web.form_errors import ServiceError


class SeasonError(ServiceError):
    """A user error; `errors` maps a form field (or "__all__") to translated messages."""


def _results(tournament: models.Tournament) -> list[models.SeasonResult]:
    """The tournament's part of its seasons as its public ranking shows it now (not stored)."""
    after = tournament.ranking_public_until(tournament.durchgaenge.count())
    if not after:
        return []
    standings = standings_compute(tournament, after=after)
    return [
        models.SeasonResult(
            tournament=tournament,
            player=s.player,
            person_id=s.player.person_id,
            place=place,
            points=s.totals.points,
            counters=[getattr(s.totals, name) for name in COUNTERS],
        )
        for place, s in enumerate(standings, start=1)
    ]


def season_results_write(tournament_id: int) -> None:
    """Write the tournament's season results as its public ranking shows them now, unless they
    are written for its present generation already. Called when the tournament joins a season
    and, through a task, after each change of its public pages (tournament/seasons/signals.py);
    never by a page."""
    with transaction.atomic():
        tournament = models.Tournament.objects.select_for_update().get(pk=tournament_id)
        generation = tournament.generation
        if tournament.season_generation == generation:
            return  # written meanwhile
        models.SeasonResult.objects.filter(tournament=tournament).delete()
        models.SeasonResult.objects.bulk_create(_results(tournament))
        models.Tournament.objects.filter(pk=tournament.pk).update(season_generation=generation)


#: What the season's page reads of a stored result: the tournament, whom (the player, and the
#: person when the player is in the register), and what counts.
_RESULT = (
    *("tournament_id", "player_id", "person_id", "place", "points", "counters"),
    *("player__name", "player__club", "player__publish_full_name"),
    *("person__name", "person__club", "person__publication"),
)


@dataclass(frozen=True)
class _Named:
    name: str  # in full (staff)
    club: str
    public_name: str  # by the person's (or the player's) publication choice


def _season_results(
    season: models.Season, tournaments: list[models.Tournament]
) -> tuple[list[Entry], dict[str, _Named]]:
    """The results of the season's `tournaments` and whom each season key names: as stored,
    read as plain values (a season of a dozen tournaments has thousands of results: whole rows
    of each with its player and person were most of the page's time), and for a tournament
    changed since they were written (its task has not run yet) computed now, not stored."""
    stale = {t.pk for t in tournaments if t.generation != t.season_generation}
    stored = models.SeasonResult.objects.filter(tournament__seasons=season)
    if stale:
        stored = stored.exclude(tournament_id__in=stale)
    rows = list(stored.values_list(*_RESULT))
    computed = [r for t in tournaments if t.pk in stale for r in _results(t)]
    persons = models.Person.objects.in_bulk({r.person_id for r in computed if r.person_id})
    for r in computed:
        person = persons.get(r.person_id) if r.person_id else None
        rows.append(
            (r.tournament_id, r.player_id, person.pk if person else None)
            + (r.place, r.points, r.counters, r.player.name, r.player.club)
            + (r.player.publish_full_name,)
            + ((person.name, person.club, person.publication) if person else (None, None, None))
        )
    entries, named = [], {}
    for tournament, player, person, place, points, counters, *names in rows:
        key = f"person:{person}" if person else f"player:{player}"
        entry = Entry(
            key, tournament=tournament, place=place, points=points, counters=tuple(counters)
        )
        entries.append(entry)
        if key not in named:
            named[key] = _named(bool(person), *names)
    return entries, named


def _named(
    in_register: bool,
    name: str,
    club: str,
    full: bool,
    person_name: str,
    person_club: str,
    publication: str,
) -> _Named:
    if in_register:
        shown = public_name(person_name, full=publication == models.Person.Publication.FULL)
        return _Named(person_name, person_club, shown)
    return _Named(name, club, public_name(name, full=full))


@dataclass(frozen=True)
class Row:
    standing: SeasonStanding
    name: str  # in full (staff)
    public_name: str  # by the person's publication choice
    club: str
    cells: list[tuple[int | None, bool]]  # per tournament of the season: value, counted


def _rule(season: models.Season) -> SeasonRule:
    return SeasonRule(
        kind=season.kind,
        best=season.best,
        placement=tuple(season.placement),
        minimum=season.minimum,
    )


def season_standings(season: models.Season) -> tuple[list[models.Tournament], list[Row]]:
    """The season's tournaments (by date) and its standings."""
    tournaments = list(season.tournaments.order_by("date", "pk"))
    entries, named = _season_results(season, tournaments)
    rows = []
    for standing in season_rank(entries, _rule(season), seed=season.lot_seed):
        holder = named[standing.person]
        cells = [(standing.values.get(t.pk), t.pk in standing.counted) for t in tournaments]
        rows.append(
            Row(
                standing=standing,
                name=holder.name,
                public_name=holder.public_name,
                club=holder.club,
                cells=cells,
            )
        )
    return tournaments, rows


def season_checked(values: dict[str, Any], *, organiser: models.Organiser) -> dict[str, Any]:
    """The form's values made ready to store, or SeasonError with German messages."""
    errors: dict[str, list[str]] = {}
    kind = values.get("kind")
    text = values.pop("placement_text", "") or ""
    try:
        values["placement"] = list(placement_parse(text))
    except PlacementError as error:
        errors["placement_text"] = [
            _("“%(part)s” is no number of points: write the points by place, e.g. 25-20-16-13.")
            % {"part": error.part}
        ]
    if kind == models.Season.Kind.PLACEMENT and not values.get("placement") and not errors:
        errors["placement_text"] = [_("Enter the points by place, e.g. 25-20-16-13.")]
    if kind == models.Season.Kind.BEST and not values.get("best"):
        errors["best"] = [_("Enter how many tournaments count.")]
    foreign = [t for t in values.get("tournaments", []) if t.organiser_id != organiser.pk]
    if foreign:
        errors["tournaments"] = [_("Only tournaments of this organiser can be in its season.")]
    if errors:
        raise SeasonError(errors)
    return values


def season_save(
    *,
    organiser: models.Organiser,
    season: models.Season | None = None,
    name: str,
    slug: str,
    kind: str = models.Season.Kind.SUM,
    best: int | None = None,
    minimum: int = 0,
    placement_text: str = "",
    tournaments: Iterable[models.Tournament] = (),
) -> models.Season:
    """Create or change a season (every field as given); `tournaments` are added to it. A
    tournament may count in several seasons: adding it to this one leaves it in the others, and
    none is taken out here (that is `season_tournament_remove`, confirmed on its own page)."""
    given: dict[str, Any] = {
        "name": name,
        "slug": slug,
        "kind": kind,
        "best": best,
        "minimum": minimum,
        "placement_text": placement_text,
        "tournaments": list(tournaments),
    }
    values = season_checked(given, organiser=organiser)
    tournaments = values.pop("tournaments", [])
    with transaction.atomic():
        if season is None:
            season = models.Season(organiser=organiser)
        for field, value in values.items():
            setattr(season, field, value)
        season.save()
        included = set(season.tournaments.values_list("pk", flat=True))
        added = [t for t in tournaments if t.pk not in included]
        for tournament in added:  # its public pages link its seasons
            public_pages_changed(tournament.pk)
        season.tournaments.add(*added)  # their parts written (signals.py), after that change
    return season


def season_tournament_remove(*, season: models.Season, tournament: models.Tournament) -> bool:
    """Take `tournament` out of `season` only (its other seasons keep it); False when it was
    not in it."""
    with transaction.atomic():
        if not season.tournaments.filter(pk=tournament.pk).exists():
            return False
        season.tournaments.remove(tournament)
        public_pages_changed(tournament.pk)
    return True


def tournament_seasons_foreign_leave(*, tournament: models.Tournament) -> list[str]:
    """Take `tournament` out of every season of another organiser than its own (it moved to
    another organiser, whose keepers alone reach it now); the names of those seasons."""
    with transaction.atomic():
        organiser = tournament.organiser or models.organiser_default()
        foreign = list(tournament.seasons.exclude(organiser=organiser).order_by("name"))
        if foreign:
            tournament.seasons.remove(*foreign)
            public_pages_changed(tournament.pk)
    return [season.name for season in foreign]
