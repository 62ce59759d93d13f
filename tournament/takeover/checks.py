"""What a restored database holds, and whether it is whole: the migrations it was made with,
the summary (tournaments, tables, games, the newest game), the history's last entries, and each
seat's stored totals and the standings against what the stored games score when computed again
(the scoring of a save, tournament/scorekeeping/scores.py, without writing anything)."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from datetime import datetime

from django.db import connection
from django.db.migrations.loader import MigrationLoader
from django.db.models import Max, Sum
from django.utils.translation import gettext as _

from scoring.scoresheet import SEAT_TOTAL_FIELDS, seat_totals
from tournament import models
from tournament.ranking.standings import standings_compute
from tournament.scorekeeping.engine import tournament_rules, tournament_sheet
from tournament.scorekeeping.scores import sheet_scored
from tournament.scorekeeping.substitutes import seat_holders

#: The history's entries printed after the restore.
HISTORY_SHOWN = 8


@dataclass(frozen=True)
class Summary:
    tournaments: int
    tables: int
    games: int
    newest_game: datetime | None
    newest_entry: datetime | None


@dataclass(frozen=True)
class Mismatch:
    """A stored total that differs from what the games score: where, whose, stored, computed."""

    tournament: str
    durchgang: int | None  # None: the standings
    table: int | None
    player: str
    stored: int
    computed: int


@dataclass
class Findings:
    """Everything the check found wrong; empty lists when it passed."""

    unknown_migrations: list[str] = field(default_factory=list)
    mismatches: list[Mismatch] = field(default_factory=list)

    @property
    def passed(self) -> bool:
        return not self.unknown_migrations and not self.mismatches


def unknown_migrations() -> list[str]:
    """Migrations the database has that this laptop's code does not know (an older checkout:
    it would not understand the database)."""
    loader = MigrationLoader(connection, ignore_no_migrations=True)
    known = set(loader.disk_migrations)
    return sorted(
        f"{app}.{name}" for app, name in loader.applied_migrations if (app, name) not in known
    )


def summary() -> Summary:
    games = models.Hand.objects.aggregate(newest=Max("updated_at"))
    history = models.SheetEvent.objects.aggregate(newest=Max("at"))
    return Summary(
        tournaments=models.Tournament.objects.count(),
        tables=models.Table.objects.count(),
        games=models.Hand.objects.count(),
        newest_game=games["newest"],
        newest_entry=history["newest"],
    )


def history_tail(count: int = HISTORY_SHOWN) -> list[models.SheetEvent]:
    """The history's last entries, newest last."""
    rows = models.SheetEvent.objects.select_related(
        "table__durchgang__tournament", "user"
    ).order_by("-at", "-pk")[:count]
    return list(reversed(rows))


