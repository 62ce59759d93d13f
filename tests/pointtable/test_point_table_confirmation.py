"""A change of the point table after games first shows what it will do — the games recomputed,
whose points change, who is first before and after — computed by the change itself and rolled
back; only the confirmed POST changes the table."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.pointtable.helpers import FIVES
from tests.web.walk_helpers import changed, snapshot
from tournament.models import Hand, PointTableChange, Tournament
from tournament.ranking.standings import standings_compute
from tournament.scorekeeping.violations import player_label

pytestmark = pytest.mark.django_db


def test_the_confirmation_shows_games_points_and_the_first_place_and_changes_nothing(
    client, supervisor, example_tournament
):
    slug = example_tournament.slug
    games = Hand.objects.filter(table__durchgang__tournament=example_tournament).count()
    first = standings_compute(example_tournament)[0]
    client.force_login(supervisor)
    before = snapshot()
    data = {**FIVES, "save": "1", "reason": "Beschluss der Turnierleitung"}
    response = client.post(reverse("manage:point_table", args=[slug]), data)
    page = response.content.decode()
    assert response.status_code == 200
    assert "Punktetabelle ändern und alle Wertungen neu berechnen?" in page
    assert f"{games} Spiele werden mit den neuen Werten neu berechnet." in page
    assert "Die Punkte ändern sich für " in page and ", der Platz für " in page
    assert "Platz 1 " in page and player_label(first.player.start_number, "") in page
    assert "Die Spitze der Wertung danach" in page
    assert "festgehalten: „Beschluss der Turnierleitung“" in page
    assert 'name="reason" value="Beschluss der Turnierleitung"' in page  # posted back as shown
    assert changed(before, snapshot()) == []

    response = client.post(reverse("manage:point_table", args=[slug]), {**data, "bestaetigt": "1"})
    assert response.status_code == 302
    assert PointTableChange.objects.get().hands_rescored == games
    tournament = Tournament.objects.get(pk=example_tournament.pk)
    assert tournament.point_table["single"]["base"] == 5


def test_the_first_place_named_is_the_first_place_afterwards(
    client, supervisor, example_tournament
):
    client.force_login(supervisor)
    data = {**FIVES, "save": "1", "reason": "x"}
    url = reverse("manage:point_table", args=[example_tournament.slug])
    page = " ".join(client.post(url, data).content.decode().split())
    client.post(url, {**data, "bestaetigt": "1"})
    first = standings_compute(Tournament.objects.get(pk=example_tournament.pk))[0]
    name = player_label(first.player.start_number, first.player.name)
    assert (
        f"Platz 1 bleibt {name}" in page or f"Platz 1 wird {name} ({first.points} Punkte)" in page
    )
