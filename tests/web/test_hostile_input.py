"""Hostile values to every form and JSON endpoint: never a server error, and a request refused
with 400 stores nothing.

Every URL pattern of the site is walked with the real ids of the tournament of
tests/web/test_access_walk.py (so a page added later is walked too), by each role that may use it:
an anonymous visitor, a table's phone that typed the PIN and keeps the sheet, a clerk and the
supervisor. For every page hypothesis draws a query string and a changed copy of the form the
page itself sends (`post_data` of the access walk), and for the phone's JSON endpoints a body:
NUL bytes, numbers of 5,000 digits and numbers beyond the database's columns, digits that are
not ASCII (², ١٢), long strings, lone surrogates, NaN and Infinity, deep nesting, empty values
and wrong types (a field sent twice, a list or an object where a number or a text belongs).

Each request runs in a savepoint that is rolled back, with every row of the tournament app
hashed before and after (tests/web/test_access_walk.py `snapshot`). The one row a refusal may
write is a phone's answer to an entry the rules refused (`PhoneEntry`, outcome "refused"): the
phone gets the same answer when it sends the entry again.
"""

from __future__ import annotations

import copy
import functools
import json

import pytest
from django.core.cache import cache
from django.db import transaction
from django.test import Client
from django.urls import resolve, reverse
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from tests.web.helpers import NOT_POSTED_BY_ALLOWED
from tests.web.walk_helpers import (
    ACCESS,
    CLERK,
    KEEPER,
    PIN,
    PUBLIC,
    STAFF,
    SUPERVISOR,
    USER,
    changed,
    snapshot,
    url_patterns,
)
from tests.web.walk_world import post_data, url_kwargs
from tournament.models import PhoneEntry
from tournament.web.pdf import html_pdf

pytestmark = [pytest.mark.django_db, pytest.mark.slow]

#: Which URLs each role of this walk may use (the access walk checks the refusals).
MAY = {
    "anonymous": {PUBLIC},
    "phone": {PUBLIC, PIN},
    "clerk": {PUBLIC, USER, CLERK},
    "supervisor": {PUBLIC, USER, CLERK, SUPERVISOR, KEEPER},  # the world's: the organiser's staff
}
#: How many walks of every page hypothesis makes per role: a few hundred requests in all.
WALKS = {"anonymous": 3, "phone": 4, "clerk": 2, "supervisor": 2}


class Long(str):
    """A long hostile value that reports itself short (failures print what was sent)."""

    def __repr__(self) -> str:
        return f"{str.__repr__(self[:12])}…({len(self)} characters)"


def long(text: str) -> str:
    return Long(text) if len(text) > 40 else text


#: The values a field must survive, by family. A walk sends about a thousand requests, so
#: hypothesis draws a few choices per request (which fields, which family, where in it)
#: instead of one per field: one example of hypothesis holds a limited number of choices.
FAMILIES = {
    "huge": ["9" * 5000, "-" + "9" * 5000, str(2**63), str(2**31), str(10**30), "1e400", "32768"],
    "digits": ["²", "١٢", "１２", "Ⅻ", "r e ² 3 +", "w ² +", "r e 1 3 + a²", "s h 2 + l²"]
    + ["r e 1 3 + l¹⁴", "s h 2 + l" + "9" * 5000, "r e 1 " + "3" * 5000 + " +"],
    "words": ["NaN", "Infinity", "-inf", "", " ", "x" * 5000, "<script>alert(1)</script>"]
    + ["=1+1", "-1", "0", "r e 1 3 + a" + "9" * 30],
}
FAMILIES = {name: [long(value) for value in values] for name, values in FAMILIES.items()}
NUL = ["\x00", "1\x00", "r e 1 3 +\x00", "a\x00b"]
#: What the views read from the query string (a page reads some of them, ignores the rest).
QUERY = ["q", "tisch", "spiel", "number", "code", "after", "seite", "sekunden", "seit", "job"]
QUERY += ["preset", "page", "sort", "teil", "next", "version", "key", "pin"]
#: POST fields some view reads by hand, besides the fields of the page's own form.
EXTRA = ["note", "reason", "decision", "table", "revoke", "take", "release", "claim", "seat"]
EXTRA += ["start_number", "personal_code", "pin", "key", "reinstate", "token", "zurueck", "next"]

