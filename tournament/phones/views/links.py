"""Table links for the players' phones: the supervisor's list of a Durchgang's links
with their PINs and QR codes. The phones' own pages are in `phone`."""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect
from django.urls import reverse
from django.utils.http import urlencode
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views import View
from django.views.generic import TemplateView

from tournament import models
from tournament.phones.links import (
    table_link_issue,
    table_link_revoke,
    table_link_valid,
    table_links_issue_missing,
    table_links_revoke_all,
    table_links_valid,
    table_links_working,
)
from tournament.web.access import DurchgangMixin
from tournament.web.confirm import ConfirmActionMixin, Preview
from tournament.web.qr import qr_svg
from tournament.web.raw_input import number_or_none
from tournament.web.site_url import absolute_url


class TableLinksView(DurchgangMixin, TemplateView):
    """GET: every table of the Durchgang with its valid link, PIN and QR code (to print or read
    out); POST `issue` (one table, or all without one) or `revoke` (one table)."""

    template_name = "tournament/phones/table_links.html"

    def get_context_data(self, **kwargs):
        durchgang = self.get_durchgang()
        valid = table_links_valid(durchgang)
        tables = []
        for table in durchgang.tables.order_by("number"):
            link = valid.get(table.pk)
            url = self.phone_url(link) if link else ""
            tables.append((table, link, url, qr_svg(url, scale=3) if link else ""))
        working = table_links_working(durchgang).exists()
        return super().get_context_data(
            durchgang=durchgang, tables=tables, any_link=working, **kwargs
        )

    def post(self, request, slug, number):
        durchgang = self.get_durchgang()
        wanted = request.POST.get("table", "")
        if wanted:
            table = get_object_or_404(durchgang.tables, number=self.table_number(wanted))
            if "revoke" in request.POST or table_link_valid(table) is not None:
                # Revoking or replacing a link is confirmed first (TableLinkChangeView).
                what = "sperren" if "revoke" in request.POST else "neu"
                query = urlencode({"tisch": table.number, "aktion": what})
                confirm = reverse("manage:table_link_change", args=[slug, number])
                return redirect(f"{confirm}?{query}")
            if table.closed:
                messages.error(
                    request, _("The sheet of table %(n)s is closed.") % {"n": table.number}
                )
            else:
                table_link_issue(table=table, user=request.user)
                messages.success(
                    request, _("Table %(n)s has a new link and PIN.") % {"n": table.number}
                )
        else:
            count = table_links_issue_missing(durchgang=durchgang, user=request.user)
            messages.success(request, _("%(count)s links issued.") % {"count": count})
        return redirect("manage:table_links", slug=slug, number=number)

    def table_number(self, text: str) -> int:
        number = number_or_none(text)  # not int(): "²" or 5,000 digits would fail
        if number is None:
            raise Http404
        return number

    def phone_url(self, link: models.TableLink) -> str:
        token = link.token
        return absolute_url(self.request, reverse("tournament:phone_sheet", args=[token]))


class TableLinkChangeView(ConfirmActionMixin, DurchgangMixin, View):
    """Revoke a table's link (`aktion=sperren`, `tisch=N`), every link of the Durchgang
    (`tisch=alle`), or replace a table's link by a new one (`aktion=neu`): GET (or an
    unconfirmed POST) says which links stop working, the confirmed POST does it."""

    def dispatch(self, request, *args, **kwargs):
        self.durchgang = None
        return super().dispatch(request, *args, **kwargs)

    def setup_action(self) -> None:
        if self.durchgang is not None:
            return
        self.durchgang = self.get_durchgang()
        self.renew = self.data.get("aktion") == "neu"
        wanted = self.data.get("tisch", "")
        self.table = None
        if wanted != "alle" or self.renew:
            number = number_or_none(wanted)
            if number is None:
                raise Http404
            self.table = get_object_or_404(self.durchgang.tables, number=number)

    def cancel_url(self) -> str:
        return reverse("manage:table_links", args=[self.tournament.slug, self.durchgang.number])

    def action_params(self):
        return {
            "tisch": self.table.number if self.table else "alle",
            "aktion": "neu" if self.renew else "sperren",
        }

    def confirm_response(self):
        self.setup_action()
        return super().confirm_response()

    def preview(self) -> Preview:
        valid = table_links_valid(self.durchgang)
        if self.table is None:
            return self.revoke_all_preview()
        t = self.table.number
        link = valid.get(self.table.pk)
        if self.renew:
            heading = _("A new link for table %(t)s?") % {"t": t}
            action = _("Issue a new link for table %(t)s") % {"t": t}
            closed = _("The sheet of table %(n)s is closed.") % {"n": t}
            refused = closed if self.table.closed else ""
            lines = [
                _(
                    "The present link of table %(t)s stops working at once; the phones at the "
                    "table must scan the new QR code and type the new PIN."
                )
                % {"t": t}
                if link
                else _("Table %(t)s gets a link and a PIN.") % {"t": t},
                _("Printed table cards and scoresheets still show the old QR code and PIN.")
                if link
                else "",
            ]
            return Preview(heading, [line for line in lines if line], action, refused=refused)
        heading = _("Revoke the link of table %(t)s?") % {"t": t}
        action = _("Revoke the link of table %(t)s") % {"t": t}
        if link is None:
            refused = _("Table %(t)s has no valid link.") % {"t": t}
            return Preview(heading, [], action, refused=refused)
        lines = [
            _(
                "The link of table %(t)s (PIN %(pin)s) stops working at once: the phones at the "
                "table can no longer enter games and must scan a new link."
            )
            % {"t": t, "pin": link.pin},
            _("The games entered stay; the table gets a new link with “Issue a link”."),
        ]
        return Preview(heading, lines, action)

    def revoke_all_preview(self) -> Preview:
        heading = _("Revoke every link of Durchgang %(n)s?") % {"n": self.durchgang.number}
        numbers = sorted(
            table_links_working(self.durchgang).values_list("table__number", flat=True)
        )
        count = len(numbers)
        action = ngettext("Revoke %(count)s link", "Revoke %(count)s links", count) % {
            "count": count
        }
        if not count:
            return Preview(heading, [], action, refused=_("No table has a valid link."))
        lines = [
            ngettext(
                "The link of %(count)s table stops working at once (table %(tables)s); its "
                "phones must scan a new link.",
                "The links of %(count)s tables stop working at once (tables %(tables)s); the "
                "phones must scan new links.",
                count,
            )
            % {"count": count, "tables": ", ".join(map(str, numbers))},
            _(
                "The games entered stay; new links are issued with “Issue links for every "
                "table without one”."
            ),
        ]
        return Preview(heading, lines, action)

    def perform(self):
        self.setup_action()
        request = self.request
        if self.table is None:
            count = table_links_revoke_all(durchgang=self.durchgang)
            messages.success(
                request,
                ngettext("%(count)s link revoked.", "%(count)s links revoked.", count)
                % {"count": count},
            )
        elif not self.renew:
            table_link_revoke(table=self.table)
            messages.success(
                request, _("The link of table %(n)s is revoked.") % {"n": self.table.number}
            )
        elif self.table.closed:
            messages.error(
                request, _("The sheet of table %(n)s is closed.") % {"n": self.table.number}
            )
        else:
            table_link_issue(table=self.table, user=request.user)
            messages.success(
                request, _("Table %(n)s has a new link and PIN.") % {"n": self.table.number}
            )
        return redirect(self.cancel_url())
