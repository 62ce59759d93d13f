"""Pages of the scoresheets: the list of a Durchgang's sheets, one sheet with its one-line
game entry, one game, signatures and closing. Clerks and supervisors; views glue forms to
the services."""

# Declared boilerplate (duplicates): views composed of mixins and one generic view are alike in
# shape.

from __future__ import annotations

import contextlib
from collections.abc import Collection
from functools import partial

from django.contrib import messages
from django.http import Http404, JsonResponse
from django.shortcuts import get_object_or_404, redirect
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views import View
from django.views.generic import TemplateView

from tournament import models
from tournament.scorekeeping.engine import entry_lines, tournament_point_table
from tournament.scorekeeping.sheet_lock import PAGE_SEATS, sheet_lock
from tournament.scorekeeping.stock import sheet_stock
from tournament.sheets.conflict import KEEP, kept_message
from tournament.sheets.display import (
    sheet_rows,
    sheet_seats,
    sheet_totals,
    snapshot_text,
)
from tournament.sheets.entry import entry_save
from tournament.sheets.first_game import first_game_note
from tournament.sheets.forms import (
    ApprovalForm,
    CorrectionForm,
    EntryForm,
    SanctionForm,
    SignForm,
    StrikeForm,
    entry_decided,
    entry_initial,
    tout_conditions,
)
from tournament.sheets.line_approval import awaits_approval, line_approval
from tournament.sheets.preview import entry_preview
from tournament.sheets.services.decisions import decided_message, hand_decisions
from tournament.sheets.services.hand_errors import HandRuleError
from tournament.sheets.services.restore import deletion_restorable
from tournament.sheets.services.sheet import (
    seat_sign,
    sheet_states,
    sheets_summary,
    table_sheet_state,
)
from tournament.sheets.verification import sheet_verification_of
from tournament.web.access import CLERK, SUPERVISOR, DurchgangMixin, role_allows
from tournament.web.flash import message_once
from tournament.web.form_errors import errors_text
from tournament.web.live import LiveFragmentMixin
from tournament.web.outage import entry_begun, entry_stored
from tournament.web.raw_input import number_or_none


def history_rows(events, *, restore: bool, taken: Collection[int] = ()) -> list[tuple]:
    """(event, before in words, after in words, whether the game it deleted can be restored
    here: `restore` (the supervisor, on an open sheet) and its number not `taken`)."""
    return [
        (
            e,
            snapshot_text(e.before),
            snapshot_text(e.after),
            restore and deletion_restorable(e) and e.number not in taken,
        )
        for e in events
    ]


class SheetListView(LiveFragmentMixin, DurchgangMixin, TemplateView):
    """Every sheet of a Durchgang: complete, awaiting approval or signatures, closed. The
    table of the sheets is a live region (tournament/web/live.py): it follows the phones."""

    required_role = CLERK
    template_name = "tournament/sheets/list.html"
    fragment_template = "tournament/sheets/list_states.html"

    def get(self, request, *args, **kwargs):
        number = request.GET.get("tisch", "").strip()
        if number and not self.live:
            durchgang = self.get_durchgang()
            wanted = number_or_none(number)  # "²".isdigit(), but int("²") fails
            if wanted is None:
                messages.error(request, _("“%(t)s” is no table number.") % {"t": number[:20]})
                response = super().get(request, *args, **kwargs)
                response.status_code = 400
                return response
            if durchgang.tables.filter(number=wanted).exists():
                return redirect(
                    "manage:sheet", slug=self.tournament.slug, number=durchgang.number, table=wanted
                )
            messages.error(request, _("There is no table %(t)s.") % {"t": number})
        return super().get(request, *args, **kwargs)

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        durchgang = self.get_durchgang()
        states = sheet_states(durchgang)
        context.update(
            durchgang=durchgang,
            states=states,
            summary=sheets_summary(states),
            is_supervisor=role_allows(self.role, SUPERVISOR),
        )
        return context

    def live_revision(self, context) -> object:
        return context["is_supervisor"], [
            (s.table.number, s.table.seat_count, s.table.closed, s.games, s.entered)
            + (s.awaiting_approval, s.signed, s.pending_corrections)
            for s in context["states"]
        ]


