"""A phone at the table of `table` (tests/conftest.py) through the `link` fixture: the phone's
addresses, a phone that typed the PIN, a JSON post and a game entered."""

from __future__ import annotations

import json

from django.test import Client
from django.urls import reverse

from tournament.models import TableLink


def url(name: str, link: TableLink) -> str:
    return reverse(f"tournament:{name}", args=[link.token])


def phone(link: TableLink, *, keeper: bool = False) -> Client:
    """A phone that has typed the table's PIN (and, `keeper`, keeps the sheet)."""
    client = Client()
    assert client.post(url("phone_sheet", link), {"pin": link.pin}).status_code == 302
    if keeper:
        assert post(client, "phone_keeper", link, {}).status_code == 200
    return client


def post(client: Client, name: str, link: TableLink, data: dict):
    return client.post(url(name, link), json.dumps(data), content_type="application/json")


def enter(client, link, number, code, key=None, version=0):
    data = {"key": key or f"k{number}-{code}", "number": number, "code": code, "version": version}
    return post(client, "phone_entry", link, data)
