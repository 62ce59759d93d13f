"""Closing a sheet (5.3.2): the supervisor sees what closing will do, then closes it."""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext
from django.views import View

from tournament.scorekeeping.violations import player_label
from tournament.sheets.services.closing_preview import ClosePreview, sheet_close_preview
from tournament.sheets.services.hand_errors import HandRuleError
from tournament.sheets.services.sheet import sheet_close
from tournament.sheets.views.sheet import SheetMixin
from tournament.web.access import SUPERVISOR
from tournament.web.confirm import ConfirmActionMixin, Preview, PreviewTable
from tournament.web.form_errors import errors_text


class CloseView(ConfirmActionMixin, SheetMixin, View):
    """GET (or an unconfirmed POST) shows what closing the sheet does; the confirmed POST
    closes it. `zurueck=liste`: back to the list of sheets (its Close button) afterwards."""

    required_role = SUPERVISOR

    def dispatch(self, request, *args, **kwargs):
        self.table_obj = None
        return super().dispatch(request, *args, **kwargs)

    @property
    def table(self):
        if self.table_obj is None:
            self.table_obj = self.get_table()
        return self.table_obj

    def to_list(self) -> bool:
        return self.data.get("zurueck") == "liste"

    def cancel_url(self) -> str:
        if self.to_list():
            return (
                reverse("manage:sheets", args=[self.tournament.slug, self.table.durchgang.number])
                + f"#tisch-{self.table.number}"
            )
        return self.sheet_url(self.table, "#unterschriften")

    def action_params(self):
        return {"zurueck": "liste"} if self.to_list() else {}

    def preview(self) -> Preview:
        t = self.table.number
        heading = _("Close the sheet of table %(t)s?") % {"t": t}
        action = _("Close the sheet of table %(t)s") % {"t": t}
        try:
            preview = sheet_close_preview(table=self.table, user=self.request.user)
        except HandRuleError as error:
            why = _("The sheet cannot be closed yet: %(why)s") % {"why": errors_text(error.errors)}
            return Preview(heading=heading, lines=[], action=action, refused=why)
        return Preview(
            heading=heading, lines=close_lines(preview), action=action, tables=[totals(preview)]
        )

    def perform(self):
        table = self.table
        try:
            sheet_close(table=table, user=self.request.user)
        except HandRuleError as error:
            messages.error(
                self.request,
                _("The sheet cannot be closed yet: %(why)s") % {"why": errors_text(error.errors)},
            )
        else:
            messages.success(
                self.request, _("The sheet of table %(t)s is closed.") % {"t": table.number}
            )
        if self.to_list():
            return redirect(
                "manage:sheets", slug=self.tournament.slug, number=table.durchgang.number
            )
        return redirect(self.sheet_url(table, "#unterschriften"))


def close_lines(p: ClosePreview) -> list[str]:
    lines = [
        _(
            "Table %(t)s is closed: %(games)s games, signed by all %(players)s players; "
            "afterwards only corrections signed off by the Turnierleitung change it."
        )
        % {"t": p.table.number, "games": p.games, "players": p.signed}
    ]
    if p.link:
        lines.append(_("The phone link of table %(t)s stops working.") % {"t": p.table.number})
    if p.pending_corrections:
        lines.append(
            ngettext(
                "%(count)s correction still waits for a decision.",
                "%(count)s corrections still wait for a decision.",
                p.pending_corrections,
            )
            % {"count": p.pending_corrections}
        )
    return lines


def totals(p: ClosePreview) -> PreviewTable:
    return PreviewTable(
        caption=_("The sheet's totals"),
        headers=[pgettext("seat at a table", "Seat"), _("Player"), _("Points")],
        rows=[
            (seat, player_label(player.start_number, player.name), f"{points:+d}")
            for seat, player, points in p.totals
        ],
        numeric=frozenset({0, 2}),
    )
