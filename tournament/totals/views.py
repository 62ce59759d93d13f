"""The totals of a Durchgang's tables (Summenliste): one line per table recorded by its totals,
typed by keyboard (Tab between the fields, Enter saves and moves to the next table); the
supervisor switches a table between every game and totals until its first entry."""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import pgettext
from django.views import View

from tournament import models
from tournament.scorekeeping.amounts import score_text
from tournament.scorekeeping.counters import COUNTER_SHORT
from tournament.scorekeeping.engine import tournament_point_table
from tournament.sheets.services.sheet import sheet_states
from tournament.totals.forms import TotalsForm, totals_initial
from tournament.totals.services import (
    TotalsError,
    table_recording_set,
    table_totals_drop,
    totals_save,
)
from tournament.web.access import CLERK, SUPERVISOR, DurchgangMixin, role_allows
from tournament.web.confirm import ConfirmActionMixin, Preview, PreviewTable
from tournament.web.form_errors import form_errors_add
from tournament.web.raw_input import number_or_none

TEMPLATE = "tournament/totals/durchgang.html"


class TotalsMixin(DurchgangMixin):
    def tables(self, durchgang: models.Durchgang) -> list[models.Table]:
        return list(durchgang.tables.order_by("number").prefetch_related("seats__player"))

    def form_for(self, table: models.Table, data=None) -> TotalsForm:
        tournament = self.tournament
        seats = sorted(table.seats.all(), key=lambda s: s.position)
        cents = tournament_point_table(tournament).unit == "cents"
        return TotalsForm(
            data,
            seats=seats,
            counters=tournament.chain,
            cents=cents,
            initial=totals_initial(seats, tournament.chain, table.totals_version, cents=cents),
            prefix=f"t{table.number}",
        )

    def page(self, durchgang, *, failed: tuple[int, TotalsForm] | None = None, focus=None):
        tables = self.tables(durchgang)
        rows = []
        states = {state.table.pk: state for state in sheet_states(durchgang)}
        for table in tables:
            if not table.by_totals:
                continue
            form = failed[1] if failed and failed[0] == table.number else self.form_for(table)
            rows.append((table, form, states[table.pk]))
        if focus is None:
            focus = (
                failed[0]
                if failed
                else next(
                    (t.number for t, _f, _s in rows if t.totals_at is None and not t.closed), None
                )
            )
        context = {
            "tournament": self.tournament,
            "role": self.role,
            "durchgang": durchgang,
            "rows": rows,
            "focus": focus,
            "by_games": [t for t in tables if not t.by_totals],
            # tables with a game or their totals entered: they switch only with a confirmation
            "entered": {pk for pk, s in states.items() if s.entered or s.table.totals_at},
            "is_supervisor": role_allows(self.role, SUPERVISOR),
            "cents": tournament_point_table(self.tournament).unit == "cents",
            "counter_heads": [COUNTER_SHORT[name] for name in self.tournament.chain],
        }
        return render(self.request, TEMPLATE, context, status=400 if failed else 200)


class TotalsView(TotalsMixin, View):
    """GET: every totals table of the Durchgang, one line each."""

    required_role = CLERK

    def get(self, request, *args, **kwargs):
        focus = number_or_none(request.GET.get("tisch", ""))  # hostile digits: no table
        return self.page(self.get_durchgang(), focus=focus)


class TotalsSaveView(TotalsMixin, View):
    """POST one table's line; saved, on to the next table without totals."""

    required_role = CLERK
    http_method_names = ["post"]

    def post(self, request, *args, **kwargs):
        durchgang = self.get_durchgang()
        table = get_object_or_404(durchgang.tables, number=kwargs["table"], recording="totals")
        form = self.form_for(table, request.POST)
        supervisor = role_allows(self.role, SUPERVISOR)
        if form.is_valid():
            try:
                totals_save(
                    table=table,
                    lines=form.lines(),
                    version=form.cleaned_data["version"],
                    user=request.user,
                    correction=form.cleaned_data["correction"] if supervisor else "",
                )
            except TotalsError as error:
                form_errors_add(form, _seat_errors(error.errors, form))
            else:
                messages.success(
                    request, _("Totals of table %(table)s saved.") % {"table": table.number}
                )
                following = (
                    durchgang.tables.filter(
                        recording="totals", number__gt=table.number, totals_at__isnull=True
                    )
                    .order_by("number")
                    .values_list("number", flat=True)
                    .first()
                )
                url = reverse("manage:totals", args=[self.tournament.slug, durchgang.number])
                if following:
                    url += f"?tisch={following}"  # no fragment: it would block autofocus
                return redirect(url)
        return self.page(durchgang, failed=(table.number, form))


