"""Every page and printout a supervisor can open of a tournament played with the French deck
names no German card: the access walk's tournament (tests/web/test_access_walk.py: every URL
pattern with its arguments filled) switched to French suits, each GET read as its user sees it
(HTML, or the text of a PDF)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.pdfs import pdf_text
from tests.web.helpers import SLUG, german_cards
from tests.web.walk_helpers import HANDBOOK_PAGES, url_patterns
from tests.web.walk_world import url_kwargs
from tournament.models import Tournament

pytestmark = [pytest.mark.django_db, pytest.mark.slow]


def shown(response) -> str:
    if response["Content-Type"].startswith("application/pdf"):
        body = b"".join(response.streaming_content) if response.streaming else response.content
        return pdf_text(body, "")
    if response["Content-Type"].startswith(("text/", "application/json")):
        return response.content.decode()
    return ""


def test_no_page_or_printout_of_a_french_deck_tournament_names_a_german_card(world, client):
    Tournament.objects.filter(slug=SLUG).update(deck=Tournament.Deck.FRENCH)
    client.force_login(world.users["supervisor"])
    read = 0
    for name, arguments in url_patterns():
        kwargs = url_kwargs(name, arguments, world) if name else None
        if kwargs is None or kwargs.get("slug", SLUG) != SLUG or name.startswith("admin"):
            continue
        if name in HANDBOOK_PAGES:  # of no tournament: it explains both decks
            continue
        response = client.get(reverse(name, kwargs=kwargs))
        if response.status_code != 200:
            continue
        text = shown(response)
        read += bool(text)
        assert german_cards(text) == [], name
    assert read > 30  # the walk reached the pages (39 today), not only refusals
