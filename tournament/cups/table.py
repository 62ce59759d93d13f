"""The cup table: every evening counting in the cup (active), ranked by the seasons' engine
(scoring/season.py, the same presets, minimum and tie-breaks as a season).

An uploaded evening counts with the standings of its file; a hosted one with its public ranking
as it shows now (nothing while it is not published). Persons across clubs are one row when
their names are the same once case, accents, ß, spaces and punctuation are folded
(`tournament.persons.matching.key`): "Sepp Huber" and "sepp  huber" are one row, "Sepp Huber"
and "Josef Huber" two, unless the cup organiser merged or split them (`CupAlias`,
tournament/cups/persons.py): a row is keyed by its cup person. A row of an erased person or an
anonymised evening is matched by its `erased` key instead (persons/cup_privacy.py), never by
"gelöscht" or "Spieler 3". A row shows the name as the evenings publish it (by initial if any of
its evenings does) and the club of its latest evening that names one.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from scoring.season import Entry, SeasonRule, SeasonStanding, season_rank
from tournament import models
from tournament.cups.files import tournament_rows
from tournament.models.persons import public_name
from tournament.persons.matching import key as name_key
from tournament.persons.privacy import ERASED


@dataclass(frozen=True)
class CupRow:
    standing: SeasonStanding
    name: str  # in full (the cup organiser's page)
    public_name: str
    club: str
    cells: list[tuple[int | None, bool]]  # per evening: its value, counted


def entry_rows(entry: models.CupEntry) -> list[dict[str, Any]]:
    """The evening's standings rows: the file's, or the hosted tournament's public ranking."""
    tournament = entry.tournament
    if tournament is None:
        return list(entry.standings)
    after = tournament.ranking_public_until(tournament.durchgaenge.count())
    if not after:
        return []
    rows = tournament_rows(tournament, after, ids=True)
    for row in rows:
        player, person = row.pop("ids")
        _erased_mark(row, tournament, player, person)
    return rows


def _erased_mark(
    row: dict[str, Any], tournament: models.Tournament, player: int, person: int | None
) -> None:
    """A hosted row of an erased person or an anonymised tournament is not matched by its name
    ("gelöscht", "Spieler 3"): its key is the person (erased), or the player."""
    if row["name"] == ERASED or tournament.anonymised_at is not None:
        row["erased"] = f"person:{person}" if person else f"player:{player}"


#: What the table reads of a hosted evening's stored part (the seasons' `SeasonResult`).
_STORED = (
    *("tournament_id", "place", "points", "counters", "player_id", "player__person_id"),
    *("player__name", "player__club", "player__publish_full_name"),
)


def evening_rows(evenings: list[models.CupEntry]) -> dict[int, list[dict[str, Any]]]:
    """Each evening's rows by its pk. A hosted evening's are its tournament's part as the seasons
    store it (`SeasonResult`, written when it joins the cup and by the task after each change):
    one query for all of them, read as plain values. A tournament changed since its part was
    written (its task has not run yet) is computed now, not stored, as a season page does."""
    hosted = {e.tournament.pk: e.tournament for e in evenings if e.tournament is not None}
    fresh = {pk for pk, t in hosted.items() if t.generation == t.season_generation}
    stored: dict[int, list[dict[str, Any]]] = {pk: [] for pk in fresh}
    if fresh:
        results = models.SeasonResult.objects.filter(tournament_id__in=fresh)
        ordered = results.order_by("tournament_id", "place").values_list(*_STORED)
        for tournament, place, points, counters, player, person, name, club, full in ordered:
            row = {
                "name": name,
                "public_name": public_name(name, full=full),
                "club": club,
                "rank": place,
                "points": points,
                "counters": counters,
            }
            _erased_mark(row, hosted[tournament], player, person)
            stored[tournament].append(row)
    rows = {}
    for evening in evenings:
        if evening.tournament is not None and evening.tournament.pk in fresh:
            rows[evening.pk] = stored[evening.tournament.pk]
        else:
            rows[evening.pk] = entry_rows(evening)
    return rows


def cup_rule(cup: models.Cup) -> SeasonRule:
    return SeasonRule(
        kind=cup.kind, best=cup.best, placement=tuple(cup.placement), minimum=cup.minimum
    )


def cup_evenings(cup: models.Cup) -> list[models.CupEntry]:
    """The evenings that count, by date (then by when they were added)."""
    return list(
        cup.entries.filter(state=models.CupEntry.State.ACTIVE)
        .select_related("tournament", "member__organiser")
        .order_by("date", "pk")
    )


def cup_appearances(
    cup: models.Cup, evenings: list[models.CupEntry]
) -> list[tuple[int, dict[str, Any], str, str]]:
    """Every row of every evening: (the evening's index, the row, its folded name, its cup
    person: the name's alias in that evening if the cup organiser set one, else the folded
    name)."""
    aliases = {
        (entry_id, folded): person
        for entry_id, folded, person in cup.aliases.values_list("entry_id", "name_key", "person")
    }
    found = []
    by_evening = evening_rows(evenings)
    for index, evening in enumerate(evenings):
        for row in by_evening[evening.pk]:
            folded = name_key(row["name"])
            person = row.get("erased") or aliases.get((evening.pk, folded), folded)
            found.append((index, row, folded, person))
    return found


def cup_table(cup: models.Cup) -> tuple[list[models.CupEntry], list[CupRow]]:
    """The evenings that count (by date) and the cup table."""
    evenings = cup_evenings(cup)
    entries: list[Entry] = []
    named: dict[str, dict[str, str]] = {}
    # the index: earlier evenings first (best N)
    for index, row, _folded, person in cup_appearances(cup, evenings):
        entries.append(
            Entry(
                person,
                tournament=index,
                place=row["rank"],
                points=row["points"],
                counters=tuple(row["counters"]),
            )
        )
        shown = named.setdefault(person, {"name": row["name"], "public_name": row["name"]})
        if row.get("public_name", row["name"]) != row["name"]:
            shown["public_name"] = row["public_name"]
        if row.get("club") or "club" not in shown:
            shown["club"] = row.get("club", "")
    rows = []
    for standing in season_rank(entries, cup_rule(cup), seed=cup.lot_seed):
        holder = named[standing.person]
        cells = [(standing.values.get(i), i in standing.counted) for i in range(len(evenings))]
        rows.append(
            CupRow(
                standing=standing,
                name=holder["name"],
                public_name=holder["public_name"],
                club=holder["club"],
                cells=cells,
            )
        )
    return evenings, rows
