"""The ranking as a django-tables2 listing: sortable tie-break columns, points in the unit of the
point table."""

from __future__ import annotations

import inspect
from collections.abc import Callable

import django_tables2 as tables
from django.conf import settings
from django.urls import reverse
from django.utils.html import format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext_lazy as _
from django_tables2.columns.base import BoundColumn
from django_tables2.rows import BoundRow

from rules.pointtables import PointTable
from tournament.scorekeeping.amounts import score_text
from tournament.web.cells import cell_text
from tournament.web.collation import german_sort_key


class ScoreColumn(tables.Column):
    """Points in the unit of the point table (euros and cents for a money tariff)."""

    def __init__(self, *, unit: str, **kwargs):
        super().__init__(**kwargs)
        self.unit = unit

    def render(self, value):
        return score_text(value, self.unit)


#: A column a phone folds away (static/css/app.css): rank, name and points stay in view.
FOLD = {"th": {"class": "fold"}, "td": {"class": "num fold"}}


class RankingTable(tables.Table):
    """The ranking: one row per player (substitutes folded in), tie-break columns of 5.4.2.

    Sortable by every column; the rank stays the rank of the tie-break cascade.
    """

    rank = tables.Column(verbose_name=_("Rank"), attrs={"td": {"class": "num"}})
    start_number = tables.Column(verbose_name=_("No."), attrs=FOLD)
    # Sorted by the German order of names (DIN 5007-1), the keys set by ranking_rows.
    name = tables.Column(verbose_name=_("Name"), order_by=("name_key", "start_number"))
    club = tables.Column(
        verbose_name=_("Club"),
        order_by=("club_key", "start_number"),
        attrs={"th": {"class": "fold"}, "td": {"class": "fold"}},
    )
    points = tables.Column(verbose_name=_("Points"), attrs={"td": {"class": "num strong"}})
    plus = tables.Column(verbose_name="+", attrs=FOLD)
    minus = tables.Column(verbose_name="−", attrs=FOLD)
    sie = tables.Column(verbose_name=_("Sie"), attrs=FOLD)
    tout_won = tables.Column(verbose_name=_("Tout won"), attrs=FOLD)
    tout_played = tables.Column(verbose_name=_("Tout played"), attrs=FOLD)
    solo_won = tables.Column(verbose_name=_("Solo won"), attrs=FOLD)
    solo_played = tables.Column(verbose_name=_("Solo played"), attrs=FOLD)
    lot = tables.Column(verbose_name=_("Lot"), default="", attrs=FOLD)
    heading_id = "rangliste-titel"  # the heading the table's region is named by (its page's)

    class Meta:
        attrs = {"class": "ranking"}
        empty_text = _("No players yet.")
        # django-tables2's table with the rows of `body_rows` (templates/tournament/ranking/);
        # with TUNED_TABLE_CELLS off, the site's table as django-tables2 writes it.
        template_name = "tournament/ranking/ranking_table.html"

    def __init__(self, data, *, durchgaenge: int, slug: str, table: PointTable, **kwargs):
        self.slug, self.unit = slug, table.unit
        extra = [
            (
                f"dg{n}",
                ScoreColumn(
                    unit=table.unit,
                    verbose_name=_("D%(n)s") % {"n": n},
                    attrs=FOLD,
                ),
            )
            for n in range(1, durchgaenge + 1)
        ]
        exclude = () if table.zero_sum else ("minus",)  # plus-only: nobody loses points
        super().__init__(
            data,
            extra_columns=extra,
            sequence=self._sequence(durchgaenge),
            exclude=exclude,
            **kwargs,
        )
        if not settings.TUNED_TABLE_CELLS:
            self.template_name = settings.DJANGO_TABLES2_TEMPLATE

    def render_points(self, value):
        return score_text(value, self.unit)

    def render_plus(self, value):
        return score_text(value, self.unit)

    def render_minus(self, value):
        return score_text(value, self.unit)

    def render_name(self, record: dict, value: str):
        url = reverse("tournament:player", args=[self.slug, record["start_number"]])
        return format_html('<a href="{}">{}</a>', url, value)

    def body_rows(self) -> SafeString:
        """The rows of this page as django-tables2's template writes them (the same cells,
        values and attributes, without its blank lines), built here: its loop over the cells
        was two thirds of the ranking page's time (docs/performance.md). It follows
        django-tables2's `BoundRow`/`BoundColumn` and the cell loop of its template (`_Cell`);
        with TUNED_TABLE_CELLS off the template is django-tables2's and this is not called."""
        cells = [_Cell(column) for column in self.columns]
        return mark_safe(
            "".join(
                f"<tr {row.attrs.as_html()}>{''.join(cell(row) for cell in cells)}</tr>"
                for row in self.paginated_rows
            )
        )

    @staticmethod
    def _sequence(durchgaenge: int) -> list[str]:
        return [
            "rank",
            "start_number",
            "name",
            "club",
            "points",
            "plus",
            "minus",
            *(f"dg{n}" for n in range(1, durchgaenge + 1)),
            "sie",
            "tout_won",
            "tout_played",
            "solo_won",
            "solo_played",
            "lot",
        ]


def ranking_rows(standings) -> list[dict]:
    rows = []
    for s in standings:
        t = s.totals
        row = {
            "rank": s.rank,
            "start_number": s.player.start_number,
            "name": s.player.public_name,
            "club": s.player.club,
            "name_key": german_sort_key(s.player.public_name),
            "club_key": german_sort_key(s.player.club),
            "points": t.points,
            "plus": t.plus,
            "minus": t.minus,
            "sie": t.sie,
            "tout_won": t.tout_won,
            "tout_played": t.tout_played,
            "solo_won": t.solo_won,
            "solo_played": t.solo_played,
            "lot": s.lot,
        }
        row.update({f"dg{n}": v for n, v in enumerate(t.durchgaenge, start=1)})
        rows.append(row)
    return rows


class _Cell:
    """One column's `<td>` of a row, as `BoundRow.get_cell` and the table template make it:
    the record's value, the column's default when it is empty, else its `render` (the
    table's `render_FOO`) called with the arguments it names; localized and escaped as
    `{{ cell }}` is. The attributes are the column's own (none depends on the row)."""

    def __init__(self, column: BoundColumn) -> None:
        self.name, self.default = column.accessor, column.default
        self.empty = column.column.empty_values
        self.attrs = column.attrs["td"].as_html()
        self.render: Callable = column.render
        self.link = column.link
        self.column = column
        self.arguments = tuple(inspect.signature(self.render).parameters)

    def __call__(self, row: BoundRow) -> str:
        value = row.record.get(self.name)
        if value in self.empty:
            content = self.default
        else:
            given = {
                "value": value,
                "record": row.record,
                "column": self.column.column,
                "bound_column": self.column,
                "bound_row": row,
                "table": row.table,
            }
            arguments = {name: given[name] for name in self.arguments if name in given}
            content = self.render(**arguments)
            if self.link:
                content = self.link(content, **given)
        return f"<td {self.attrs}>{cell_text(content)}</td>"
