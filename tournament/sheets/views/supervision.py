"""The supervisor's pages: approvals, struck games and sanctions of single games, and corrections
of closed sheets. Clerks may ask for corrections."""

# Declared boilerplate (duplicates): views composed of mixins and one generic view are alike in
# shape.

from __future__ import annotations

from collections.abc import Sequence

from django.contrib import messages
from django.http import Http404
from django.shortcuts import redirect
from django.urls import reverse
from django.utils import timezone
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views import View
from django.views.generic import TemplateView

from tournament import models
from tournament.sheets.display import sheet_seats
from tournament.sheets.entry import conflict_message
from tournament.sheets.forms import (
    ApprovalForm,
    CorrectionForm,
    NoteForm,
    SanctionForm,
    SignOffForm,
    StrikeForm,
)
from tournament.sheets.services.approval_queue import approval_queue
from tournament.sheets.services.correction_queue import correction_queue
from tournament.sheets.services.corrections import (
    correction_apply,
    correction_reject,
    correction_request,
)
from tournament.sheets.services.hand_errors import HandConflict, HandRuleError
from tournament.sheets.services.supervision import (
    hand_approve,
    hand_refuse,
    hand_strike,
    sanction_record,
)
from tournament.sheets.views.sheet import HandPageMixin, SheetPageMixin
from tournament.web.access import SUPERVISOR, TournamentMixin
from tournament.web.form_errors import errors_text, form_errors_add
from tournament.web.live import LiveFragmentMixin