class SheetMixin(DurchgangMixin):
    required_role = CLERK

    def get_table(self) -> models.Table:
        return get_object_or_404(
            models.Table.objects.select_related("durchgang__tournament", "closed_by"),
            durchgang__tournament=self.tournament,
            durchgang__number=self.kwargs["number"],
            number=self.kwargs["table"],
        )

    def sheet_url(self, table: models.Table, anchor: str = "") -> str:
        url = reverse(
            "manage:sheet", args=[self.tournament.slug, table.durchgang.number, table.number]
        )
        return url + anchor


#: The query parameter of the sheet that offers game N for the approval on the entry line.
APPROVE = "genehmigen"


class SheetPageMixin(SheetMixin):
    """The page of one sheet; the views that post to it show it again with their errors."""

    template_name: str | None = "tournament/sheets/sheet.html"

    def get_context_data(self, **kwargs):
        """The whole sheet in a constant number of queries, whatever the size of the sheet,
        its history or the tournament (tests/web/test_page_queries.py)."""
        context = super().get_context_data(**kwargs)
        state = table_sheet_state(
            tournament=self.tournament, number=self.kwargs["number"], table=self.kwargs["table"]
        )
        if state is None:
            raise Http404
        table = kwargs.get("table_obj") or state.table
        seats = sheet_seats(table)
        rows = sheet_rows(table, seats)
        corrections = list(table.corrections.select_related("requested_by", "decided_by"))
        point_table = tournament_point_table(self.tournament)
        entry = kwargs.get("entry_form") or EntryForm(
            seats=seats,
            games=entry_lines(
                self.tournament,
                seats=len(seats),
                thrown_in=sum(row.thrown_in for row in rows),
            ),
            initial=entry_initial(rows, number_or_none(self.request.GET.get("spiel"))),
        )
        is_supervisor = role_allows(self.role, SUPERVISOR)
        correction_form = kwargs.get("correction_form") or CorrectionForm(seats=seats)
        # A clerk changes a game with the supervisor's decision only by a correction.
        decided = (
            [] if is_supervisor else [r.hand for r in rows if r.hand and hand_decisions(r.hand)]
        )
        context.update(
            table=table,
            durchgang=table.durchgang,
            seats=seats,
            seat_columns=(3 if point_table.zero_sum else 2) * len(seats),
            zero_sum=point_table.zero_sum,
            rows=rows,
            totals=sheet_totals(rows),
            stock=sheet_stock(self.tournament, seats, [r.number for r in rows if r.thrown_in]),
            entry_form=entry,
            state=state,
            sign_seats=seats,
            correction_form=correction_form,
            decided=[h.number for h in decided],
            entry_decided=entry_decided(decided, entry),
            corrections_open=table.closed or bool(decided) or correction_form.is_bound,
            events=history_rows(
                table.events.select_related("user").order_by("-at", "-pk"),
                restore=is_supervisor and not table.closed,
                taken={row.number for row in rows if row.hand},
            ),
            corrections=corrections,
            is_supervisor=is_supervisor,
            verification=sheet_verification_of(
                table, seats, [row.hand for row in rows if row.hand], corrections
            ),
            # The game the supervisor has just entered, to approve on the line.
            line_approval=is_supervisor
            and line_approval(
                table,
                rows,
                kwargs.get("approval_number") or number_or_none(self.request.GET.get(APPROVE)),
                kwargs.get("approval_form"),
            ),
        )
        return context


class SheetView(SheetPageMixin, TemplateView):
    """One sheet: its games and points, the entry line, signatures, corrections, history. A
    table recorded by its totals has its line on the Durchgang's totals page."""

    def get(self, request, *args, **kwargs):
        table = self.get_table()
        if table.by_totals:
            url = reverse("manage:totals", args=[self.tournament.slug, table.durchgang.number])
            return redirect(f"{url}?tisch={table.number}")
        return super().get(request, *args, **kwargs)


