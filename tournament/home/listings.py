"""The list of tournaments on the front page (django-tables2)."""

from __future__ import annotations

import django_tables2 as tables
from django.utils.translation import gettext_lazy as _

from tournament.models import Tournament


class TournamentTable(tables.Table):
    name = tables.LinkColumn("tournament:ranking", args=[tables.A("slug")], verbose_name=_("Name"))
    date = tables.DateColumn(verbose_name=_("Date"), format="d.m.Y")
    venue = tables.Column(verbose_name=_("Venue"))
    status = tables.Column(verbose_name=_("Status"))
    heading_id = "turniere-titel"  # the heading the table's region is named by (its page's)

    class Meta:
        model = Tournament
        fields = ("name", "date", "venue", "status")
        empty_text = _("No tournaments yet.")
        orderable = False