class ApprovalQueueView(LiveFragmentMixin, TournamentMixin, TemplateView):
    """Every game waiting for the supervisor's approval, with the forms to decide and the
    minutes it waits. The queue is a live region (tournament/web/live.py): a game entered on a
    phone shows up without a reload."""

    template_name = "tournament/sheets/approvals.html"
    fragment_template = "tournament/sheets/approvals_list.html"

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        now = timezone.now()
        context["pending"] = [
            (
                item,
                ApprovalForm(hand=item.hand, initial={"version": item.hand.version}),
                int((now - item.hand.created_at).total_seconds() // 60),
            )
            for item in approval_queue(self.tournament)
        ]
        return context

    def live_revision(self, context) -> object:
        return [
            (item.hand.pk, item.hand.version, item.reason, item.facts, minutes)
            + tuple((p.label, p.approved, p.refused) for p in item.points)
            for item, _form, minutes in context["pending"]
        ]


class HandDecisionMixin(HandPageMixin):
    """POST a decision on one game; on an error the game's page shows it next to the field.
    A view of a decision names its form (`form_name`, `make_form`), what it does (`decide`)
    and what the supervisor reads when it is done (`done_message`)."""

    required_role = SUPERVISOR
    http_method_names: Sequence[str] = ["post"]
    form_name = ""
    anchor = ""  # where the game's page opens after the decision

    def make_form(self, table, hand):
        raise NotImplementedError

    def decide(self, hand, data):
        raise NotImplementedError

    def done_message(self, hand) -> str:
        raise NotImplementedError

    def post(self, request, *args, **kwargs):
        table = self.get_table()
        hand = self.get_hand(table)
        form = self.make_form(table, hand)
        if form.is_valid():
            try:
                self.decide(hand, form.cleaned_data)
            except HandRuleError as error:
                form_errors_add(form, error.errors)
            except HandConflict:
                form.add_error(None, conflict_message(hand.number))
            else:
                messages.success(request, self.done_message(hand))
                return redirect(self.next_on_site() or self.hand_url(table, hand) + self.anchor)
        context = self.get_context_data(**{self.form_name: form})
        return self.render_to_response(context, status=400)

    def hand_url(self, table, hand):
        return reverse(
            "manage:hand",
            args=[self.tournament.slug, table.durchgang.number, table.number, hand.number],
        )

    def next_on_site(self) -> str | None:
        """The posted `next` when it is a URL of this site (never another host or scheme)."""
        request = self.request
        target = request.POST.get("next", "")
        safe = url_has_allowed_host_and_scheme(
            target, allowed_hosts={request.get_host()}, require_https=request.is_secure()
        )
        # A path of this site only: `redirect()` reads any other word ("１２") as a view's name.
        return target if target.startswith("/") and safe else None


class ApproveView(HandDecisionMixin, TemplateView):
    form_name = "approval_form"

    def make_form(self, table, hand):
        return ApprovalForm(self.request.POST, hand=hand)

    def decide(self, hand, data):
        hand_approve(hand=hand, user=self.request.user, note=data["note"], version=data["version"])

    def done_message(self, hand):
        return _("Game %(n)s approved: it is scored now.") % {"n": hand.number}


class RefuseView(HandDecisionMixin, TemplateView):
    form_name = "approval_form"

    def make_form(self, table, hand):
        return NoteForm(self.request.POST)

    def decide(self, hand, data):
        hand_refuse(hand=hand, user=self.request.user, note=data["note"], version=data["version"])

    def done_message(self, hand):
        return _("Game %(n)s refused: it is struck and scores 0.") % {"n": hand.number}


class StrikeView(HandDecisionMixin, TemplateView):
    form_name = "strike_form"

    def make_form(self, table, hand):
        return StrikeForm(self.request.POST)

    def decide(self, hand, data):
        hand_strike(
            hand=hand,
            user=self.request.user,
            struck=not hand.struck,
            reason=data["reason"],
            version=data["version"],
        )

    def done_message(self, hand):
        hand.refresh_from_db(fields=["struck"])
        if hand.struck:
            return _("Game %(n)s struck: it keeps its number and scores 0.") % {"n": hand.number}
        return _("Game %(n)s counts again: it is no longer struck.") % {"n": hand.number}


class SanctionView(HandDecisionMixin, TemplateView):
    """The page shows the sanction recorded, with its offender still chosen in the form."""

    form_name = "sanction_form"
    anchor = "#strafe"

    def make_form(self, table, hand):
        return SanctionForm(self.request.POST, table=table)

    def decide(self, hand, data):
        sanction_record(
            hand=hand,
            user=self.request.user,
            offender=data["offender"],
            reason=data["reason"],
            version=data["version"],
            mistake_by=data["mistake_by"],
        )

    def done_message(self, hand):
        return _("The sanction of game %(n)s is recorded.") % {"n": hand.number}


class CorrectionRequestView(SheetPageMixin, TemplateView):
    """A clerk or supervisor asks for a correction of a closed sheet (5.3.4)."""

    http_method_names = ["post"]

    def post(self, request, *args, **kwargs):
        table = self.get_table()
        form = CorrectionForm(request.POST, seats=sheet_seats(table))
        if form.is_valid():
            data = form.cleaned_data
            try:
                correction_request(
                    table=table,
                    number=data["number"],
                    game=data["game"],
                    reason=data["reason"],
                    user=request.user,
                )
            except HandRuleError as error:
                form_errors_add(form, error.errors, default="code")
            else:
                messages.success(request, _("The correction waits for the supervisor's sign-off."))
                return redirect(self.sheet_url(table, "#korrekturen"))
        context = self.get_context_data(table_obj=table, correction_form=form)
        return self.render_to_response(context, status=400)


class CorrectionQueueView(TournamentMixin, TemplateView):
    template_name = "tournament/sheets/corrections.html"

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        context["pending"] = correction_queue(self.tournament)
        return context


class CorrectionDecideView(TournamentMixin, View):
    http_method_names = ["post"]

    def post(self, request, slug, pk):
        correction = models.Correction(pk=pk)  # found, locked and checked by the service
        note = request.POST.get("note", "")[:300]
        apply = request.POST.get("decision") == "apply"
        form = SignOffForm(request.POST)
        if apply and not form.is_valid():
            messages.error(request, errors_text(form.errors))
            return redirect("manage:corrections", slug=slug)
        try:
            if apply:
                version = form.cleaned_data["version"]
                correction_apply(
                    correction=correction,
                    user=request.user,
                    note=note,
                    version=version,
                    tournament=self.tournament,
                )
                messages.success(request, _("The correction is signed off and in force."))
            else:
                correction_reject(
                    correction=correction, user=request.user, note=note, tournament=self.tournament
                )
                messages.success(request, _("The correction is rejected."))
        except HandRuleError as error:
            messages.error(request, errors_text(error.errors))
        except HandConflict as error:
            messages.error(request, conflict_message(error.args[0]))
        except models.Correction.DoesNotExist:
            raise Http404 from None
        return redirect("manage:corrections", slug=slug)