def _seat_errors(errors: dict[str, list[str]], form: TotalsForm) -> dict[str, list[str]]:
    """A seat's messages on its points field; the table's on the form."""
    out: dict[str, list[str]] = {}
    for key, texts in errors.items():
        field = f"{key}-points" if key.startswith("seat-") else key
        out.setdefault(field if field in form.fields else "__all__", []).extend(texts)
    return out


class TableRecordingView(ConfirmActionMixin, DurchgangMixin, View):
    """POST `recording`: the supervisor switches a table to every game or to totals. A table
    whose totals are entered switches to every game only after a confirmation showing them:
    they are dropped, and its games make its totals from then on."""

    required_role = SUPERVISOR
    http_method_names = ["post"]

    def table(self) -> models.Table:
        durchgang = self.get_durchgang()
        return get_object_or_404(durchgang.tables, number=self.kwargs["table"])

    def post(self, request, *args, **kwargs):
        table = self.table()
        if table.by_totals and table.totals_at and request.POST.get("recording") == "games":
            return super().post(request, *args, **kwargs)  # the confirmation, then `perform`
        return self.switch(table)

    def action_params(self):
        return {"recording": "games"}

    def cancel_url(self) -> str:
        return reverse("manage:totals", args=[self.tournament.slug, self.kwargs["number"]])

    def preview(self) -> Preview:
        table = self.table()
        heading = _("Record every game at table %(table)s instead of its totals?") % {
            "table": table.number
        }
        seats = table.seats.select_related("player").order_by("position")
        unit = tournament_point_table(self.tournament).unit
        return Preview(
            heading,
            [
                _(
                    "The totals entered for table %(table)s are dropped (the history keeps "
                    "them); from now on its games are entered one by one and make its totals."
                )
                % {"table": table.number}
            ],
            _("Drop the totals and record every game"),
            tables=[
                PreviewTable(
                    caption=_("The totals now, dropped"),
                    headers=[
                        pgettext("seat at a table", "Seat"),
                        _("Player"),
                        _("Points"),
                        _("Solo"),
                    ],
                    rows=[
                        (
                            s.position,
                            f"{s.player.start_number} {s.player.name}",
                            score_text(s.points, unit),
                            s.solo_played,
                        )
                        for s in seats
                    ],
                    numeric=frozenset({0, 2, 3}),
                )
            ],
            refused=_("The sheet is closed: its totals stay as they were signed.")
            if table.closed
            else "",
        )

    def perform(self):
        table = self.table()
        try:
            table_totals_drop(table=table, user=self.request.user)
        except TotalsError as error:
            for texts in error.errors.values():
                for text in texts:
                    messages.error(self.request, text)
        else:
            messages.success(
                self.request,
                _("Table %(table)s records every game now.") % {"table": table.number},
            )
        return redirect(self.cancel_url())

    def switch(self, table: models.Table):
        request = self.request
        durchgang = table.durchgang
        recording = request.POST.get("recording", "")
        try:
            table_recording_set(table=table, recording=recording, user=request.user)
        except TotalsError as error:
            for texts in error.errors.values():
                for text in texts:
                    messages.error(request, text)
        else:
            text = (
                _("Table %(table)s is recorded by its totals now.")
                if recording == "totals"
                else _("Table %(table)s records every game now.")
            )
            messages.success(request, text % {"table": table.number})
        return redirect("manage:totals", slug=self.tournament.slug, number=durchgang.number)
