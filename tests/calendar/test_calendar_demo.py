"""The demo of `make run` fills the calendar: the demo tournament with its start, and a
tournament to come, open for registration with a limit of places."""

from __future__ import annotations

import io

import pytest
from django.core.management import call_command

pytestmark = pytest.mark.django_db


def test_the_demo_shows_two_tournaments_in_the_calendar(client):
    call_command("seed_demo", "--if-empty", "--players", "9", stdout=io.StringIO())
    html = client.get("/kalender/").content.decode()
    demo = html[html.index('id="turnier-demo-turnier"') :]
    assert "Beginn 14:00" in demo[: demo.index("</article>")]
    upcoming = html[html.index('id="turnier-kirchweih-schafkopf"') :]
    card = upcoming[: upcoming.index("</article>")]
    assert "Beginn 19:00" in card and "12,00 €" in card and "40 von 40 Plätzen frei" in card
    assert 'href="/turnier/kirchweih-schafkopf/anmeldung/"' in card
    assert "Oberpfalz" in card
