"""The player list of the registration pages."""

from __future__ import annotations

import django_tables2 as tables
from django.urls import reverse
from django.utils.functional import Promise
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _

from tournament.models import Player
from tournament.web.collation import german_sort_key


class PlayerTable(tables.Table):
    start_number = tables.Column(verbose_name=_("No."), attrs={"td": {"class": "number"}})
    # Sorted in Python by the German order (DIN 5007-1): the keys are set in __init__.
    name = tables.Column(verbose_name=_("Name"), order_by=("name_key", "start_number"))
    club = tables.Column(verbose_name=_("Club"), order_by=("club_key", "start_number"))
    status = tables.Column(verbose_name=_("Status"), empty_values=(), orderable=False)
    actions = tables.TemplateColumn(
        template_name="tournament/registration/player_actions.html",
        verbose_name=_("Actions"),
        orderable=False,
    )
    heading_id = "spieler-titel"  # the heading the table's region is named by (its page's)

    class Meta:
        model = Player
        fields = ("start_number", "name", "club")
        order_by = "start_number"
        empty_text = _("No players found.")
        attrs = {"class": "players"}

    def __init__(self, data, *, slug: str, **kwargs):
        self.slug = slug
        # A tournament's players (a few thousand at most) are sorted in Python: the database
        # would put "Öttl" after "Zeller".
        rows = list(data)
        for player in rows:
            player.name_key = german_sort_key(player.name)
            player.club_key = german_sort_key(player.club)
        super().__init__(rows, **kwargs)

    def render_name(self, record: Player, value: str):
        url = reverse("manage:player_edit", kwargs={"slug": self.slug, "pk": record.pk})
        return format_html('<a href="{}">{}</a>', url, value)

    def render_status(self, record: Player):
        substitute = getattr(record, "substitute", None)
        if substitute is not None:
            return _("replaced by No. %(number)s %(name)s") % {
                "number": substitute.start_number,
                "name": substitute.name,
            }
        parts: list[str | Promise] = []
        if record.replaces is not None:
            parts.append(
                _("substitute for No. %(number)s %(name)s")
                % {"number": record.replaces.start_number, "name": record.replaces.name}
            )
        if record.withdrawn:
            parts.append(_("withdrawn"))
        return ", ".join(str(p) for p in parts)
