"""Deleting a game and restoring it: a confirmation that shows the game as the sheet shows it
and asks why (the history keeps the reason and who it was), and the supervisor's restore of a
deleted game from the history. Clerks delete games without a decision of the supervisor
(`services.decisions`); only the supervisor restores."""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect
from django.utils.translation import gettext as _
from django.views.generic import TemplateView

from tournament import models
from tournament.scorekeeping.history import hand_snapshot
from tournament.sheets.display import sheet_seats
from tournament.sheets.entry import conflict_message
from tournament.sheets.forms import HandDeleteForm
from tournament.sheets.services.decisions import decided_message, hand_decisions
from tournament.sheets.services.hand_errors import HandConflict, HandRuleError
from tournament.sheets.services.hands import hand_delete
from tournament.sheets.services.restore import (
    deletion_restorable,
    hand_restore,
    number_taken_message,
)
from tournament.sheets.summary import game_summary
from tournament.sheets.views.sheet import HandMixin, SheetMixin
from tournament.web.access import SUPERVISOR, role_allows
from tournament.web.form_errors import errors_text, form_errors_add


class HandDeleteView(HandMixin, TemplateView):
    """GET: the game to be deleted and the form asking why; POST: delete it (nothing is
    deleted without a reason)."""

    template_name = "tournament/sheets/hand_delete.html"

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        table = self.get_table()
        hand = self.get_hand(table)
        is_supervisor = role_allows(self.role, SUPERVISOR)
        blocked = ""
        if table.closed:
            blocked = _("The sheet is closed: a change needs a correction signed off.")
        elif not is_supervisor and hand_decisions(hand):
            blocked = decided_message(hand)
        context.update(
            table=table,
            durchgang=table.durchgang,
            hand=hand,
            summary=game_summary(hand_snapshot(hand), sheet_seats(table)),
            form=kwargs.get("form") or HandDeleteForm(initial={"version": hand.version}),
            blocked=blocked,
            is_supervisor=is_supervisor,
        )
        return context

    def post(self, request, *args, **kwargs):
        table = self.get_table()
        hand = self.get_hand(table)
        form = HandDeleteForm(request.POST)
        if form.is_valid():
            try:
                hand_delete(
                    table=table,
                    number=hand.number,
                    version=form.cleaned_data["version"],
                    user=request.user,
                    reason=form.cleaned_data["reason"],
                    as_supervisor=role_allows(self.role, SUPERVISOR),
                )
            except HandRuleError as error:
                if "reason" not in error.errors:
                    messages.error(request, errors_text(error.errors))
                    return redirect(self.sheet_url(table))
                form_errors_add(form, error.errors)
            except HandConflict:
                messages.error(request, conflict_message(hand.number))
                return redirect(self.sheet_url(table))
            else:
                messages.success(request, deleted_message(hand.number))
                return redirect(self.sheet_url(table, f"#spiel-{hand.number}"))
        return self.render_to_response(self.get_context_data(form=form), status=400)


def deleted_message(number: int) -> str:
    return _(
        "Game %(n)s deleted. The history keeps it; the Turnierleitung can restore it there."
    ) % {"n": number}


class HandRestoreView(SheetMixin, TemplateView):
    """GET: the deleted game as the history kept it; POST: restore it under its number."""

    required_role = SUPERVISOR
    template_name = "tournament/sheets/hand_restore.html"

    def get_event(self, table: models.Table) -> models.SheetEvent:
        event = get_object_or_404(
            models.SheetEvent.objects.select_related("user"), table=table, pk=self.kwargs["event"]
        )
        if not deletion_restorable(event):
            raise Http404
        return event

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        table = self.get_table()
        event = self.get_event(table)
        assert isinstance(event.before, dict)
        blocked = ""
        if table.closed:
            blocked = _("The sheet is closed: a change needs a correction signed off.")
        elif table.hands.filter(number=event.number).exists():
            blocked = number_taken_message(event.number or 0)
        try:
            summary = game_summary(event.before, sheet_seats(table))
        except (KeyError, ValueError, TypeError) as garbled:  # a history row not written here
            raise Http404 from garbled
        context.update(
            table=table,
            durchgang=table.durchgang,
            event=event,
            summary=summary,
            blocked=blocked,
            errors=kwargs.get("errors", []),
        )
        return context

    def post(self, request, *args, **kwargs):
        table = self.get_table()
        event = self.get_event(table)
        try:
            hand = hand_restore(event=event, user=request.user)
        except HandRuleError as error:
            errors = [text for texts in error.errors.values() for text in texts]
            return self.render_to_response(self.get_context_data(errors=errors), status=400)
        messages.success(request, _("Game %(n)s is restored.") % {"n": hand.number})
        return redirect(self.sheet_url(table, f"#spiel-{hand.number}"))