class HandEnterView(SheetPageMixin, TemplateView):
    """POST one game line; errors are shown next to the field and nothing is stored."""

    http_method_names = ["post"]

    def post(self, request, *args, **kwargs):
        kept = number_or_none(request.POST.get(KEEP, ""))
        if kept is not None:  # after a conflict: the stored game stays, the typed one goes
            messages.info(request, kept_message(kept))
            return redirect(self.sheet_url(self.get_table()))
        entry_begun(request, number_or_none(request.POST.get("number", "")))
        supervisor = role_allows(self.role, SUPERVISOR)
        lock = partial(
            sheet_lock,
            PAGE_SEATS,
            tournament_id=self.tournament.pk,
            durchgang=self.kwargs["number"],
            table=self.kwargs["table"],
        )
        try:  # the table is found while its sheet is locked: one query for both
            hand, form, table = entry_save(
                request.POST, lock=lock, user=request.user, as_supervisor=supervisor
            )
        except models.Table.DoesNotExist:
            raise Http404 from None
        if hand is None:
            context = self.get_context_data(table_obj=table, entry_form=form)
            return self.render_to_response(context, status=400)
        entry_stored(request, hand.number)  # committed: tournament/web/outage.py says so
        note = first_game_note(hand)  # how 5.2.15 scored a first-game Tout or Schwarz
        if note:  # once: a retry after a lost answer may bring the first one back
            message_once(request, messages.INFO, note)
        if supervisor and awaits_approval(hand):  # approved right there, on the line
            return redirect(self.sheet_url(table) + f"?{APPROVE}={hand.number}")
        if awaits_approval(hand):
            waits = _("Game %(n)s needs the supervisor's approval.") % {"n": hand.number}
            message_once(request, messages.WARNING, waits)
        return redirect(self.sheet_url(table))


class HandPreviewView(SheetMixin, View):
    """The points a code line gives, while the clerk types it (JSON)."""

    def get(self, request, *args, **kwargs):
        answer = entry_preview(
            table=self.get_table(),
            number=request.GET.get("number", ""),
            code=request.GET.get("code", ""),
        )
        return JsonResponse(answer)


class HandMixin(SheetMixin):
    def get_hand(self, table: models.Table) -> models.Hand:
        return get_object_or_404(
            models.Hand.objects.select_related("declarer", "partner"),
            table=table,
            number=self.kwargs["hand"],
        )


class HandPageMixin(HandMixin):
    """The page of one game; the supervisor's decisions posted to it show it again with their
    errors."""

    template_name: str | None = "tournament/sheets/hand.html"

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        table = self.get_table()
        hand = self.get_hand(table)
        seats = sheet_seats(table)
        row = sheet_rows(table, seats)[hand.number - 1]
        initial = {"version": hand.version}
        with contextlib.suppress(models.Sanction.DoesNotExist):
            sanction = hand.sanction
            initial |= {"offender": sanction.offender_id, "reason": sanction.reason}
            initial |= {"mistake_by": sanction.mistake_by_id}
        is_supervisor = role_allows(self.role, SUPERVISOR)
        # A clerk changes or deletes a game with the supervisor's decision only by a correction.
        decided = "" if is_supervisor or not hand_decisions(hand) else decided_message(hand)
        context.update(
            table=table,
            durchgang=table.durchgang,
            hand=hand,
            row=row,
            points=[
                (seat, (cell.plus or 0) - (cell.minus or 0))
                for seat, cell in zip(seats, row.cells, strict=True)
            ],
            seats=seats,
            approval_form=kwargs.get("approval_form") or ApprovalForm(hand=hand, initial=initial),
            tout_conditions=tout_conditions(hand),
            # Only the version: the sanction's offence is no reason to strike the game.
            strike_form=kwargs.get("strike_form") or StrikeForm(initial={"version": hand.version}),
            sanction_form=kwargs.get("sanction_form") or SanctionForm(table=table, initial=initial),
            events=history_rows(
                table.events.filter(number=hand.number).select_related("user"), restore=False
            ),
            is_supervisor=is_supervisor,
            decided=decided,
            correction_form=CorrectionForm(
                seats=seats, initial={"number": hand.number, "code": row.code}
            ),
        )
        return context


class HandDetailView(HandPageMixin, TemplateView):
    """One game: what was entered, the supervisor's decisions, and its history."""


class SignView(SheetMixin, View):
    """A player's confirmation of the sheet (5.3.2), ticked by the clerk or typed."""

    http_method_names = ["post"]

    def post(self, request, *args, **kwargs):
        table = self.get_table()
        form = SignForm(request.POST)
        seat = None
        if form.is_valid():
            seat = (
                table.seats.select_related("player")
                .filter(position=form.cleaned_data["seat"])
                .first()
            )
        if seat is None:
            messages.error(request, _("There is no such seat at this table."))
            return redirect(self.sheet_url(table, "#unterschriften"))
        try:
            seat_sign(
                seat=seat,
                user=request.user,
                signature=form.cleaned_data["signature"],
                paper=form.cleaned_data["paper"],
            )
        except HandRuleError as error:
            messages.error(request, errors_text(error.errors))
        else:
            messages.success(request, _("%(name)s has signed.") % {"name": seat.player.name})
        return redirect(self.sheet_url(table, "#unterschriften"))
