"""What closing a sheet will do, computed by `sheet_close` itself in a transaction that is
rolled back (tournament/web/dry_run.py): its games, the players' totals that become final,
and the phone link that stops working."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Sum

from tournament import models
from tournament.sheets.services.sheet import sheet_close, sheet_state
from tournament.web.dry_run import dry_run


@dataclass(frozen=True)
class ClosePreview:
    table: models.Table
    games: int
    signed: int
    #: (seat, player, points of the sheet) in seat order
    totals: list[tuple[int, models.Player, int]]
    link: bool
    pending_corrections: int


def sheet_close_preview(*, table: models.Table, user) -> ClosePreview:
    """`HandRuleError` (naming what is missing) when `sheet_close` would refuse."""
    dry_run(lambda: sheet_close(table=models.Table.objects.get(pk=table.pk), user=user))
    state = sheet_state(table)
    points = dict(
        models.HandScore.objects.filter(hand__table=table)
        .values_list("player_id")
        .annotate(total=Sum("points"))
        .values_list("player_id", "total")
    )
    seats = table.seats.select_related("player").order_by("position")
    return ClosePreview(
        table=table,
        games=state.entered,
        signed=state.signed,
        totals=[(s.position, s.player, points.get(s.player_id) or 0) for s in seats],
        link=models.TableLink.objects.filter(table=table, revoked_at__isnull=True).exists(),
        pending_corrections=state.pending_corrections,
    )
