"""The draw's actions that replace what there is — a redraw and a seat swap — each behind a
confirmation page that says what will happen (tournament/web/confirm.py)."""

# Declared boilerplate (duplicates): a preview's counted lines (ngettext) are alike in shape to
# other previews.

from __future__ import annotations

import secrets

from django.contrib import messages
from django.db import transaction
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views import View
from django.views.generic import TemplateView

from tournament.draw.forms import DrawForm, SwapForm
from tournament.draw.previews import (
    DrawPreview,
    SeatPlace,
    SwapPreview,
    durchgang_draw_preview,
    seats_swap_preview,
)
from tournament.draw.services import DrawError, durchgang_draw, seats_swap
from tournament.draw.views.pages import DurchgangPageMixin
from tournament.phones.links import table_links_issue_missing
from tournament.scorekeeping.violations import player_label
from tournament.web.access import TournamentMixin
from tournament.web.confirm import ConfirmActionMixin, Preview, is_confirmed


class DurchgangDrawView(ConfirmActionMixin, TournamentMixin, View):
    """Draw a Durchgang (POST, at once), or redraw one: GET (or an unconfirmed POST) shows what
    the new draw will be and what it discards; the confirmed POST draws with the seed shown."""

    def dispatch(self, request, *args, **kwargs):
        self.number = kwargs["number"]
        return super().dispatch(request, *args, **kwargs)

    def seed_or_error(self) -> str | None:
        form = DrawForm(self.data)
        if not form.is_valid():
            messages.error(self.request, " ".join(str(e) for e in form.errors["seed"]))
            return None
        return form.cleaned_data["seed"]

    def get(self, request, *args, **kwargs):
        seed = self.seed_or_error()
        if seed is None:
            return redirect(self.cancel_url())
        self.seed = seed or secrets.token_hex(4)  # the draw confirmed is the draw shown
        return self.confirm_response()

    def post(self, request, *args, **kwargs):
        drawn = self.tournament.durchgaenge.filter(number=self.number).exists()
        if drawn and not is_confirmed(request):
            return self.get(request, *args, **kwargs)
        return self.perform()

    def cancel_url(self) -> str:
        return reverse("manage:durchgaenge", args=[self.tournament.slug])

    def action_params(self):
        return {"seed": self.seed}

    def preview(self) -> Preview:
        redraw = self.tournament.durchgaenge.filter(number=self.number).exists()
        n = self.number
        heading = (_("Redraw Durchgang %(n)s?") if redraw else _("Draw Durchgang %(n)s?")) % {
            "n": n
        }
        action = (_("Redraw Durchgang %(n)s") if redraw else _("Draw Durchgang %(n)s")) % {"n": n}
        try:
            preview = durchgang_draw_preview(tournament=self.tournament, number=n, seed=self.seed)
        except DrawError as exc:
            return Preview(heading=heading, lines=[], action=action, refused=str(exc))
        return Preview(heading=heading, lines=draw_lines(preview), action=action, danger=redraw)

    def perform(self):
        slug, number = self.tournament.slug, self.number
        seed = self.seed_or_error()
        if seed is None:
            return redirect("manage:durchgaenge", slug=slug)
        try:
            with transaction.atomic():
                result = durchgang_draw(
                    tournament=self.tournament, number=number, seed=seed or None
                )
                # Each table's phone link and PIN with its tables, before anything is printed
                # (a redraw's old tables took their links with them).
                links = table_links_issue_missing(
                    durchgang=result.durchgang, user=self.request.user
                )
        except DrawError as exc:
            messages.error(self.request, str(exc))
            return redirect("manage:durchgaenge", slug=slug)
        messages.success(
            self.request,
            _("Durchgang %(n)s drawn (seed %(seed)s): %(repeats)s repeated meetings.")
            % {"n": number, "seed": result.durchgang.draw_seed, "repeats": result.repeats}
            + " "
            + ngettext(
                "%(count)s table has its phone link and PIN: they are on its table card and "
                "scoresheet.",
                "%(count)s tables have their phone link and PIN: they are on the table cards and "
                "scoresheets.",
                links,
            )
            % {"count": links},
        )
        return redirect("manage:durchgang", slug=slug, number=number)


