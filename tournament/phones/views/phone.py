"""A table's sheet on the players' phones, opened with the table's link and PIN.

The page works without JavaScript (PIN, the entry line, taking the sheet, confirmations as
forms); its script (static/tournament/phones/main.js) uses the JSON answers below: the table's
state, polled for changes, and the entries, sent with a key of the phone's own so that an entry
sent again after a lost connection is stored once (tournament/phones/entry.py)."""

from __future__ import annotations

import secrets

from django.conf import settings
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.http.request import RawPostDataException
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.cache import patch_cache_control, patch_vary_headers
from django.utils.translation import gettext as _
from django.views import View
from django.views.generic import TemplateView

from scoring.entry_code import code_tables
from tournament.phones.entry import phone_confirm, phone_entry_save
from tournament.phones.links import table_link_open
from tournament.phones.resend import table_games
from tournament.phones.services import (
    Outcome,
    SheetNow,
    keeper_claim,
    keeper_release,
    pin_try,
)
from tournament.phones.state import LinkGone, phone_choices, phone_state
from tournament.scorekeeping.deck import deck_activate
from tournament.scorekeeping.revisions import TABLE, link_known, link_remember, revision_peek
from tournament.sheets.forms import EntryForm
from tournament.web.outage import entry_begun, entry_stored
from tournament.web.raw_input import BadInput, json_object, number_or_none

#: The tokens of the table links this browser has opened with their PIN.
SESSION_KEY = "table_links"
#: This browser's own name among the table's phones (who keeps the sheet).
PHONE_KEY = "phone"

STATUS = {Outcome.SAVED: 200, Outcome.CONFLICT: 409, Outcome.REFUSED: 400}


def private(response: HttpResponse) -> HttpResponse:
    """Each phone's own answer: in its language (its cookie), with its PIN typed or not, keeping
    the sheet or not. A cache on the way (a hall's proxy) keeps it for this phone alone and asks
    each time, so that no phone is shown another's page (a German phone in Swedish)."""
    patch_cache_control(response, private=True, no_cache=True)
    patch_vary_headers(response, ["Cookie"])
    return response


class PhoneMixin:
    """Only a valid link of an open sheet; `unlocked` once this browser typed its PIN; `phone`
    names this browser among the table's phones."""

    json = False
    request: HttpRequest  # set by the view this is mixed into (View.setup)

    def entry_save(self, phone: str, posted, *, json: bool = False):
        """`phone_entry_save`, the request marked with the game and, once committed, as
        stored: a database that goes away meanwhile is answered by tournament/web/outage.py,
        saying whether the game is stored."""
        request = self.request
        entry_begun(request, number_or_none(str(posted.get("number", ""))), json=json)
        found = phone_entry_save(
            self.link, phone, posted, stored=lambda kept: entry_stored(request, kept.number)
        )
        if found[0].outcome == Outcome.SAVED:  # also an answer kept before
            entry_stored(request, found[0].number)
        return found

    def dispatch(self, request, *args, **kwargs):
        return private(self._answer(request, *args, **kwargs))

    def _answer(self, request, *args, **kwargs):
        self.link = table_link_open(kwargs["token"])
        if self.link is None:
            return self.gone()
        deck_activate(self.link.table.durchgang.tournament.deck)
        if self.json and not self.unlocked():
            message = _("Type the table's PIN first.")
            return JsonResponse({"locked": True, "message": message}, status=403)
        try:
            return super().dispatch(request, *args, **kwargs)
        except LinkGone:
            return self.gone()

    def gone(self) -> HttpResponse:
        if self.json:
            message = _("This link is not valid (any more), or the sheet is closed.")
            return JsonResponse({"gone": True, "message": message}, status=404)
        return render(self.request, "tournament/phones/phone_invalid.html", status=404)

    def unlocked(self) -> bool:
        return self.link.token in self.request.session.get(SESSION_KEY, [])

    def phone(self) -> str:
        session = self.request.session
        if PHONE_KEY not in session:
            session[PHONE_KEY] = secrets.token_urlsafe(12)
        return session[PHONE_KEY]

    def state(self, sheet: SheetNow | None = None) -> dict:
        return phone_state(self.link, self.phone(), sheet)

    def answer(self, status: int = 200, sheet: SheetNow | None = None, **payload) -> JsonResponse:
        """`payload` with the table's state: from `sheet` as a save of this request left it,
        else read anew."""
        return JsonResponse({**payload, "state": self.state(sheet)}, status=status)