def tournament_mismatches(tournament: models.Tournament) -> list[Mismatch]:
    """Each seat's stored totals and each ranked player's points against the games scored
    again; only reads."""
    names = dict(models.Player.objects.filter(tournament=tournament).values_list("pk", "name"))
    seats: dict[int, list[models.Seat]] = defaultdict(list)
    seat_rows = models.Seat.objects.filter(durchgang__tournament=tournament).order_by(
        "table_id", "position"
    )
    for seat in seat_rows.only("pk", "table_id", "player_id", "position", *SEAT_TOTAL_FIELDS):
        seats[seat.table_id].append(seat)
    tables = dict(
        models.Table.objects.filter(durchgang__tournament=tournament)
        .exclude(recording=models.Tournament.Recording.TOTALS)
        .values_list("id", "durchgang__number")
    )
    numbers = dict(
        models.Table.objects.filter(durchgang__tournament=tournament).values_list("id", "number")
    )
    hands: dict[int, list[models.Hand]] = defaultdict(list)
    stored = models.Hand.objects.filter(table__durchgang__tournament=tournament)
    for hand in stored.select_related("sanction").order_by("table_id", "number"):
        hands[hand.table_id].append(hand)
    rules = tournament_rules(tournament)
    found: list[Mismatch] = []
    points: dict[int, int] = defaultdict(int)  # per player, computed again
    for table_id, table_seats in seats.items():
        if table_id not in tables:  # recorded by its totals: they are what was typed
            for seat in table_seats:
                points[seat.player_id] += seat.points
            continue
        context = tournament_sheet(
            tournament,
            table_id=table_id,
            durchgang_number=tables[table_id],
            player_ids=[s.player_id for s in table_seats],
            rules=rules,
        )
        totals = seat_totals(context.seats, sheet_scored(context, hands.get(table_id, [])))
        for seat in table_seats:
            again = totals[str(seat.player_id)]
            points[seat.player_id] += again[0]
            kept = tuple(getattr(seat, name) for name in SEAT_TOTAL_FIELDS)
            if kept != again:
                index = next(
                    i for i, pair in enumerate(zip(kept, again, strict=True)) if pair[0] != pair[1]
                )
                found.append(
                    Mismatch(
                        tournament.name,
                        tables[table_id],
                        numbers[table_id],
                        names.get(seat.player_id, "?"),
                        kept[index],
                        again[index],
                    )
                )
    found += score_row_mismatches(tournament, seats, tables, numbers, names)
    replaces = dict(
        models.Player.objects.filter(tournament=tournament).values_list("pk", "replaces_id")
    )
    holders = seat_holders(replaces)
    folded: dict[int, int] = defaultdict(int)
    for player_id, amount in points.items():
        folded[holders.get(player_id, player_id)] += amount
    for standing in standings_compute(tournament):
        computed = folded.get(standing.player.pk, 0)
        if standing.points != computed:
            found.append(
                Mismatch(
                    tournament.name, None, None, standing.player.name, standing.points, computed
                )
            )
    return found


def score_row_mismatches(
    tournament: models.Tournament,
    seats: dict[int, list[models.Seat]],
    tables: dict[int, int],
    numbers: dict[int, int],
    names: dict[int, str],
) -> list[Mismatch]:
    """The games' stored score rows (what the players' pages and statistics read) summed per
    seat against the seat's stored points."""
    sums = {
        (row["hand__table_id"], row["player_id"]): row["total"]
        for row in models.HandScore.objects.filter(tournament=tournament)
        .values("hand__table_id", "player_id")
        .annotate(total=Sum("points"))
    }
    found = []
    for table_id, table_seats in seats.items():
        if table_id not in tables:
            continue
        for seat in table_seats:
            rows = sums.get((table_id, seat.player_id), 0)
            if rows != seat.points:
                found.append(
                    Mismatch(
                        tournament.name,
                        tables[table_id],
                        numbers[table_id],
                        names.get(seat.player_id, "?"),
                        seat.points,
                        rows,
                    )
                )
    return found


def database_findings() -> Findings:
    """The whole check of the restored database (Django connected to it)."""
    findings = Findings(unknown_migrations=unknown_migrations())
    if findings.unknown_migrations:
        return findings  # tables this code does not know: the rest would mislead
    for tournament in models.Tournament.objects.order_by("date", "name"):
        findings.mismatches += tournament_mismatches(tournament)
    return findings


def describe(mismatch: Mismatch) -> str:
    values = {
        "tournament": mismatch.tournament,
        "durchgang": mismatch.durchgang,
        "table": mismatch.table,
        "player": mismatch.player,
        "stored": mismatch.stored,
        "computed": mismatch.computed,
    }
    if mismatch.durchgang is None:
        return (
            _(
                "%(tournament)s, standings: %(player)s has %(stored)s points stored, "
                "%(computed)s computed."
            )
            % values
        )
    return (
        _(
            "%(tournament)s, Durchgang %(durchgang)s, table %(table)s: %(player)s has "
            "%(stored)s stored, %(computed)s computed."
        )
        % values
    )
