"""The door's pages: the check-in (supervisor and clerks), its settings and the cash summary
(supervisor), and the public registration form."""

from __future__ import annotations

from django.contrib import messages
from django.db.models import Q
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views import View
from django.views.generic import FormView, TemplateView

from tournament.checkin.cash import cash_summary
from tournament.checkin.forms import DoorSettingsForm, LateArrivalForm, RegistrationForm
from tournament.checkin.services import (
    CheckInError,
    door_settings_save,
    player_check_in,
    player_check_in_undo,
    player_pay,
    registration_add,
    waiting_list,
)
from tournament.core.access import CLERK, TournamentMixin
from tournament.core.form_errors import form_errors_add
from tournament.core.pdf import pdf_render
from tournament.models import Payment, Tournament
from tournament.persons.services import PersonError
from tournament.registration.services import PlayerError, player_create

TEMPLATES = "tournament/checkin/"
SHOWN = 60  # rows of the door's list; more are found by searching


def door_players(tournament: Tournament, query: str):
    """The players matching `query` (start number, or words of name or club), those still to
    check in first."""
    players = tournament.players.filter(withdrawn=False).select_related("checked_in_by")
    query = query.strip()
    if query.isdecimal() and len(query) <= 9:
        players = players.filter(start_number=int(query))
    else:
        for word in query.split()[:5]:
            players = players.filter(Q(name__icontains=word) | Q(club__icontains=word))
    return players.order_by("waiting_since", "checked_in_at", "start_number")


class CheckInView(TournamentMixin, TemplateView):
    """Search, one tap: checked in with the Startgeld paid in cash, free, or still open.

    The search is sent by POST (`q` in the body; the page's script asks the same way while a
    name is typed): a name in a request's URL would stay in the access log after the person is
    erased (docs/privacy.md). A GET shows the list unfiltered, whatever its query."""

    required_role = CLERK
    template_name = TEMPLATES + "door.html"

    def post(self, request, slug):
        return self.render_to_response(self.get_context_data())

    def get_context_data(self, **kwargs):
        query = self.request.POST.get("q", "") if self.request.method == "POST" else ""
        players = door_players(self.tournament, query)
        shown = list(players[: SHOWN + 1])
        return super().get_context_data(
            q=query,
            players=shown[:SHOWN],
            more=len(shown) > SHOWN,
            summary=cash_summary(self.tournament),
            late=kwargs.pop("late", None) or LateArrivalForm(),
            payments=Payment,
            **kwargs,
        )


class CheckInPlayerView(TournamentMixin, View):
    """POST `action`: check in (cash, free, open), pay later (cash, free), or undo."""

    required_role = CLERK
    http_method_names = ["post"]

    def post(self, request, slug, pk):
        player = get_object_or_404(self.tournament.players, pk=pk)
        action = request.POST.get("action", "")
        try:
            if action in ("cash", "free", "open"):
                player_check_in(player=player, payment=action, user=request.user)
                done = _("No. %(number)s %(name)s checked in: %(payment)s.")
            elif action in ("pay-cash", "pay-free"):
                player_pay(player=player, payment=action.removeprefix("pay-"))
                done = _("No. %(number)s %(name)s: %(payment)s.")
            elif action == "undo":
                player_check_in_undo(player=player)
                done = _("No. %(number)s %(name)s is no longer checked in.")
            else:
                raise CheckInError(_("Unknown action."))
        except CheckInError as error:
            messages.error(request, str(error))
        else:
            values = {"number": player.start_number, "name": player.name}
            messages.success(request, done % {**values, "payment": _payment_text(player)})
        return redirect(_door_url(self.tournament))  # the search empty for the next one


def _payment_text(player) -> str:
    if player.payment == Payment.CASH:
        return _("%(amount)s € paid in cash") % {"amount": _money(player.paid_amount)}
    return str(player.get_payment_display())


def _money(amount) -> str:
    return f"{amount:.2f}".replace(".", ",")


