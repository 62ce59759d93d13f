"""Table links for the players' phones: the supervisor's list of a Durchgang's links
with their PINs and QR codes. The phones' own pages are in `phone`."""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.generic import TemplateView

from tournament import models
from tournament.core.access import DurchgangMixin
from tournament.core.qr import qr_svg
from tournament.core.raw_input import number_or_none
from tournament.core.site_url import absolute_url
from tournament.phones.links import (
    table_link_issue,
    table_link_revoke,
    table_links_issue_missing,
    table_links_valid,
)


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
        return super().get_context_data(durchgang=durchgang, tables=tables, **kwargs)

    def post(self, request, slug, number):
        durchgang = self.get_durchgang()
        wanted = request.POST.get("table", "")
        if wanted:
            table = get_object_or_404(durchgang.tables, number=self.table_number(wanted))
            if "revoke" in request.POST:
                table_link_revoke(table=table)
                messages.success(
                    request, _("The link of table %(n)s is revoked.") % {"n": table.number}
                )
            elif table.closed:
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
