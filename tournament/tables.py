"""django-tables2 tables, one per listing."""

from __future__ import annotations

import django_tables2 as tables
from django.utils.translation import gettext_lazy as _

from tournament.models import Tournament


class TournamentTable(tables.Table):
    name = tables.LinkColumn("tournament:ranking", args=[tables.A("slug")], verbose_name=_("Name"))
    date = tables.DateColumn(verbose_name=_("Date"), format="d.m.Y")
    venue = tables.Column(verbose_name=_("Venue"))
    status = tables.Column(verbose_name=_("Status"))

    class Meta:
        model = Tournament
        fields = ("name", "date", "venue", "status")
        empty_text = _("No tournaments yet.")
        orderable = False


class RankingTable(tables.Table):
    """The ranking: one row per player (substitutes folded in), tie-break columns of 5.4.2."""

    rank = tables.Column(verbose_name=_("Rank"), attrs={"td": {"class": "num"}})
    start_number = tables.Column(verbose_name=_("No."), attrs={"td": {"class": "num"}})
    name = tables.Column(verbose_name=_("Name"))
    club = tables.Column(verbose_name=_("Club"))
    points = tables.Column(verbose_name=_("Points"), attrs={"td": {"class": "num strong"}})
    plus = tables.Column(verbose_name="+", attrs={"td": {"class": "num"}})
    minus = tables.Column(verbose_name="−", attrs={"td": {"class": "num"}})
    sie = tables.Column(verbose_name=_("Sie"), attrs={"td": {"class": "num"}})
    tout = tables.Column(verbose_name=_("Tout won/played"), attrs={"td": {"class": "num"}})
    solo = tables.Column(verbose_name=_("Solo won/played"), attrs={"td": {"class": "num"}})
    lot = tables.Column(verbose_name=_("Lot"), default="", attrs={"td": {"class": "num"}})

    class Meta:
        orderable = False
        attrs = {"class": "ranking"}
        empty_text = _("No players yet.")

    def __init__(self, data, *, durchgaenge: int, **kwargs):
        extra = [
            (
                f"dg{n}",
                tables.Column(verbose_name=_("D%(n)s") % {"n": n}, attrs={"td": {"class": "num"}}),
            )
            for n in range(1, durchgaenge + 1)
        ]
        super().__init__(data, extra_columns=extra, sequence=self._sequence(durchgaenge), **kwargs)

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
            "tout",
            "solo",
            "lot",
        ]


def ranking_rows(standings) -> list[dict]:
    rows = []
    for s in standings:
        t = s.totals
        row = {
            "rank": s.rank,
            "start_number": s.player.start_number,
            "name": s.player.name,
            "club": s.player.club,
            "points": t.points,
            "plus": t.plus,
            "minus": t.minus,
            "sie": t.sie,
            "tout": f"{t.tout_won}/{t.tout_played}",
            "solo": f"{t.solo_won}/{t.solo_played}",
            "lot": s.lot,
        }
        row.update({f"dg{n}": v for n, v in enumerate(t.durchgaenge, start=1)})
        rows.append(row)
    return rows
