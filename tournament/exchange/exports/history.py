"""The sheet "Verlauf": the append-only history of the tournament, as the application keeps it:
every change of every game (entered, changed, deleted, approved, refused, struck, sanctions,
corrections, signatures, closing), before and after in words as the sheet's page shows them,
and every change of the point table, oldest first."""

# Declared boilerplate (duplicates): a sheet's column list is alike in shape to the other sheets of
# the workbook.

from __future__ import annotations

import heapq
import json
from operator import itemgetter

from django.utils.translation import gettext as _
from openpyxl.workbook import Workbook

from tournament import models
from tournament.exchange.exports.xlsx import Column, field_column, sheet_write
from tournament.sheets.display import snapshot_text
from tournament.sheets.services.supervision import user_label

HISTORY = "Verlauf"


def _json(value) -> str | None:
    return None if value is None else json.dumps(value, ensure_ascii=False, sort_keys=True)


def _words(snapshot) -> str | None:
    """A game (or signature, totals, switch) as the sheet's history shows it, in words."""
    return None if snapshot is None else snapshot_text(snapshot)


def history_write(workbook: Workbook, tournament: models.Tournament) -> None:
    columns = [
        field_column(models.SheetEvent, "at", 16),
        Column(_("Durchgang"), 4),
        Column(_("Table"), 4),
        Column(_("Game"), 4),
        field_column(models.SheetEvent, "kind", 16),
        field_column(models.SheetEvent, "user", 12),
        field_column(models.SheetEvent, "reason", 30),
        field_column(models.SheetEvent, "before", 40),
        field_column(models.SheetEvent, "after", 40),
    ]
    events = (
        models.SheetEvent.objects.filter(table__durchgang__tournament=tournament)
        .select_related("table__durchgang", "user")
        .order_by("at", "pk")
    )
    events_rows = (
        (
            e.at,
            [
                e.at,
                e.table.durchgang.number,
                e.table.number,
                e.number,
                e.get_kind_display(),
                user_label(e.user) if e.user else None,
                e.reason,
                _words(e.before),
                _words(e.after),
            ],
        )
        for e in events.iterator()
    )
    changes = tournament.point_table_changes.select_related("user").order_by("at", "pk")
    change_rows = [
        (
            c.at,
            [
                c.at,
                None,
                None,
                None,
                str(models.PointTableChange._meta.verbose_name),
                user_label(c.user) if c.user else None,
                c.reason,
                _json(c.before),
                _json(c.after),
            ],
        )
        for c in changes
    ]
    rows = heapq.merge(events_rows, change_rows, key=itemgetter(0))  # both by time: streamed
    sheet_write(workbook, HISTORY, columns, (row for _at, row in rows))
