"""The public registration's pages: the form, the page the mailed link opens to confirm, and
the page the confirmation's link opens to withdraw (docs/checkin.md).

The form's answer to a registration it takes names the visitor and nothing that depends on
what was stored (no start number, no place on the waiting list): a robot that filled the
hidden field gets the same page, so it cannot learn that the field gave it away. Mails are
sent by a task worker (tournament/checkin/jobs.py), so the answer does not wait for a mail
server either. With mail, the visitor learns the start number from the confirmation page and
mail; without, from the organiser, who confirms the registration.

A mailed link's key stays out of the access log as Django's password reset keeps its token
out: the GET of the link puts the key into the visitor's session and redirects to the page's
address without it, which reads the key from the session (`MailedLinkMixin`).
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone, translation
from django.views import View

from tournament import models
from tournament.checkin.confirmation import (
    player_by_withdraw_key,
    registration_confirm,
    registration_pending_add,
    registration_pending_find,
    registration_withdraw,
)
from tournament.checkin.forms import RegistrationForm
from tournament.checkin.jobs import confirm_mail_queue, confirmed_mail_queue
from tournament.checkin.limits import (
    registration_confirm_wait,
    registration_counted,
    registration_wait,
)
from tournament.checkin.services import CheckInError, registration_add
from tournament.models import Tournament
from tournament.registration.services import PlayerError
from tournament.web.form_errors import form_errors_add
from tournament.web.site_url import absolute_url

TEMPLATES = "tournament/checkin/"


def _base(request: HttpRequest) -> str:
    """Where the mails' links start: `SITE_URL`, else the address of this request."""
    return absolute_url(request, "/").removesuffix("/")


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

    def too_many(self, request: HttpRequest, wait: int) -> HttpResponse:
        again = timezone.localtime(timezone.now() + timedelta(seconds=wait))
        response = self.page(request, "registration_limit.html", status=429, again=again)
        response["Retry-After"] = str(wait)
        return response


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
        values = form.cleaned_data
        robot = bool(values.pop("website"))  # answered like a person, nothing stored
        wait = registration_wait(request, self.tournament)
        if wait:
            return self.too_many(request, wait)
        try:
            if not robot:
                self.register(request, values, mail=mail)
        except PlayerError as error:
            form_errors_add(form, error.errors)
            return self.page(request, "registration.html", status=400, form=form)
        except CheckInError as error:
            form.add_error(None, str(error))
            return self.page(request, "registration.html", status=400, form=form)
        return self.page(request, "registration.html", received=values["name"], mail=mail)

    def register(self, request: HttpRequest, values: dict[str, Any], *, mail: bool) -> None:
        if not mail:
            registration_add(tournament=self.tournament, **values)
            registration_counted(self.tournament)
            return
        pending = registration_pending_add(
            tournament=self.tournament, language=translation.get_language(), **values
        )
        confirm_mail_queue(pending=pending, base=_base(request))


class MailedLinkMixin(PublicRegistrationMixin):
    """A page opened by a mailed link with a key (`url_name`, and `url_name` + `_page` for the
    address without it). The link's GET with a key that works keeps the key in the session
    and redirects to the address without it; a key that does not work is refused there and
    then. The page and its POST read the key from the session."""

    url_name: str
    template: str

    def found(self, key: str) -> object | None:
        raise NotImplementedError

    def _session_name(self) -> str:
        return f"{self.url_name}:{self.tournament.pk}"

    def key(self, request: HttpRequest, key: str | None) -> str:
        """The key of the address, else the one the session keeps."""
        return key if key is not None else request.session.get(self._session_name(), "")

    def key_used(self, request: HttpRequest) -> None:
        request.session.pop(self._session_name(), None)

    def get(self, request: HttpRequest, slug: str, key: str | None = None) -> HttpResponse:
        thing = self.found(self.key(request, key))
        if thing is None:
            return self.page(request, self.template, status=404, invalid=True)
        if key is not None:
            request.session[self._session_name()] = key
            return redirect(f"tournament:{self.url_name}_page", slug=slug)
        return self.show(request, thing)

    def show(self, request: HttpRequest, thing: Any) -> HttpResponse:
        raise NotImplementedError


class RegistrationConfirmView(MailedLinkMixin, View):
    """The mailed link: GET shows the registration and asks to confirm it; POST confirms it
    (a place or the waiting list) and mails the start number with the withdrawal link."""

    url_name = "registration_confirm"
    template = "registration_confirm.html"

    def found(self, key: str) -> models.PendingRegistration | None:
        return registration_pending_find(tournament=self.tournament, key=key)

    def show(self, request: HttpRequest, thing: Any) -> HttpResponse:
        return self.page(request, self.template, pending=thing)

    def post(self, request: HttpRequest, slug: str, key: str | None = None) -> HttpResponse:
        pending = self.found(self.key(request, key))
        if pending is None:
            return self.page(request, self.template, status=404, invalid=True)
        wait = registration_confirm_wait(self.tournament)
        if wait:
            return self.too_many(request, wait)
        try:
            registration = registration_confirm(pending=pending)
        except CheckInError as error:
            return self.page(request, self.template, status=400, error=str(error))
        registration_counted(self.tournament)
        self.key_used(request)
        confirmed_mail_queue(
            player=registration.player, language=pending.language, base=_base(request)
        )
        return self.page(request, self.template, registration=registration)


class RegistrationWithdrawView(MailedLinkMixin, View):
    """The confirmation's link: GET asks whether to withdraw, POST withdraws (until the first
    draw; then the page says to tell the Turnierleitung)."""

    url_name = "registration_withdraw"
    template = "registration_withdraw.html"

    def found(self, key: str) -> models.Player | None:
        return player_by_withdraw_key(tournament=self.tournament, key=key)

    def show(self, request: HttpRequest, thing: Any) -> HttpResponse:
        drawn = self.tournament.durchgaenge.exists()
        return self.page(request, self.template, player=thing, drawn=drawn)

    def post(self, request: HttpRequest, slug: str, key: str | None = None) -> HttpResponse:
        player = self.found(self.key(request, key))
        if player is None:
            return self.page(request, self.template, status=404, invalid=True)
        try:
            registration_withdraw(player=player)
        except CheckInError:
            return self.page(request, self.template, status=400, player=player, drawn=True)
        self.key_used(request)
        return self.page(request, self.template, player=player, withdrawn=True)