def draw_lines(p: DrawPreview) -> list[str]:
    n = p.number
    tables = ngettext("%(count)s table", "%(count)s tables", p.tables_after) % {
        "count": p.tables_after
    }
    if p.tables_of_five:
        tables += " " + ngettext(
            "(%(count)s of them of five)", "(%(count)s of them of five)", p.tables_of_five
        ) % {"count": p.tables_of_five}
    verb = (
        _("Durchgang %(n)s is drawn again: %(tables)s, %(players)s players")
        if p.tables_before
        else _("Durchgang %(n)s is drawn: %(tables)s, %(players)s players")
    )
    lines = [
        verb % {"n": n, "tables": tables, "players": p.players_after}
        + "; "
        + ngettext(
            "seed %(seed)s, %(count)s repeated meeting.",
            "seed %(seed)s, %(count)s repeated meetings.",
            p.repeats,
        )
        % {"seed": p.seed, "count": p.repeats}
    ]
    if p.club_conflicts:
        lines.append(
            ngettext(
                "%(count)s table seats players of the same club together.",
                "%(count)s tables seat players of the same club together.",
                p.club_conflicts,
            )
            % {"count": p.club_conflicts}
        )
    if p.tables_before:
        lines.append(
            _(
                "The present draw (%(tables)s tables, %(players)s players) and its %(games)s "
                "games entered are discarded."
            )
            % {"tables": p.tables_before, "players": p.players_before, "games": p.games_before}
        )
        lines.append(_("Printed table lists, table cards and scoresheets no longer hold."))
    if p.links_before:
        lines.append(
            ngettext(
                "The phone link of %(count)s table stops working.",
                "The phone links of %(count)s tables stop working.",
                p.links_before,
            )
            % {"count": p.links_before}
        )
    if p.tables_before:
        lines.append(_("Every new table gets a new phone link and PIN."))
    if p.published:
        lines.append(_("The table assignments are public: everybody sees the new tables at once."))
    return lines


class SeatSwapView(ConfirmActionMixin, DurchgangPageMixin, TemplateView):
    """GET (or an unconfirmed POST) with two players and a reason shows where each sits now and
    will sit; the confirmed POST swaps them. A bad form shows the Durchgang page again."""

    def get(self, request, *args, **kwargs):
        return self.checked(self.confirm_response)

    def post(self, request, *args, **kwargs):
        return self.checked(self.perform if is_confirmed(request) else self.confirm_response)

    def checked(self, then):
        self.durchgang = self.get_durchgang()
        self.form = SwapForm(self.data, durchgang=self.durchgang)
        if self.form.is_valid():
            try:
                self.swap = seats_swap_preview(durchgang=self.durchgang, **self.form.cleaned_data)
            except DrawError as exc:
                self.form.add_error(None, str(exc))
            else:
                return then()
        return self.render_to_response(self.get_context_data(swap_form=self.form), status=400)

    def cancel_url(self) -> str:
        return reverse("manage:durchgang", args=[self.tournament.slug, self.durchgang.number])

    def action_params(self):
        data = self.form.cleaned_data
        return {"first": data["first"].pk, "second": data["second"].pk, "reason": data["reason"]}

    def preview(self) -> Preview:
        return Preview(
            heading=_("Swap two players?"),
            lines=swap_lines(self.swap),
            action=_("Swap the two players"),
        )

    def perform(self):
        try:
            seats_swap(durchgang=self.durchgang, user=self.request.user, **self.form.cleaned_data)
        except DrawError as exc:
            self.form.add_error(None, str(exc))
            return self.render_to_response(self.get_context_data(swap_form=self.form), status=400)
        messages.success(self.request, _("The two players were swapped."))
        return redirect(self.cancel_url())


def _place(place: SeatPlace) -> str:
    return _("%(player)s (table %(table)s, seat %(seat)s)") % {
        "player": player_label(place.player.start_number, place.player.name),
        "table": place.table,
        "seat": place.position,
    }


def swap_lines(s: SwapPreview) -> list[str]:
    a, b = s.first, s.second
    lines = [
        f"{_place(a)} ↔ {_place(b)}",
        _(
            "Afterwards %(first)s sits at table %(t2)s, seat %(s2)s, and %(second)s at table "
            "%(t1)s, seat %(s1)s."
        )
        % {
            "first": player_label(a.player.start_number, a.player.name),
            "second": player_label(b.player.start_number, b.player.name),
            "t1": a.table,
            "s1": a.position,
            "t2": b.table,
            "s2": b.position,
        },
        _("Reason: %(reason)s") % {"reason": s.reason},
    ]
    tables = ", ".join(str(t) for t in sorted({a.table, b.table}))
    lines.append(
        ngettext(
            "The printed table card and scoresheet of table %(tables)s must be printed again.",
            "The printed table cards and scoresheets of tables %(tables)s must be printed again.",
            len({a.table, b.table}),
        )
        % {"tables": tables}
    )
    if s.published:
        lines.append(_("The table assignments are public: the players see the change at once."))
    return lines
