"""The public registration's pages: the form, the page the mailed link opens to confirm, and
the page the confirmation's link opens to withdraw (docs/checkin.md).

The form's answer to a registration it takes names the visitor and nothing that depends on
what was stored (no start number, no place on the waiting list): a robot that filled the
hidden field gets the same page, so it cannot learn that the field gave it away. With mail,
the visitor learns the start number from the confirmation page and mail; without, from the
organiser, who confirms the registration.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.utils import timezone, translation
from django.views import View

from tournament.checkin.confirmation import (
    player_by_withdraw_key,
    registration_confirm,
    registration_pending_add,
    registration_pending_find,
    registration_withdraw,
)
from tournament.checkin.forms import RegistrationForm
from tournament.checkin.limits import registration_wait
from tournament.checkin.mail import (
    MAIL_ERRORS,
    registration_mail_confirm,
    registration_mail_confirmed,
)
from tournament.checkin.services import CheckInError, registration_add
from tournament.models import Tournament
from tournament.registration.services import PlayerError
from tournament.web.form_errors import form_errors_add

TEMPLATES = "tournament/checkin/"


class PublicRegistrationMixin:
    """`self.tournament` from the slug, and whether registrations are taken now."""

    def dispatch(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        self.tournament = get_object_or_404(Tournament, slug=kwargs["slug"])
        self.open = self.tournament.registration_open and not self.tournament.durchgaenge.exists()
        return super().dispatch(request, *args, **kwargs)  # type: ignore[misc]

    def page(
        self, request: HttpRequest, template: str, status: int = 200, **context: object
    ) -> HttpResponse:
        context = {"tournament": self.tournament, "open": self.open, **context}
        return render(request, TEMPLATES + template, context, status=status)


class RegistrationView(PublicRegistrationMixin, View):
    """The public registration: with mail a link to confirm, without a place (or the waiting
    list) at once; over the hour's limit a 429."""

    def get(self, request: HttpRequest, slug: str) -> HttpResponse:
        form = RegistrationForm(mail=settings.EMAIL_CONFIGURED)
        return self.page(request, "registration.html", form=form)

    def post(self, request: HttpRequest, slug: str) -> HttpResponse:
        mail = settings.EMAIL_CONFIGURED
        form = RegistrationForm(request.POST, mail=mail)
        if not self.open or not form.is_valid():
            return self.page(request, "registration.html", status=400, form=form)
        wait = registration_wait(request, self.tournament)
        if wait:
            return self.too_many(request, wait)
        values = form.cleaned_data
        robot = bool(values.pop("website"))  # answered like a person, nothing stored
        try:
            if not robot:
                self.register(request, values, mail=mail)
        except PlayerError as error:
            form_errors_add(form, error.errors)
            return self.page(request, "registration.html", status=400, form=form)
        except CheckInError as error:
            form.add_error(None, str(error))
            return self.page(request, "registration.html", status=400, form=form)
        except MAIL_ERRORS:
            return self.page(request, "registration.html", status=503, form=form, unsent=True)
        return self.page(request, "registration.html", received=values["name"], mail=mail)

    def register(self, request: HttpRequest, values: dict[str, Any], *, mail: bool) -> None:
        if not mail:
            registration_add(tournament=self.tournament, **values)
            return
        pending, key = registration_pending_add(
            tournament=self.tournament, language=translation.get_language(), **values
        )
        try:
            registration_mail_confirm(request=request, pending=pending, key=key)
        except MAIL_ERRORS:
            pending.delete()
            raise

    def too_many(self, request: HttpRequest, wait: int) -> HttpResponse:
        again = timezone.localtime(timezone.now() + timedelta(seconds=wait))
        response = self.page(request, "registration_limit.html", status=429, again=again)
        response["Retry-After"] = str(wait)
        return response


class RegistrationConfirmView(PublicRegistrationMixin, View):
    """The mailed link: GET shows the registration and asks to confirm it; POST confirms it
    (a place or the waiting list) and mails the start number with the withdrawal link."""

    template = "registration_confirm.html"

    def get(self, request: HttpRequest, slug: str, key: str) -> HttpResponse:
        pending = registration_pending_find(tournament=self.tournament, key=key)
        if pending is None:
            return self.page(request, self.template, status=404, invalid=True)
        return self.page(request, self.template, pending=pending)

    def post(self, request: HttpRequest, slug: str, key: str) -> HttpResponse:
        pending = registration_pending_find(tournament=self.tournament, key=key)
        if pending is None:
            return self.page(request, self.template, status=404, invalid=True)
        try:
            registration, withdraw_key = registration_confirm(pending=pending)
        except CheckInError as error:
            return self.page(request, self.template, status=400, error=str(error))
        sent = registration_mail_confirmed(
            request=request, registration=registration, key=withdraw_key, language=pending.language
        )
        return self.page(request, self.template, registration=registration, sent=sent)


class RegistrationWithdrawView(PublicRegistrationMixin, View):
    """The confirmation's link: GET asks whether to withdraw, POST withdraws (until the first
    draw; then the page says to tell the Turnierleitung)."""

    template = "registration_withdraw.html"

    def get(self, request: HttpRequest, slug: str, key: str) -> HttpResponse:
        player = player_by_withdraw_key(tournament=self.tournament, key=key)
        if player is None:
            return self.page(request, self.template, status=404, invalid=True)
        drawn = self.tournament.durchgaenge.exists()
        return self.page(request, self.template, player=player, drawn=drawn)

    def post(self, request: HttpRequest, slug: str, key: str) -> HttpResponse:
        player = player_by_withdraw_key(tournament=self.tournament, key=key)
        if player is None:
            return self.page(request, self.template, status=404, invalid=True)
        try:
            registration_withdraw(player=player)
        except CheckInError:
            return self.page(request, self.template, status=400, player=player, drawn=True)
        return self.page(request, self.template, player=player, withdrawn=True)
