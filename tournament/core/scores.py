"""Scores are computed once, when a game is written: every change of a sheet rescores the whole
sheet (at most 40 games), which keeps the approval rule (it counts the sheet's single-player
games), the stored score rows and each seat's totals consistent with each other.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from rules.pointtables import PointTable
from scoring.hand import NO_COUNTS
from scoring.scoresheet import SEAT_TOTAL_FIELDS, ScoredHand, score_sheet, seat_totals
from tournament import models
from tournament.core.bulk import rows_insert
from tournament.core.engine import engine_hand, tournament_point_table
from tournament.core.public_cache import public_pages_changed

SCORE_FIELDS = (
    "hand",
    "player",
    "tournament",
    "durchgang_number",
    "points",
    "sie",
    "tout_won",
    "tout_played",
    "solo_won",
    "solo_played",
)


def score_values(
    scored: Iterable[ScoredHand],
    hand_ids: Sequence[int],
    *,
    players: dict[str, int],
    tournament_id: int,
    durchgang_number: int,
) -> list[tuple]:
    """The `HandScore` rows (in `SCORE_FIELDS` order) of scored games.

    `players` maps the engine's player keys to player ids.
    """
    rows = []
    for result, hand_id in zip(scored, hand_ids, strict=True):
        declarer = result.hand.declarer
        for key, points in result.points.items():
            c = result.declarer if key == declarer else NO_COUNTS
            rows.append(
                (
                    hand_id,
                    players[key],
                    tournament_id,
                    durchgang_number,
                    points,
                    c.sie,
                    c.tout_won,
                    c.tout_played,
                    c.solo_won,
                    c.solo_played,
                )
            )
    return rows


def table_seat_keys(table: models.Table) -> tuple[str, ...]:
    return tuple(
        str(pk) for pk in table.seats.order_by("position").values_list("player_id", flat=True)
    )


def table_rescore(table: models.Table) -> None:
    """Recompute approval requirements and scores of every game on the sheet.

    Every change of a game (entered, changed, deleted, approved, refused, struck, sanctioned,
    corrected) ends here, inside its transaction: the public pages change with it (last, so
    that the tournament's row is locked only for the rest of the transaction)."""
    tournament = table.durchgang.tournament
    stored = list(table.hands.select_related("sanction").order_by("number"))
    # By the games' ids, not by a join to the table: PostgreSQL plans the join as a scan of
    # every score row (a tenth of a second per entry in a large tournament).
    models.HandScore.objects.filter(hand_id__in=[h.pk for h in stored]).delete()
    sheets_rescore(
        tournament,
        tournament_point_table(tournament),
        [(table.pk, table_seat_keys(table), table.durchgang.number, stored)],
    )
    public_pages_changed(tournament.pk)


def sheets_rescore(
    tournament: models.Tournament,
    point_table: PointTable,
    sheets: Iterable[tuple[int, tuple[str, ...], int, list[models.Hand]]],
) -> int:
    """Score the stored games of `sheets` (table id, seat keys, Durchgang number, games in
    number order) with `point_table`: store whether each needs approval, insert its score rows
    (the caller deletes the old ones) and store each seat's totals. Returns the number of
    games scored."""
    rule = tournament.first_game_rule
    changed, rows, count = [], [], 0
    totals: dict[tuple[int, int], tuple[int, ...]] = {}
    for table_id, seats, durchgang_number, stored in sheets:
        engine_hands = [
            engine_hand(h, seats=seats, offender=_offender_key(h), first_game_rule=rule)
            for h in stored
        ]
        approved = {h.number for h in stored if h.approved_by}
        scored = score_sheet(
            engine_hands,
            table=point_table,
            solo_approval_from=tournament.solo_approval_from,
            # Called by score_sheet at once, before the loop moves on.
            approved=lambda h: h.number in approved,  # noqa: B023
        )
        for result, hand in zip(scored, stored, strict=True):
            if hand.needs_approval != result.needs_approval:
                hand.needs_approval = result.needs_approval
                changed.append(hand)
        rows += score_values(
            scored,
            [h.pk for h in stored],
            players={key: int(key) for key in seats},
            tournament_id=tournament.pk,
            durchgang_number=durchgang_number,
        )
        count += len(stored)
        for key, values in seat_totals(seats, scored).items():
            totals[(table_id, int(key))] = values
    models.Hand.objects.bulk_update(changed, ["needs_approval"], batch_size=500)
    rows_insert(models.HandScore, SCORE_FIELDS, rows)
    seats_total(totals)
    return count


def seats_total(totals: dict[tuple[int, int], tuple[int, ...]]) -> None:
    """Store the totals (`SEAT_TOTAL_FIELDS`) of the seats keyed by (table id, player id)."""
    seats = models.Seat.objects.filter(table_id__in={table for table, _player in totals})
    changed = []
    for seat in seats.only("pk", "table_id", "player_id", *SEAT_TOTAL_FIELDS):
        values = totals[(seat.table_id, seat.player_id)]
        if tuple(getattr(seat, name) for name in SEAT_TOTAL_FIELDS) != values:
            for name, value in zip(SEAT_TOTAL_FIELDS, values, strict=True):
                setattr(seat, name, value)
            changed.append(seat)
    models.Seat.objects.bulk_update(changed, SEAT_TOTAL_FIELDS, batch_size=500)


def _offender_key(hand: models.Hand) -> str | None:
    try:
        return str(hand.sanction.offender_id)
    except models.Sanction.DoesNotExist:
        return None
