"""Scores are computed once, when a game is written: every change of a sheet rescores the whole
sheet (at most 40 games), which keeps the approval rule (it counts the sheet's single-player
games), the stored score rows and each seat's totals consistent with each other.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from django.db import connections, router
from django.db.backends.base.base import BaseDatabaseWrapper

from scoring.hand import NO_COUNTS
from scoring.scoresheet import SEAT_TOTAL_FIELDS, ScoredHand, score_sheet, seat_totals
from scoring.seating import first_game_number
from tournament import models
from tournament.scorekeeping.bulk import rows_insert
from tournament.scorekeeping.changes import public_pages_changed
from tournament.scorekeeping.engine import SheetContext, stored_engine_hand, thrown_in_numbers
from tournament.scorekeeping.sheet_lock import SCORE_COLUMNS, LockedSheet, ScoreRows

#: A score row's fields (`SCORE_COLUMNS`, sheet_lock.py, by the model's attribute names: the
#: keys by their ids).
SCORE_FIELDS = ("hand", "player", "tournament", *SCORE_COLUMNS[3:])


def table_rescore(context: SheetContext) -> None:
    """Recompute approval requirements and scores of every game on the sheet of `context`.

    Every change of a game (entered, changed, deleted, approved, refused, struck, sanctioned,
    corrected) ends here, inside its transaction: the public pages change with it (last, so
    that the tournament's row is locked only for the rest of the transaction)."""
    stored = list(
        models.Hand.objects.filter(table_id=context.table_id)
        .select_related("sanction")
        .order_by("number")
    )
    # By the games' ids, not by a join to the table: PostgreSQL plans the join as a scan of
    # every score row (a tenth of a second per entry in a large tournament).
    models.HandScore.objects.filter(hand_id__in=[h.pk for h in stored]).delete()
    sheets_rescore([(context, stored)])
    public_pages_changed(context.tournament_id)


def sheets_rescore(sheets: Iterable[tuple[SheetContext, list[models.Hand]]]) -> int:
    """Score the stored games of `sheets` (each a sheet's context and its games in number
    order): store whether each needs approval, insert its score rows (the caller deletes the
    old ones) and store each seat's totals. Returns the number of games scored."""
    changed, rows, count = [], [], 0
    totals: dict[tuple[int, int], tuple[int, ...]] = {}
    for context, stored in sheets:
        scored = sheet_scored(context, stored)
        for result, hand in zip(scored, stored, strict=True):
            if hand.needs_approval != result.needs_approval:
                hand.needs_approval = result.needs_approval
                changed.append(hand)
        rows += score_values(
            scored,
            [h.pk for h in stored],
            players=context.players,
            tournament_id=context.tournament_id,
            durchgang_number=context.durchgang_number,
        )
        count += len(stored)
        for key, values in seat_totals(context.seats, scored).items():
            totals[(context.table_id, int(key))] = values
    models.Hand.objects.bulk_update(changed, ["needs_approval"], batch_size=500)
    rows_insert(models.HandScore, SCORE_FIELDS, rows)
    seats_total(totals)
    return count


def sheet_scored(context: SheetContext, hands: Sequence[models.Hand]) -> list[ScoredHand]:
    """The engine's scores of a sheet's games (`hands`, in number order): computed, not stored."""
    approved = {h.number for h in hands if h.approved_by}
    first = first_game_number(thrown_in_numbers(hands))
    return score_sheet(
        [stored_engine_hand(h, context, first_number=first) for h in hands],
        table=context.point_table,
        solo_approval_from=context.solo_approval_from,
        approved=lambda h: h.number in approved,
    )


def sheet_scores_store(
    sheet: LockedSheet,
    hands: Sequence[models.Hand],
    scored: Sequence[ScoredHand],
    before: ScoreRows,
) -> ScoreRows:
    """After a change of one game: store the scores of the sheet's games (`hands`, all saved,
    in number order, scored as `scored`) where they differ from the rows stored `before`
    (`LockedSheet.scores`), each seat's totals where they changed, and count the change of the
    public pages. A few statements, whatever the length of the sheet. Returns the rows now."""
    context = sheet.context
    after = rows_by_hand(context, hands, scored)
    fresh = [
        row
        for hand_id, rows in after.items()
        if rows != before.get(hand_id)
        for row in rows.values()
    ]
    # A game whose scored players changed (a deal thrown in, or no longer) loses its old rows.
    gone = [
        hand_id for hand_id, rows in before.items() if rows.keys() != after.get(hand_id, {}).keys()
    ]
    if gone:
        models.HandScore.objects.filter(hand_id__in=gone).delete()
    if fresh:
        models.HandScore.objects.bulk_create(
            [models.HandScore(**dict(zip(SCORE_COLUMNS, row, strict=True))) for row in fresh],
            update_conflicts=True,
            unique_fields=["hand", "player"],
            update_fields=SCORE_COLUMNS[4:],
        )
    totals = seat_totals(context.seats, scored)
    seats_store(sheet.seats, lambda seat: totals[str(seat.player_id)])
    public_pages_changed(context.tournament_id)
    return after


def rows_by_hand(
    context: SheetContext, hands: Sequence[models.Hand], scored: Sequence[ScoredHand]
) -> ScoreRows:
    """The score rows of saved games scored as `scored`."""
    rows = score_values(
        scored,
        [h.pk for h in hands],
        players=context.players,
        tournament_id=context.tournament_id,
        durchgang_number=context.durchgang_number,
    )
    by_hand: ScoreRows = {}
    for row in rows:
        by_hand.setdefault(row[0], {})[row[1]] = row
    return by_hand


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


def seats_total(totals: dict[tuple[int, int], tuple[int, ...]]) -> None:
    """Store the totals (`SEAT_TOTAL_FIELDS`) of the seats keyed by (table id, player id)."""
    seats = models.Seat.objects.filter(table_id__in={table for table, _player in totals})
    seats_store(
        seats.only("pk", "table_id", "player_id", *SEAT_TOTAL_FIELDS),
        lambda seat: totals[(seat.table_id, seat.player_id)],
    )


def seats_store(
    seats: Iterable[models.Seat], totals: Callable[[models.Seat], tuple[int, ...]]
) -> None:
    """Write each seat's totals (`totals(seat)`, in `SEAT_TOTAL_FIELDS` order) where they
    differ from the seat's: one statement for all that changed (a plain UPDATE per seat sent as
    one `executemany`), none when nothing did.

    Not `bulk_update`: its CASE WHEN over seven columns took a quarter of a game save's CPU to
    build (docs/performance.md, "The CPU of a save")."""
    changed = []
    for seat in seats:
        values = totals(seat)
        if tuple(getattr(seat, name) for name in SEAT_TOTAL_FIELDS) != values:
            for name, value in zip(SEAT_TOTAL_FIELDS, values, strict=True):
                setattr(seat, name, value)
            changed.append((*values, seat.pk))
    if changed:
        with connections[router.db_for_write(models.Seat)].cursor() as cursor:
            cursor.executemany(_seat_totals_update(cursor.db), changed)


def _seat_totals_update(db: BaseDatabaseWrapper) -> str:
    """The seats' totals are plain integer columns named as their fields (`Seat`)."""
    quote = db.ops.quote_name
    columns = ", ".join(f"{quote(name)} = %s" for name in SEAT_TOTAL_FIELDS)
    return f"UPDATE {quote(models.Seat._meta.db_table)} SET {columns} WHERE {quote('id')} = %s"
