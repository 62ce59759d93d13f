"""The door's pages: the check-in (supervisor and clerks), its settings and the cash summary
(supervisor), and the online registrations linked to the register (the public registration's
own pages: public_views.py)."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.db.models import Q, QuerySet
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views import View
from django.views.generic import FormView, TemplateView

from tournament.checkin.cash import cash_summary
from tournament.checkin.confirmation import registrations_pending_count
from tournament.checkin.forms import DoorSettingsForm, LateArrivalForm
from tournament.checkin.services import (
    CheckInError,
    door_settings_save,
    late_arrival_check_in,
    player_check_in,
    player_check_in_undo,
    player_pay,
)
from tournament.models import Payment, Player, Tournament
from tournament.persons.services import (
    PersonError,
    organiser_of,
    person_from_player,
    player_person_link,
    registrations_to_link,
)
from tournament.registration.services import PlayerError
from tournament.registration.waiting import places_taken, waiting_list
from tournament.scorekeeping.amounts import money
from tournament.web.access import CLERK, TournamentMixin
from tournament.web.form_errors import form_errors_add
from tournament.web.pdf import pdf_render

TEMPLATES = "tournament/checkin/"
SHOWN = 60  # rows of the door's list; more are found by searching


def door_players(tournament: Tournament, query: str) -> QuerySet[Player]:
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


def place_free(tournament: Tournament) -> bool:
    """A place is free under the limit: a player on the waiting list checked in takes it."""
    limit = tournament.registration_limit
    return limit is None or places_taken(tournament) < limit


class CheckInView(TournamentMixin, TemplateView):
    """Search, one tap: checked in with the Startgeld paid in cash, free, or still open.

    The search is sent by POST (`q` in the body; the page's script asks the same way while a
    name is typed): a name in a request's URL would stay in the access log after the person is
    erased (docs/privacy.md). A GET shows the list unfiltered, whatever its query."""

    required_role = CLERK
    template_name = TEMPLATES + "door.html"

    def post(self, request: HttpRequest, slug: str) -> HttpResponse:
        return self.render_to_response(self.get_context_data())

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
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
            to_link=registrations_to_link(self.tournament),
            place_free=place_free(self.tournament),
            **kwargs,
        )


class CheckInPlayerView(TournamentMixin, View):
    """POST `action`: check in (cash, free, open), pay later (cash, free), or undo."""

    required_role = CLERK
    http_method_names = ["post"]

    def post(self, request: HttpRequest, slug: str, pk: int) -> HttpResponse:
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


def _payment_text(player: Player) -> str:
    if player.payment == Payment.CASH:
        return _("%(amount)s paid in cash") % {"amount": money(player.paid_amount)}
    return str(player.get_payment_display())


def _door_url(tournament: Tournament) -> str:
    return reverse("manage:checkin", args=[tournament.slug])


class LateArrivalView(CheckInView):
    """POST: a player not registered before, added and checked in at once."""

    http_method_names = ["post"]

    def post(self, request: HttpRequest, slug: str) -> HttpResponse:
        form = LateArrivalForm(request.POST)
        if not form.is_valid():
            return self.render_to_response(self.get_context_data(late=form), status=400)
        values = form.cleaned_data
        try:
            player = late_arrival_check_in(
                tournament=self.tournament,
                name=values["name"],
                club=values["club"],
                payment=values["payment"],
                user=request.user,
            )
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

    def get_form_kwargs(self) -> dict[str, Any]:
        return {**super().get_form_kwargs(), "instance": self.tournament}

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        return super().get_context_data(
            waiting=list(waiting_list(self.tournament)),
            pending=registrations_pending_count(self.tournament),
            **kwargs,
        )

    def form_valid(self, form: DoorSettingsForm) -> HttpResponse:
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

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        return super().get_context_data(summary=cash_summary(self.tournament), **kwargs)


class CashPdfView(TournamentMixin, View):
    def get(self, request: HttpRequest, slug: str) -> HttpResponse:
        context = {"tournament": self.tournament, "summary": cash_summary(self.tournament)}
        pdf = pdf_render(TEMPLATES + "cash_pdf.html", context)
        response = HttpResponse(pdf, content_type="application/pdf")
        response["Content-Disposition"] = f'inline; filename="{slug}-kasse.pdf"'
        return response


class RegistrationLinkView(TournamentMixin, View):
    """POST: a player of the online registration is the register's person `person` (a match
    the page offered), or, with `action=new`, a new person of the register made of what the
    player typed. The person's recorded data and publication choice stay as they are."""

    required_role = CLERK
    http_method_names = ["post"]

    def post(self, request: HttpRequest, slug: str, pk: int) -> HttpResponse:
        player = get_object_or_404(self.tournament.players, pk=pk, person__isnull=True)
        if request.POST.get("action") == "new":
            try:
                person_from_player(player=player)
            except PersonError as error:
                for texts in error.errors.values():
                    messages.error(request, " ".join(texts))
                return self._back(request)
            done = _("No. %(number)s %(name)s is now a new person of the register.")
        else:
            persons = organiser_of(self.tournament).persons.filter(erased_at__isnull=True)
            person = get_object_or_404(persons, pk=_number(request.POST.get("person", "")))
            player_person_link(player=player, person=person)
            done = _("No. %(number)s %(name)s is linked to the register's %(person)s.")
        values = {"number": player.start_number, "name": player.name, "person": player.person}
        messages.success(request, done % values)
        return self._back(request)

    def _back(self, request: HttpRequest) -> HttpResponse:
        if request.POST.get("back") == "players":
            return redirect("manage:players", slug=self.tournament.slug)
        return redirect(_door_url(self.tournament))


def _number(value: str) -> int:
    return int(value) if value.isdecimal() and len(value) <= 18 else 0
