"""What the embeds show: only what is public. The ranking as far as the supervisor has published
it (`Tournament.ranking_public_until`, as the ranking pages go by), each name as the public
ranking shows it (`Player.public_name`); an organiser's announced tournaments to come
(tournament/calendar/entries.py). The static export reads the same."""

from __future__ import annotations

from dataclasses import dataclass

from tournament import models
from tournament.calendar.entries import CalendarEntry, calendar_entries
from tournament.ranking.publication import ranking_public_last
from tournament.ranking.standings import standings_compute
from tournament.scorekeeping.amounts import score_text
from tournament.scorekeeping.engine import tournament_point_table


@dataclass(frozen=True)
class RankingLine:
    rank: int
    name: str
    club: str
    points: str


@dataclass(frozen=True)
class PublicRanking:
    """A tournament's ranking as the public sees it: after Durchgang `after`, of the Durchgänge
    1 to `published` the supervisor has published."""

    after: int
    published: int
    lines: list[RankingLine]


def ranking_public(
    tournament: models.Tournament, *, after: int | None = None
) -> PublicRanking | None:
    """The ranking the public sees (after Durchgang `after`, at most the last one published);
    None while the supervisor has not published it."""
    until = ranking_public_last(tournament)
    if until is None:
        return None
    if after is None or after > until:
        after = until
    unit = tournament_point_table(tournament).unit
    lines = [
        RankingLine(
            rank=s.rank,
            name=s.player.public_name,
            club=s.player.club,
            points=score_text(s.totals.points, unit),
        )
        for s in standings_compute(tournament, after=after)
    ]
    return PublicRanking(after=after, published=until, lines=lines)


def calendar_upcoming(organiser: models.Organiser) -> list[CalendarEntry]:
    """The organiser's announced tournaments to come, the nearest first (no draft)."""
    return calendar_entries(organiser=organiser, when="upcoming")
