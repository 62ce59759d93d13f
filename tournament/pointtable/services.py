"""Changing the point table of a tournament: before the first game simply, afterwards only as an
explicit, recorded change (who, when, why, the table before and after) that recomputes every
score; `point_table_preview` shows first how the ranking would change."""

# Declared boilerplate (duplicates): a change's history row, passed by keyword, is alike in shape
# to other services'.

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from django.db import transaction

from rules.pointtables import (
    PointTable,
)
from rules.tabledata import point_table_from_dict, point_table_to_dict
from tournament import models
from tournament.ranking.standings import standings_compute
from tournament.scorekeeping.changes import public_pages_changed
from tournament.scorekeeping.engine import (
    tournament_point_table,
    tournament_rules,
    tournament_sheet,
)
from tournament.scorekeeping.scores import (
    sheets_rescore,
)
from tournament.web.dry_run import dry_run


@dataclass(frozen=True)
class RankChange:
    """One player's place and points now and under the new table."""

    player: models.Player
    rank_before: int
    rank_after: int
    points_before: int
    points_after: int

    @property
    def places_up(self) -> int:
        return self.rank_before - self.rank_after


def rank_changes(before: dict, after: list) -> list[RankChange]:
    """Each player of the standings `after` with their place and points in `before` (standings
    by player id)."""
    return [
        RankChange(
            player=s.player,
            rank_before=before[s.player.pk].rank,
            rank_after=s.rank,
            points_before=before[s.player.pk].points,
            points_after=s.points,
        )
        for s in after
    ]


def tournament_rescore(tournament: models.Tournament, point_table: PointTable) -> int:
    """Recompute approvals and scores of every game of `tournament` with `point_table`, in a
    fixed number of queries; returns the number of games."""
    seats: dict[int, list[int]] = defaultdict(list)
    seat_rows = models.Seat.objects.filter(durchgang__tournament=tournament).order_by(
        "table_id", "position"
    )
    for table_id, player_id in seat_rows.values_list("table_id", "player_id"):
        seats[table_id].append(player_id)
    # A table recorded by its totals keeps them as typed: it has no games to score again.
    durchgang = dict(
        models.Table.objects.filter(durchgang__tournament=tournament)
        .exclude(recording=models.Tournament.Recording.TOTALS)
        .values_list("id", "durchgang__number")
    )
    hands: dict[int, list[models.Hand]] = defaultdict(list)
    stored = models.Hand.objects.filter(table__durchgang__tournament=tournament)
    for hand in stored.select_related("sanction").order_by("table_id", "number"):
        hands[hand.table_id].append(hand)
    models.HandScore.objects.filter(tournament=tournament).delete()
    rules = tournament_rules(tournament, point_table)
    return sheets_rescore(
        (
            tournament_sheet(
                tournament,
                table_id=t,
                durchgang_number=durchgang[t],
                player_ids=seats[t],
                rules=rules,
            ),
            hands.get(t, []),
        )
        for t in durchgang
    )


def _apply(tournament: models.Tournament, data: dict) -> tuple[PointTable, int]:
    """Make `data` the tournament's own table and rescore (inside the caller's transaction)."""
    table = point_table_from_dict(data)
    tournament.scoring, tournament.point_table = models.CUSTOM_TABLE, data
    tournament.laufende_counted = table.laufende_counted
    tournament.kontra_allowed = table.kontra_allowed
    fields = ["scoring", "point_table", "laufende_counted", "kontra_allowed"]
    tournament.save(update_fields=fields)
    public_pages_changed(tournament.pk)
    return table, tournament_rescore(tournament, table)


def point_table_preview(tournament: models.Tournament, data: dict) -> list[RankChange]:
    """Every player's rank and points now and with the table `data`, best first under `data`;
    computed with the real scoring inside a transaction that is rolled back."""
    before = {s.player.pk: s for s in standings_compute(tournament)}
    with transaction.atomic():
        locked = models.Tournament.objects.select_for_update().get(pk=tournament.pk)
        _apply(locked, data)
        after = standings_compute(locked)
        transaction.set_rollback(True)
    return rank_changes(before, after)


def point_table_change(
    tournament: models.Tournament, data: dict, *, user, reason: str
) -> models.PointTableChange:
    """Change the table after games were recorded: store it, recompute every score and record
    the change, all in one transaction."""
    with transaction.atomic():
        locked = models.Tournament.objects.select_for_update().get(pk=tournament.pk)
        before = point_table_to_dict(tournament_point_table(locked))
        _table, rescored = _apply(locked, data)
        return models.PointTableChange.objects.create(
            tournament=locked,
            user=user,
            reason=reason,
            before=before,
            after=data,
            hands_rescored=rescored,
        )


def point_table_set(tournament: models.Tournament, data: dict) -> None:
    """Make `data` the table of a tournament without recorded games (nothing to recompute)."""
    with transaction.atomic():
        _apply(tournament, data)


@dataclass(frozen=True)
class ChangePreview:
    """What `point_table_change` will do: the games it recomputes and every player's rank and
    points now and afterwards (best first afterwards)."""

    hands: int
    changes: list[RankChange]

    @property
    def points_changed(self) -> list[RankChange]:
        return [c for c in self.changes if c.points_before != c.points_after]

    @property
    def moved(self) -> int:
        return sum(1 for c in self.changes if c.places_up)


def point_table_change_preview(
    tournament: models.Tournament, data: dict, *, user, reason: str
) -> ChangePreview:
    """`point_table_change` itself, in a transaction that is rolled back."""
    before = {s.player.pk: s for s in standings_compute(tournament)}

    def change() -> tuple[int, list]:
        record = point_table_change(tournament, data, user=user, reason=reason)
        fresh = models.Tournament.objects.get(pk=tournament.pk)
        return record.hands_rescored, standings_compute(fresh)

    hands, after = dry_run(change)
    return ChangePreview(
        hands=hands,
        changes=rank_changes(before, after),
    )
