"""Table links for the players' phones (issue 9): the supervisor's list of a Durchgang's links
with their PINs, and the phone's page of one table's sheet, opened with link and PIN."""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.generic import TemplateView

from tournament import models
from tournament.forms_sheet import EntryForm
from tournament.qr import qr_svg
from tournament.services.table_links import (
    pin_matches,
    table_link_issue,
    table_link_open,
    table_link_revoke,
)
from tournament.sheet_display import sheet_rows, sheet_seats, sheet_totals
from tournament.views_draw import DurchgangMixin
from tournament.views_sheet import entry_save

#: The tokens of the table links this browser has opened with their PIN.
SESSION_KEY = "table_links"


class TableLinksView(DurchgangMixin, TemplateView):
    """GET: every table of the Durchgang with its valid link, PIN and QR code (to print or read
    out); POST `issue` (one table, or all without one) or `revoke` (one table)."""

    template_name = "tournament/sheet/table_links.html"

    def get_context_data(self, **kwargs):
        durchgang = self.get_durchgang()
        valid = {
            link.table_id: link
            for link in models.TableLink.objects.filter(
                table__durchgang=durchgang, revoked_at__isnull=True
            )
        }
        tables = []
        for table in durchgang.tables.order_by("number"):
            link = valid.get(table.pk)
            url = phone_url(self.request, link) if link else ""
            tables.append((table, link, url, qr_svg(url, scale=3) if link else ""))
        return super().get_context_data(durchgang=durchgang, tables=tables, **kwargs)

    def post(self, request, slug, number):
        durchgang = self.get_durchgang()
        wanted = request.POST.get("table", "")
        tables = durchgang.tables.filter(closed_at__isnull=True)
        if wanted:
            table = get_object_or_404(durchgang.tables, number=_number(wanted))
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
            valid = models.TableLink.objects.filter(revoked_at__isnull=True).values("table_id")
            without = list(tables.exclude(pk__in=valid))
            for table in without:
                table_link_issue(table=table, user=request.user)
            messages.success(request, _("%(count)s links issued.") % {"count": len(without)})
        return redirect("manage:table_links", slug=slug, number=number)


def _number(text: str) -> int:
    if not text.isdecimal():
        raise Http404
    return int(text)


def phone_url(request, link: models.TableLink) -> str:
    return request.build_absolute_uri(reverse("tournament:phone_sheet", args=[link.token]))


class PhoneSheetView(TemplateView):
    """A table's sheet on a phone: first the PIN, then the games, the running totals and the
    entry line. Only for a valid link whose sheet is open; every write needs the PIN first."""

    template_name = "tournament/sheet/phone.html"

    def dispatch(self, request, *args, **kwargs):
        self.link = table_link_open(kwargs["token"])
        if self.link is None:
            return render(request, "tournament/sheet/phone_invalid.html", status=404)
        return super().dispatch(request, *args, **kwargs)

    def unlocked(self) -> bool:
        return self.link.token in self.request.session.get(SESSION_KEY, [])

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        table = self.link.table
        context.update(link=self.link, table=table, tournament=table.durchgang.tournament)
        if self.unlocked():
            seats = sheet_seats(table)
            rows = sheet_rows(table, seats)
            context.update(
                seats=seats,
                rows=[row for row in rows if row.hand is not None],
                seat_totals=[
                    (seat, points)
                    for seat, (_plus, _minus, points) in zip(seats, sheet_totals(rows), strict=True)
                ],
                entry_form=kwargs.get("entry_form")
                or EntryForm(seats=seats, games=len(rows), initial=_next(rows)),
            )
        return context

    def post(self, request, token):
        if "pin" in request.POST:
            if not pin_matches(self.link, request.POST["pin"]):
                context = self.get_context_data(pin_error=_("Wrong PIN."))
                return self.render_to_response(context, status=403)
            opened = request.session.get(SESSION_KEY, [])
            if token not in opened:
                request.session[SESSION_KEY] = [*opened, token]
            return redirect("tournament:phone_sheet", token=token)
        if not self.unlocked():
            return self.render_to_response(self.get_context_data(), status=403)
        hand, form = entry_save(request.POST, table=self.link.table, user=None)
        if hand is not None:
            return redirect("tournament:phone_sheet", token=token)
        return self.render_to_response(self.get_context_data(entry_form=form), status=400)


def _next(rows) -> dict:
    free = [row.number for row in rows if row.hand is None]
    return {"number": free[0] if free else len(rows), "version": 0}
