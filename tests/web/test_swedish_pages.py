"""The interface in Swedish: every page of a tournament in play renders in sv, with Swedish words
in its navigation and buttons and no German or English interface word left over."""

from __future__ import annotations

import re
from html import unescape

import pytest
from django.test import Client
from django.urls import reverse

from tests.web.helpers import routes
from tests.web.walk_helpers import EMBED_PAGES

pytestmark = [pytest.mark.django_db, pytest.mark.slow]

# Interface words of the German and the English catalogue whose Swedish text differs. The walk's
# tournament names players "Spieler 1" …, which the check leaves out.
LEFTOVERS = re.compile(
    r"\b(Turniere|Turnierleitung\b(?! *\))|Spielliste|Rangliste|Speichern|Abbrechen|Tisch|Punkte"
    r"|Anmelden|Abmelden|Tournaments|Ranking|Scoresheet|Save|Cancel|Table|Points|Log in|Log out)\b"
)


def _visible_text(html: str) -> str:
    # The handbook's own text is German on purpose (`lang="de"`, tournament/handbook/): its
    # frame, navigation and note are checked, not the chapters.
    html = re.sub(r'(?s)<div class="handbook" lang="de">.*?</main>', "</main>", html)
    html = re.sub(r"(?s)<(script|style)\b.*?</\1>", " ", html)
    html = re.sub(r"(?s)<!--.*?-->", " ", html)
    return unescape(re.sub(r"<[^>]+>", " ", html))


def _swedish_client(user) -> Client:
    client = Client(raise_request_exception=False)
    client.force_login(user)
    client.post(reverse("set_language"), {"language": "sv", "next": "/"})
    return client


def test_the_language_buttons_offer_swedish(client, world):
    text = client.get(reverse("tournament:list")).content.decode()
    assert 'value="sv"' in text and "Svenska" in text
    client.post(reverse("set_language"), {"language": "sv", "next": "/"})
    text = client.get(reverse("tournament:list")).content.decode()
    assert '<html lang="sv">' in text
    assert "Turneringar" in text and "Logga in" in text


def test_every_page_renders_in_swedish_without_german_or_english_words(world):
    client = _swedish_client(world.users["supervisor"])
    problems = []
    for name, url in routes(world):
        if name.startswith("admin:") or name == "set_language":
            continue
        if name in EMBED_PAGES:  # a framed page reads no cookie: its snippet names the language
            url += "?sprache=sv"
        response = client.get(url)
        if response.status_code >= 500:
            problems.append(f"{url}: {response.status_code}")
            continue
        if response.status_code != 200 or "html" not in response.get("Content-Type", ""):
            continue
        html = response.content.decode()
        assert '<html lang="sv"' in html or "<html" not in html, url
        found = set(LEFTOVERS.findall(_visible_text(html)))
        if found:
            problems.append(f"{url}: {sorted(found)}")
    assert problems == []
