"""The API's answers as typed schemas: the OpenAPI document is generated from them. Version 1
only ever gains fields; none is removed or renamed (docs/api.md). Values are codes and numbers,
never translated labels: an answer is the same in every language."""

from __future__ import annotations

import datetime as dt

from ninja import Schema


class Error(Schema):
    #: A German sentence saying what was wrong (the parameter named when one was).
    detail: str


class Organiser(Schema):
    slug: str
    name: str
    region: str


class Tournament(Schema):
    slug: str
    name: str
    organiser_slug: str
    organiser_name: str
    region: str
    date: dt.date
    start_time: dt.time | None
    starts_at: dt.datetime | None
    venue: str
    #: In euros, as a decimal string, e.g. "10.00".
    entry_fee: str
    places: int | None
    places_left: int | None
    registration_open: bool
    #: "preparation", "running" or "finished".
    status: str
    ranking_published: bool
    upcoming: bool


class TournamentDetail(Tournament):
    number_of_durchgaenge: int
    #: The last Durchgang whose ranking is public; null: the ranking is not published.
    ranking_published_until: int | None


class Counters(Schema):
    """The tie-break counters of rule 5.4.2, each over the games the player was declarer in."""

    sie: int
    tout_won: int
    tout_played: int
    solo_won: int
    solo_played: int


class RankingRow(Schema):
    rank: int
    start_number: int
    #: As the player chose to publish it: in full, or the family name's initial ("Josef H.").
    name: str
    club: str
    points: int
    plus: int
    minus: int
    #: Points of each Durchgang from the first to `after`.
    durchgaenge: list[int]
    counters: Counters
    #: The lot drawn between players equal in everything; null when none was needed.
    lot: int | None


class Ranking(Schema):
    tournament: str
    #: The ranking after this Durchgang.
    after: int
    number_of_durchgaenge: int
    ranking_published_until: int
    #: True when `after` is the tournament's last Durchgang: the final ranking.
    final: bool
    rows: list[RankingRow]


class SeriesSummary(Schema):
    slug: str
    name: str
    organiser_slug: str


class Evening(Schema):
    #: The tournament's slug when it is held on this server; empty for an evening sent in.
    slug: str
    name: str
    date: dt.date


class Cell(Schema):
    #: The season value of that tournament (points or placement points); null: not played.
    value: int | None
    counted: bool


class TableRow(Schema):
    #: null: fewer tournaments played than the minimum.
    rank: int | None
    name: str
    club: str
    value: int
    played: int
    counters: Counters
    #: One per entry of `tournaments`, in their order.
    cells: list[Cell]


class SeriesTable(Schema):
    slug: str
    name: str
    organiser_slug: str
    #: "sum", "best" or "placement".
    kind: str
    tournaments: list[Evening]
    rows: list[TableRow]


class SeasonTable(SeriesTable):
    pass


class CupTable(SeriesTable):
    #: The cup's season, e.g. "2026" or "2026/27".
    season: str
