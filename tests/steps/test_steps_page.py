"""The day's steps on the tournament management page: every step with its state, one button."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse
from django.utils import timezone

from tournament.exchange.interchange.importer import tournament_import
from tournament.models import Membership, Table, Tournament

pytestmark = pytest.mark.django_db
SLUG = "beispielturnier-2026"


def step_html(text: str, key: str) -> str:
    """The list item of one step on the page."""
    found = re.search(rf'<li class="step [^"]*" id="schritt-{key}".*?</li>', text, re.S)
    assert found is not None, key
    return found.group(0)


@pytest.fixture
def boss(client, supervisor):
    client.force_login(supervisor)
    return client


def test_the_management_page_shows_the_steps_in_order_with_one_next_action(boss):
    text = boss.get(reverse("manage:dashboard", args=[SLUG])).content.decode()
    titles = re.findall(r'class="step-title"[^>]*>([^<]+)<', text)
    assert titles == [
        "Spieler",
        "Rangliste nach Durchgang 1",
        "Auslosung",
        "Tischliste",
        "Ausdrucke",
        "Eingabe der Spiele",
        "Genehmigungen",
        "Abschluss",
        "Rangliste",
        "Export",
    ]
    assert text.count('class="button next-button"') == 1
    assert text.count('aria-current="step"') == 1
    # The example's sheets are complete but not closed: the closing of Durchgang 2 is next.
    button = re.search(r'<a class="button next-button" href="([^"]+)"[^>]*>([^<]+)</a>', text)
    assert button is not None
    assert button.groups() == (reverse("manage:sheets", args=[SLUG, 2]), "Durchgang 2 abschließen")
    assert "Durchgang 2 von 2" in text
    assert "13 Spieler angemeldet" in text


def test_the_next_action_of_a_fresh_tournament_is_to_register_players(client, supervisor):
    tournament = tournament_import(
        {
            "format": "schafkopf-turnier",
            "version": 1,
            "tournament": {"slug": "leer", "name": "Leer", "date": "2026-11-28"},
            "players": [],
        }
    )
    Membership.objects.create(tournament=tournament, user=supervisor, role="supervisor")
    client.force_login(supervisor)
    text = client.get(reverse("manage:dashboard", args=["leer"])).content.decode()
    players = reverse("manage:players", args=["leer"])
    assert f'<a class="button next-button" href="{players}">Spieler anmelden</a>' in text


def test_the_management_page_needs_few_queries(boss, django_assert_max_num_queries):
    url = reverse("manage:dashboard", args=[SLUG])
    with django_assert_max_num_queries(11):
        assert boss.get(url).status_code == 200


def test_once_all_is_closed_and_published_the_export_is_the_next_action(boss):
    Table.objects.filter(durchgang__tournament__slug=SLUG).update(closed_at=timezone.now())
    text = boss.get(reverse("manage:dashboard", args=[SLUG])).content.decode()
    assert "nicht veröffentlicht" in step_html(text, "ranking")
    assert ">Rangliste veröffentlichen</a>" in text
    Tournament.objects.filter(slug=SLUG).update(ranking_publication="live")
    text = boss.get(reverse("manage:dashboard", args=[SLUG])).content.decode()
    assert "live veröffentlicht" in step_html(text, "ranking")
    export = reverse("manage:export_xlsx", args=[SLUG])
    button = f'<a class="button next-button" href="{export}" download>Export herunterladen</a>'
    assert button in text
