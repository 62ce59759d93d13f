"""What a user is told while the database does not answer, instead of the error page.

A request that fails because the database is away (a PostgreSQL restarting: Django raises an
`OperationalError` or an `InterfaceError`) is answered by `server_error` (the site's
``handler500``, config/urls.py): a German 503 that says the database does not answer and, for a
game's save, whether the game is stored. A save marks its request: `entry_begun` with the game's
number before it writes, `entry_stored` once its transaction has committed. A failure after the
commit (the page read afterwards, the session written with the answer) then says the game is
stored, one before it that it is not. A phone's JSON gets JSON: a stored game with the outcome
``saved`` (its queue drops it), a game not stored without an outcome (its queue keeps it and
sends it again under the same key, which stores it once: tournament/phones/services.py).
Every other failure keeps the site's error page (templates/500.html).
"""

from __future__ import annotations

import sys

from django.db import InterfaceError, OperationalError
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.template import loader
from django.utils.translation import gettext as _
from django.views.defaults import server_error as site_server_error

#: What a database that does not answer raises.
AWAY = (OperationalError, InterfaceError)
_BEGUN = "entry_number"
_STORED = "entry_stored"
_JSON = "entry_json"


def entry_begun(request: HttpRequest, number: int | None, *, json: bool = False) -> None:
    """This request saves game `number` (None: not known yet); `json`: a phone's JSON."""
    setattr(request, _BEGUN, number)
    setattr(request, _STORED, False)
    setattr(request, _JSON, json)


def entry_stored(request: HttpRequest, number: int) -> None:
    """The game's save has committed."""
    setattr(request, _BEGUN, number)
    setattr(request, _STORED, True)


def away_message(request: HttpRequest) -> str:
    """The German note: the database does not answer, and whether the game is stored."""
    parts = [_("The database does not answer.")]
    if hasattr(request, _BEGUN):
        number = getattr(request, _BEGUN)
        if getattr(request, _STORED):
            parts.append(_("Game %(n)s is saved.") % {"n": number})
        elif getattr(request, _JSON):
            parts.append(_("The game is not saved yet: the phone sends it again."))
        elif number:
            parts.append(_("Game %(n)s is not saved: enter it again in a minute.") % {"n": number})
        else:
            parts.append(_("The game is not saved: enter it again in a minute."))
    return " ".join(parts)


def database_away(request: HttpRequest) -> HttpResponse:
    """The answer of a request the database failed: JSON to a phone's save, else the page."""
    message = away_message(request)
    if getattr(request, _JSON, False):
        if getattr(request, _STORED):
            data = {"outcome": "saved", "number": getattr(request, _BEGUN), "help": ""}
            return JsonResponse({**data, "message": message, "database": "away"})
        return JsonResponse({"message": message, "database": "away"}, status=503)
    template = loader.get_template("503_database_entry.html")
    response = HttpResponse(template.render({"message": message}), status=503)
    response["Retry-After"] = "60"
    return response


def server_error(request: HttpRequest) -> HttpResponse:
    """The site's handler500: a database that does not answer gets `database_away`, anything
    else the error page. Django calls it while handling the exception, so it is at hand."""
    if isinstance(sys.exc_info()[1], AWAY):
        return database_away(request)
    return site_server_error(request)
