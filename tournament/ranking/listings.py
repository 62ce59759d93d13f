"""The ranking as a django-tables2 listing: sortable tie-break columns, points in the unit of the
point table."""

from __future__ import annotations

import django_tables2 as tables
from django.urls import reverse
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _

from rules.pointtables import PointTable
from tournament.scorekeeping.amounts import score_text
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

    def render_points(self, value):
        return score_text(value, self.unit)

    def render_plus(self, value):
        return score_text(value, self.unit)

    def render_minus(self, value):
        return score_text(value, self.unit)

    def render_name(self, record: dict, value: str):
        url = reverse("tournament:player", args=[self.slug, record["start_number"]])
        return format_html('<a href="{}">{}</a>', url, value)

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
