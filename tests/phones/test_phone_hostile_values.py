"""Hostile values to the phone's JSON endpoints, one value at a time from an explicit list: never
a server error; a value the endpoint cannot use is answered 400 with a German message and
stores nothing (tests/web/test_hostile_input.py draws such values at random for every page).

Each field of a valid body in turn gets each value (a JSON value, or raw JSON text where
`json.dumps` cannot write it: lone surrogates, NaN, Infinity, numbers of thousands of
digits); then whole bodies that are no JSON object (invalid UTF-8, empty, truncated). Every
request runs in a savepoint that is rolled back, with every row of the app compared before and
after. The one row a refusal keeps is the phone's answer to an entry the rules refused
(`PhoneEntry`, outcome "refused"): the phone gets the same answer when it sends the entry again.
Some values are no attack on some fields and are taken (`ACCEPTED`): the key is the phone's own
name for its entry, any text; a missing (null) `take` or `release` is false.
"""

from __future__ import annotations

import json

import pytest
from django.conf import settings
from django.db import transaction

from tests.phones.helpers import phone, url
from tests.web.walk_helpers import changed, snapshot
from tournament.models import PhoneEntry

pytestmark = [pytest.mark.django_db, pytest.mark.slow]

#: JSON values of every kind, each wrong for the fields below (but see ACCEPTED).
VALUES = ["\x00", "a\x00b", "r e 1 3 +\x00", "x" * 10_000, "9" * 5000, "²", "", " "]
VALUES += [2**63, -(2**63), 2**31, 10**30, -1, 1.5, -0.0, 1e308, True, False, None]
VALUES += [[], [1], {}, {"number": 1}, [[[]]], {"": None}, [{"a": [1, {"b": None}]}]]
#: Values as raw JSON text: what `json.dumps` does not write.
RAW = ['"\\ud800"', '"\\udfff"', '"a\\ud800b"', '"\\udfff\\ud800"', '"r e 1 3 +\\udbff"']
RAW += ["NaN", "Infinity", "-Infinity", "1e400", "9" * 5000, "-" + "9" * 5000, "1" * 19]
#: Whole bodies that are no JSON object, or an object with a hostile key.
BODIES: list[str | bytes] = [b"\xff\xfe{", b"\xc3\x28", b'{"key": "\xed\xa0\x80"}', b"\x80"]
BODIES += ["{", "[1, 2]", '"text"', "17", "null", "[" * 100_000 + "]" * 100_000]
BODIES += ['{"\\ud800": 1}', '{"\\u0000": 1}', '{"take": NaN}', '{"seat": Infinity}']

#: Each endpoint with a body it takes.
VALID = {
    "phone_entry": {"key": "k-1", "number": 1, "code": "r e 1 3 +", "version": 0},
    "phone_keeper": {"take": True},
    "phone_confirm": {"seat": 1, "code": "123456"},
}


def _accepted(endpoint: str, field: str, value) -> bool:
    """The (field, value) pairs an endpoint takes: they are no attack on that field."""
    if (endpoint, field) == ("phone_entry", "key"):
        return value is None or (isinstance(value, str) and "\x00" not in value)
    if endpoint == "phone_keeper":
        return value is None or isinstance(value, bool)
    return False


def _body(valid: dict, field: str, raw: str) -> str:
    return json.dumps({**valid, field: "@@"}).replace('"@@"', raw)


def _send(client, endpoint, link, body, language=None) -> tuple:
    """The answer to `body` and the models it changed (then rolled back)."""
    if language:
        client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    try:
        with transaction.atomic():
            before, refused = snapshot(), PhoneEntry.objects.filter(outcome="refused").count()
            response = client.post(url(endpoint, link), body, content_type="application/json")
            models = changed(before, snapshot())
            refused = PhoneEntry.objects.filter(outcome="refused").count() - refused
            transaction.set_rollback(True)
    finally:
        client.cookies.pop(settings.LANGUAGE_COOKIE_NAME, None)
    return response, models, refused


def _problem(client, endpoint, link, body, *, accepted: bool) -> str | None:
    """What is wrong with the answer to `body`, or None."""
    response, models, refused = _send(client, endpoint, link, body)
    where = f"{endpoint} {body!r:.80}"
    if response.status_code >= 500:
        return f"{where}: {response.status_code}"
    if accepted:
        return None if response.status_code == 200 else f"{where}: {response.status_code}"
    if response.status_code != 400:
        return f"{where}: {response.status_code}, not 400"
    if models != (["tournament.PhoneEntry"] if refused else []):
        return f"{where}: 400, but changed {models}"
    message = response.json().get("message", "")
    english = _send(client, endpoint, link, body, "en")[0].json().get("message", "")
    if not message or message == english:  # the German catalogue gave the message
        return f"{where}: 400 without a German message: {message!r:.80}"
    return None


@pytest.mark.parametrize("endpoint", list(VALID))
def test_each_hostile_value_in_each_field_is_refused_in_german_and_stores_nothing(link, endpoint):
    client = phone(link, keeper=True)
    client.raise_request_exception = False
    valid = VALID[endpoint]
    problems = []
    for field in valid:
        for value in VALUES:
            body = _body(valid, field, json.dumps(value))
            accepted = _accepted(endpoint, field, value)
            problems.append(_problem(client, endpoint, link, body, accepted=accepted))
        for raw in RAW:
            body = _body(valid, field, raw)
            problems.append(_problem(client, endpoint, link, body, accepted=False))
    assert [problem for problem in problems if problem] == []


@pytest.mark.parametrize("endpoint", list(VALID))
def test_bodies_that_are_no_json_object_are_refused_in_german(link, endpoint):
    client = phone(link, keeper=True)
    client.raise_request_exception = False
    problems = [_problem(client, endpoint, link, body, accepted=False) for body in BODIES]
    assert [problem for problem in problems if problem] == []


@pytest.mark.parametrize("endpoint", list(VALID))
def test_an_empty_body_stores_nothing(link, endpoint):
    """An empty body is an empty object: the keeper's claim of a free sheet (this phone keeps
    it already), an entry and a confirmation refused for the fields they miss."""
    client = phone(link, keeper=True)
    client.raise_request_exception = False
    response, models, refused = _send(client, endpoint, link, b"")
    assert response.status_code == (200 if endpoint == "phone_keeper" else 400)
    assert models == (["tournament.PhoneEntry"] if refused else [])
    if response.status_code == 400:
        english = _send(client, endpoint, link, b"", "en")[0].json()["message"]
        assert response.json()["message"] not in ("", english)


def test_a_lone_surrogate_in_a_game_is_refused_in_german_not_a_server_error(link):
    """The fault this guards against: `json.loads` keeps "\\ud800" as a character no database
    encodes, and the entry's key or code ended in a server error."""
    client = phone(link, keeper=True)
    client.raise_request_exception = False
    body = '{"key": "\\ud800", "number": 1, "code": "r e 1 3 +", "version": 0}'
    response, models, _refused = _send(client, "phone_entry", link, body)
    assert response.status_code == 400 and models == []
    assert "kein Unicode-Zeichen" in response.json()["message"]
