"""A phone's language is its own: the one its own cookie chose (German without one), never the
language of another phone that opened the same table link before, neither from the server nor
from a cache between (a hall's proxy): the sheet's pages and answers are private to the phone
and vary by its cookie."""

from __future__ import annotations

import json

import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse

from tournament.phones.links import table_link_issue

pytestmark = pytest.mark.django_db


def phone(link, language: str | None) -> Client:
    client = Client()
    if language:
        client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    sheet = reverse("tournament:phone_sheet", args=[link.token])
    assert client.post(sheet, {"pin": link.pin}).status_code == 302
    return client


def test_a_german_phone_after_swedish_ones_on_the_same_link_is_german(table, leitung):
    link = table_link_issue(table=table, user=leitung)
    sheet = reverse("tournament:phone_sheet", args=[link.token])
    state = reverse("tournament:phone_state", args=[link.token])
    for _round in range(2):
        swedish = phone(link, "sv")
        page = swedish.get(sheet).content.decode()
        assert "Vilket spel?" in page and "Welches Spiel?" not in page
        assert json.loads(swedish.get(state).content)["seats"]

        german = phone(link, None)
        response = german.get(sheet)
        page = response.content.decode()
        assert "Welches Spiel?" in page and "Vilket spel?" not in page
        assert response["Content-Language"] == "de"


def test_the_phone_pages_are_kept_by_no_cache_between_phones(table, leitung):
    """What a phone is shown depends on its cookies (language, PIN typed, keeper): a cache on the
    way may keep it for this phone alone, and must ask again each time."""
    link = table_link_issue(table=table, user=leitung)
    client = phone(link, "sv")
    for name in ("phone_sheet", "phone_state"):
        response = client.get(reverse(f"tournament:{name}", args=[link.token]))
        cache_control = {part.strip() for part in response["Cache-Control"].split(",")}
        assert {"private", "no-cache"} <= cache_control, name
        assert "Cookie" in response["Vary"], name
    anonymous = Client().get(reverse("tournament:phone_sheet", args=[link.token]))
    assert "private" in anonymous["Cache-Control"]