def _door_url(tournament: Tournament) -> str:
    return reverse("manage:checkin", args=[tournament.slug])


class LateArrivalView(CheckInView):
    """POST: a player not registered before, added and checked in at once."""

    http_method_names = ["post"]

    def post(self, request, slug):
        form = LateArrivalForm(request.POST)
        if not form.is_valid():
            return self.render_to_response(self.get_context_data(late=form), status=400)
        values = form.cleaned_data
        try:
            player = player_create(
                tournament=self.tournament, name=values["name"], club=values["club"]
            )
            player_check_in(player=player, payment=values["payment"], user=request.user)
        except PlayerError as error:
            form_errors_add(form, error.errors)
            return self.render_to_response(self.get_context_data(late=form), status=400)
        except CheckInError as error:
            messages.error(request, str(error))
            return redirect(_door_url(self.tournament))
        message = _("No. %(number)s %(name)s added and checked in: %(payment)s.")
        messages.success(
            request,
            message
            % {
                "number": player.start_number,
                "name": player.name,
                "payment": _payment_text(player),
            },
        )
        return redirect(_door_url(self.tournament))


class DoorSettingsView(TournamentMixin, FormView):
    """Startgeld, check-in on or off, the public registration and its places."""

    form_class = DoorSettingsForm
    template_name = TEMPLATES + "settings.html"

    def get_form_kwargs(self):
        return {**super().get_form_kwargs(), "instance": self.tournament}

    def get_context_data(self, **kwargs):
        return super().get_context_data(waiting=list(waiting_list(self.tournament)), **kwargs)

    def form_valid(self, form):
        values = form.cleaned_data
        moved = door_settings_save(tournament=self.tournament, **values)
        messages.success(self.request, _("The door's settings are saved."))
        for player in moved:
            messages.info(
                self.request,
                _("No. %(number)s %(name)s moves up from the waiting list.")
                % {"number": player.start_number, "name": player.name},
            )
        return redirect("manage:door_settings", slug=self.tournament.slug)


class CashView(TournamentMixin, TemplateView):
    template_name = TEMPLATES + "cash.html"

    def get_context_data(self, **kwargs):
        return super().get_context_data(summary=cash_summary(self.tournament), **kwargs)


class CashPdfView(TournamentMixin, View):
    def get(self, request, slug):
        context = {"tournament": self.tournament, "summary": cash_summary(self.tournament)}
        pdf = pdf_render(TEMPLATES + "cash_pdf.html", context)
        response = HttpResponse(pdf, content_type="application/pdf")
        response["Content-Disposition"] = f'inline; filename="{slug}-kasse.pdf"'
        return response


class RegistrationView(View):
    """The public registration: a place, or the waiting list."""

    template = TEMPLATES + "registration.html"

    def dispatch(self, request, *args, **kwargs):
        self.tournament = get_object_or_404(Tournament, slug=kwargs["slug"])
        self.open = self.tournament.registration_open and not self.tournament.durchgaenge.exists()
        return super().dispatch(request, *args, **kwargs)

    def page(self, request, form, status=200, **context):
        context = {"tournament": self.tournament, "form": form, "open": self.open, **context}
        return render(request, self.template, context, status=status)

    def get(self, request, slug):
        return self.page(request, RegistrationForm())

    def post(self, request, slug):
        form = RegistrationForm(request.POST)
        if not self.open:
            return self.page(request, form, status=400)
        if not form.is_valid():
            return self.page(request, form, status=400)
        values = form.cleaned_data
        if values.pop("website"):  # a robot: answered like a person, nothing stored
            return self.page(request, RegistrationForm(), status=200, robot=True)
        try:
            registration = registration_add(tournament=self.tournament, **values)
        except (PlayerError, PersonError) as error:
            form_errors_add(form, error.errors)
            return self.page(request, form, status=400)
        except CheckInError as error:
            form.add_error(None, str(error))
            return self.page(request, form, status=400)
        return self.page(request, None, registration=registration)