#: JSON values of the wrong type, or out of every range.
JSON_WRONG = [None, True, False, 0, -1, 2**63, -(2**63), 10**30, 2**31, 1.5, 1e308, -0.0]
JSON_WRONG += [[], [1], {}, {"number": 1}, [[[]]], {"": None}]
#: The fields the phone's JSON endpoints read, and an entry they would store.
PHONE_FIELDS = ["key", "number", "code", "version", "take", "release", "seat", "start_number"]
PHONE_FIELDS += ["personal_code", "pin"]
PHONE_ENTRY = {"key": "k-5", "number": 5, "code": "r e 1 3 +", "version": 0}
#: Bodies `json.dumps` cannot make: no JSON, numbers JSON has not, deep nesting, NUL.
RAW_BODIES = [
    "[" * 100_000 + "]" * 100_000,
    '{"key": "x", "number": ' + "[" * 50_000 + "]" * 50_000 + "}",
    '{"key": "n", "number": NaN, "code": "r e 1 3 +", "version": 0}',
    '{"key": "i", "number": Infinity, "code": "r e 1 3 +", "version": 0}',
    '{"key": "e", "number": 1e400, "code": "r e 1 3 +", "version": 0}',
    '{"key": "d", "number": ' + "9" * 5000 + ', "code": "r e 1 3 +", "version": 0}',
    '{"key": "v", "number": 5, "code": "r e 1 3 +", "version": -' + "9" * 5000 + "}",
    '{"seat": ' + "1" * 5000 + ', "code": "1"}',
    '{"key": "a\\u0000b", "number": 5, "code": "r e 1 3 +", "version": 0}',
    '{"key": "c", "number": 5, "code": "r e 1 3 +\\u0000", "version": 0}',
    '{"take": true, "\\u0000": 1}',
    '{"key": "\\ud800", "number": 5, "code": "r e 1 3 +", "version": 0}',
    '{"key": "s", "number": 5, "code": "r e 1 3 +\\udfff", "version": 0}',
    "[1, 2]",
    '"text"',
    "17",
    "null",
    "",
    "{",
]
RAW_BODIES = [long(body) for body in RAW_BODIES] + [b"\xff\xfe{"]


def _some(data, names: list[str], valid: dict, *, json_values: bool = False) -> dict:
    """Each of `names` left out, at its `valid` value, or hostile: a value of one family (or
    the field sent twice, or for JSON a value of the wrong type); sometimes one NUL."""
    hostile = data.draw(st.integers(0, 2 ** len(names) - 1))
    present = data.draw(st.integers(0, 2 ** len(names) - 1))
    family = data.draw(st.sampled_from([*FAMILIES, "text", "twice", "wrong"]))
    salt = data.draw(st.integers(0, 1000))
    values = FAMILIES.get(family) or [data.draw(st.text(max_size=8))]
    chosen = {}
    for index, name in enumerate(names):
        value = values[(salt + index) % len(values)]
        if family == "twice" and not json_values:
            value = [value, FAMILIES["digits"][(salt + index) % len(FAMILIES["digits"])]]
        elif family == "wrong" and json_values:
            value = JSON_WRONG[(salt + index) % len(JSON_WRONG)]
        if hostile >> index & 1:
            chosen[name] = value
        elif present >> index & 1 and name in valid:
            chosen[name] = valid[name]
    if names and data.draw(st.integers(0, 3)) == 3:
        chosen[names[salt % len(names)]] = NUL[salt % len(NUL)]
    return chosen


def _json_body(data) -> str | bytes:
    if data.draw(st.integers(0, 3)) == 3:
        return data.draw(st.sampled_from(RAW_BODIES))
    return long(json.dumps(_some(data, PHONE_FIELDS, PHONE_ENTRY, json_values=True)))


WALK = settings(
    deadline=None,
    phases=[Phase.explicit, Phase.reuse, Phase.generate],  # a walk is too long to shrink
    suppress_health_check=list(HealthCheck),
)


@functools.cache
def _small_pdf() -> bytes:
    return html_pdf("<p>PDF</p>")


@pytest.fixture
def quick_pdfs(monkeypatch):
    """The walk is about what a page reads, not about PDFs: every PDF renders as one small
    page at once (tests/draw/test_printouts.py and others render the real ones)."""
    for module in ("tournament.web.pdf", "tournament.sheets.pdf"):
        monkeypatch.setattr(f"{module}.pdf_limited", lambda render, *args: _small_pdf())


def _client(role: str, world) -> Client:
    client = Client(raise_request_exception=False)
    if role in ("clerk", "supervisor"):
        client.force_login(world.users[role])
    elif role == "phone":
        sheet = reverse("tournament:phone_sheet", args=[world.link.token])
        assert client.post(sheet, {"pin": world.link.pin}).status_code == 302
        take = json.dumps({"take": True})
        keeper = reverse("tournament:phone_keeper", args=[world.link.token])
        assert client.post(keeper, take, content_type="application/json").status_code == 200
    return client


