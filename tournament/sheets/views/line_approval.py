"""The supervisor approves a game on the sheet's entry line (tournament/sheets/line_approval.py):
the same form and service as the approval queue; on an error the sheet shows it on the line."""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect
from django.utils.translation import gettext as _
from django.views.generic import TemplateView

from tournament import models
from tournament.sheets.entry import conflict_message
from tournament.sheets.forms import ApprovalForm
from tournament.sheets.services.hand_errors import HandConflict, HandRuleError
from tournament.sheets.services.supervision import hand_approve
from tournament.sheets.views.sheet import SheetPageMixin
from tournament.web.access import SUPERVISOR
from tournament.web.form_errors import form_errors_add


class LineApproveView(SheetPageMixin, TemplateView):
    """POST the approval of one game from the sheet; only the tournament's supervisor."""

    required_role = SUPERVISOR
    http_method_names = ["post"]

    def post(self, request, *args, **kwargs):
        table = self.get_table()
        hand = get_object_or_404(models.Hand, table=table, number=self.kwargs["hand"])
        form = ApprovalForm(request.POST, hand=hand)
        if form.is_valid():
            data = form.cleaned_data
            try:
                hand_approve(
                    hand=hand, user=request.user, note=data["note"], version=data["version"]
                )
            except HandRuleError as error:
                form_errors_add(form, error.errors)
            except HandConflict:
                form.add_error(None, conflict_message(hand.number))
            else:
                done = _("Game %(n)s approved: it is scored now.") % {"n": hand.number}
                messages.success(request, done)
                return redirect(self.sheet_url(table))
        context = self.get_context_data(
            table_obj=table, approval_form=form, approval_number=hand.number
        )
        return self.render_to_response(context, status=400)