class PhoneSheetView(PhoneMixin, TemplateView):
    """GET: the PIN, then the sheet. POST without JavaScript: the PIN, taking the sheet, a
    game from the entry line, a player's confirmation."""

    template_name = "tournament/phones/phone.html"

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        table = self.link.table
        tournament = table.durchgang.tournament
        context.update(link=self.link, table=table, tournament=tournament)
        if self.unlocked():
            state = self.state()
            token = self.link.token
            context.update(
                state=state,
                choices=phone_choices(tournament),
                code_tables=code_tables(),
                entry_form=kwargs.get("entry_form")
                or EntryForm(
                    seats=[],
                    games=state["games"],
                    initial={"number": state["next"] or state["games"], "version": 0},
                ),
                entry_key=secrets.token_urlsafe(16),
                # How often the page's script asks for changes (ms): the scorekeeper's phone
                # often, the others (they only read) less; tests shorten both.
                poll_ms=settings.PHONE_POLL_MS,
                viewer_poll_ms=settings.PHONE_VIEWER_POLL_MS,
                urls={
                    "state": reverse("tournament:phone_state", args=[token]),
                    "entry": reverse("tournament:phone_entry", args=[token]),
                    "keeper": reverse("tournament:phone_keeper", args=[token]),
                    "confirm": reverse("tournament:phone_confirm", args=[token]),
                    "games": reverse("tournament:phone_games", args=[token]),
                },
            )
        return context

    def post(self, request, token):
        if "pin" in request.POST:
            return self._pin(request, token)
        if not self.unlocked():
            return self.render_to_response(self.get_context_data(), status=403)
        phone = self.phone()
        if "take" in request.POST or "claim" in request.POST:
            keeper_claim(self.link, phone, take="take" in request.POST)
        elif "release" in request.POST:
            keeper_release(self.link, phone)
        elif "seat" in request.POST:
            error = phone_confirm(self.link, request.POST)
            if error:
                context = self.get_context_data(confirm_error=error)
                return self.render_to_response(context, status=400)
        else:
            answer, _fresh, help_url, _sheet = self.entry_save(phone, request.POST)
            if answer.outcome != Outcome.SAVED:
                typed = {name: request.POST.get(name, "") for name in ("number", "code", "version")}
                context = self.get_context_data(
                    entry_error=answer.message,
                    entry_help=help_url,
                    entry_form=EntryForm(seats=[], games=1, initial=typed),
                )
                return self.render_to_response(context, status=STATUS[answer.outcome])
        return redirect("tournament:phone_sheet", token=token)

    def _pin(self, request, token):
        answer = pin_try(self.link, request.POST["pin"])
        if not answer.opened:
            context = self.get_context_data(pin_error=answer.message)
            return self.render_to_response(context, status=403)
        opened = request.session.get(SESSION_KEY, [])
        if token not in opened:
            request.session[SESSION_KEY] = [*opened, token]
        self.phone()
        return redirect("tournament:phone_sheet", token=token)


#: The fields of a phone's JSON and their types (numbers may come as text, as forms send them).
JSON_FIELDS: dict[str, tuple[type, ...]] = {
    "key": (str,),
    "number": (int, str),
    "version": (int, str),
    "code": (str,),
}
JSON_FIELDS |= {"seat": (int, str), "take": (bool,), "release": (bool,), "resent": (bool,)}


class PhoneJsonMixin(PhoneMixin):
    """A phone's JSON: a body that is no JSON object, holds NaN, Infinity, a number of many
    digits, deep nesting, NUL or a field of the wrong type is answered 400 (German)."""

    json = True

    def dispatch(self, request, *args, **kwargs):
        try:
            return super().dispatch(request, *args, **kwargs)
        except BadInput as error:
            return self.answer(400, message=str(error))

    def body(self) -> dict:
        try:
            raw = self.request.body
        except RawPostDataException:  # a form, read already, where JSON belongs
            raise BadInput(_("The request is no valid JSON.")) from None
        return json_object(raw, JSON_FIELDS)


class PhoneStateView(PhoneJsonMixin, View):
    """GET the table's state; `?seit=REVISION`: 204 while nothing changed since, answered from
    the shared cache alone (session, link, revision: scorekeeping/revisions.py), without a
    database query."""

    http_method_names = ["get"]

    def dispatch(self, request, *args, **kwargs):
        if request.method == "GET" and self._unchanged(request, kwargs["token"]):
            return private(HttpResponse(status=204))
        return super().dispatch(request, *args, **kwargs)

    @staticmethod
    def _unchanged(request, token: str) -> bool:
        seen = request.GET.get("seit")
        if not seen or token not in request.session.get(SESSION_KEY, []):
            return False
        known = link_known(token)
        return known is not None and seen == revision_peek(TABLE, known[0])

    def get(self, request, token):
        state = self.state()
        table = self.link.table
        link_remember(token, table_id=table.pk, tournament_id=table.durchgang.tournament_id)
        if request.GET.get("seit") == state["revision"]:
            return HttpResponse(status=204)
        return JsonResponse(state)


class PhoneEntryView(PhoneJsonMixin, View):
    """POST {key, number, code, version}: the game, stored once under `key`; the answer says
    saved, conflict (somebody else entered the game) or refused (with the reason), and `help`:
    the address of the handbook's explanation of the reason, or ''."""

    http_method_names = ["post"]

    def post(self, request, token):
        answer, fresh, help_url, sheet = self.entry_save(self.phone(), self.body(), json=True)
        return self.answer(
            STATUS[answer.outcome],
            sheet,
            outcome=answer.outcome,
            number=answer.number,
            message=answer.message,
            help=help_url,
            replayed=not fresh,
            resent=answer.resent,
        )


class PhoneGamesView(PhoneJsonMixin, View):
    """GET the table's games (number, version) and the keys of the entries saved at it: what a
    phone compares with the games it was told were saved, when a server answers again after an
    outage (a server replaced by one restored from a copy may lack the last saves:
    tournament/phones/resend.py)."""

    http_method_names = ["get"]

    def get(self, request, token):
        return JsonResponse(table_games(self.link))


class PhoneKeeperView(PhoneJsonMixin, View):
    """POST {take: bool} to keep the sheet on this phone, {release: true} to hand it on."""

    http_method_names = ["post"]

    def post(self, request, token):
        data, phone = self.body(), self.phone()
        if data.get("release"):
            keeper_release(self.link, phone)
            return self.answer()
        if keeper_claim(self.link, phone, take=bool(data.get("take"))):
            return self.answer()
        message = _("Another phone keeps this sheet. Take it over only if that phone is gone.")
        return self.answer(409, message=message)


class PhoneConfirmView(PhoneJsonMixin, View):
    """POST {seat, code}: that player confirms the sheet with their personal code."""

    http_method_names = ["post"]

    def post(self, request, token):
        error = phone_confirm(self.link, self.body())
        if error:
            return self.answer(400, message=error)
        return self.answer(message=_("Confirmed."))