def _send(client: Client, method: str, url: str, data, content_type=None) -> tuple:
    """The response and what one request changed (then rolled back): the models changed, and
    how many refused entries of a phone were kept. A GET changes nothing with any role and
    any id (tests/web/test_access_walk.py), so only a POST's changes are looked at."""
    cookies = copy.deepcopy(client.cookies)
    try:
        with transaction.atomic():
            if method == "get":
                return client.get(url, data), [], 0
            before, refused = snapshot(), PhoneEntry.objects.filter(outcome="refused").count()
            if content_type:
                response = client.post(url, data, content_type=content_type)
            else:
                response = client.post(url, data)
            models = changed(before, snapshot())
            refused = PhoneEntry.objects.filter(outcome="refused").count() - refused
            transaction.set_rollback(True)
    finally:
        client.cookies = cookies  # a logout or a language switch must not carry over
    return response, models, refused


def _problem(where: str, response, models: list[str], refused: int) -> str | None:
    if response.status_code >= 500:
        error = (getattr(response, "exc_info", None) or (None, ""))[1]
        return f"{where}: {response.status_code} {error!r:.300}"
    if response.status_code == 400:
        kept = ["tournament.PhoneEntry"] if refused else []
        if models != kept:
            return f"{where}: 400, but changed {models}"
    return None


def _form_post(name: str, world, data) -> dict:
    """The page's own form (`post_data` of the access walk) with some fields hostile."""
    valid = post_data(name, world)
    if name == "tournament:phone_sheet":
        valid = {key: str(value) for key, value in PHONE_ENTRY.items()}
    return _some(data, sorted({*valid, *EXTRA}), valid)


def _routes(world):
    """(name, URL) of every URL pattern the access walk knows and can fill (it fails on the
    others: tests/web/test_access_walk.py `test_every_url_pattern_is_classified_and_filled`)."""
    for name, arguments in sorted(url_patterns(), key=lambda item: str(item[0])):
        kwargs = url_kwargs(name, arguments, world) if name in ACCESS else None
        if kwargs is not None:
            yield name, reverse(name, kwargs=kwargs)


def _methods(url: str) -> set[str]:
    """GET and POST, or only the one a class-based view answers (the other is a 405)."""
    view = getattr(resolve(url).func, "view_class", None)
    if view is None:
        return {"get", "post"}
    return {m for m in ("get", "post") if m in view.http_method_names and hasattr(view, m)}


def _walk(role: str, client: Client, world, data) -> list[str]:
    problems = []
    for name, url in _routes(world):
        if ACCESS[name] not in MAY[role]:
            continue
        methods = _methods(url)
        if "get" in methods:
            query = _some(data, QUERY, {})
            sent = _send(client, "get", url, query)
            problems.append(_problem(f"{role} GET {url} {query!r:.200}", *sent))
        if name in NOT_POSTED_BY_ALLOWED or "post" not in methods:
            continue
        if ACCESS[name] == PIN:
            body = _json_body(data)
            sent = _send(client, "post", url, body, content_type="application/json")
            problems.append(_problem(f"{role} POST {url} {body!r:.200}", *sent))
        else:
            form = _form_post(name, world, data)
            sent = _send(client, "post", url, form)
            problems.append(_problem(f"{role} POST {url} {form!r:.200}", *sent))
    cache.clear()
    return [problem for problem in problems if problem]


@pytest.mark.parametrize("role", list(MAY))
def test_hostile_values_to_every_page_never_make_a_server_error_nor_store_a_refusal(
    world, quick_pdfs, role
):
    client = _client(role, world)

    @settings(WALK, max_examples=WALKS[role])
    @given(data=st.data())
    def walk(data):
        assert _walk(role, client, world, data) == []

    walk()


@pytest.mark.parametrize("value", [str(2**31), str(2**63), "9" * 5000, "²"])
def test_every_field_of_every_form_beyond_every_column_is_refused_not_a_server_error(
    world, quick_pdfs, value
):
    """Every form the supervisor may send, each of its fields (and those views read by hand)
    at once a number beyond the database's columns or no number Python reads: what hypothesis
    may miss in a few walks, sent to every page every time."""
    client = _client("supervisor", world)
    problems = []
    for name, url in _routes(world):
        if ACCESS[name] in (PIN, STAFF) or name in NOT_POSTED_BY_ALLOWED:
            continue
        if "post" in _methods(url):
            form = dict.fromkeys({*post_data(name, world), *EXTRA}, long(value))
            problems.append(
                _problem(f"POST {url} {value!r:.20}", *_send(client, "post", url, form))
            )
    assert [problem for problem in problems if problem] == []
