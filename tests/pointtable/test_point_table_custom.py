"""A tournament's own point table: made by the supervisor with a live example, stored with the
tournament, used for every game, and carried by the interchange format."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.pointtable.helpers import VALUES, url
from tests.sheets.helpers import enter, game
from tournament.exchange.interchange.importer import tournament_import
from tournament.exchange.interchange.problems import InterchangeError
from tournament.exchange.interchange.writer import tournament_document
from tournament.models import Tournament
from tournament.ranking.standings import standings_compute

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("role", "status"),
    [("anonymous", 302), ("other_clerk", 403), ("clerk", 403), ("supervisor", 200)],
)
def test_only_the_supervisor_sees_the_point_table_form(client, request, evening, role, status):
    if role != "anonymous":
        client.force_login(request.getfixturevalue(role))
    assert client.get(url()).status_code == status
    assert client.post(url(), {**VALUES, "save": "1"}).status_code in (status, 302)
    assert Tournament.objects.get(slug="abend").point_table is None or role == "supervisor"


def test_the_form_shows_what_each_game_scores_and_previews_without_saving(
    client, supervisor, evening
):
    client.force_login(supervisor)
    page = client.get(url()).content.decode()
    assert "Solo Tout gewonnen" in page
    assert '<td class="num">18</td><td class="num">-6</td>' in page  # the 2007 table
    page = client.post(url(), {**VALUES, "preview": "1"}).content.decode()
    assert '<td class="num">30</td><td class="num">-10</td>' in page  # Tout: 2 x (5 per payer)
    assert Tournament.objects.get(slug="abend").point_table is None


def test_a_saved_table_scores_every_game_of_the_tournament(client, supervisor, evening):
    client.force_login(supervisor)
    assert client.post(url(), {**VALUES, "save": "1"}).status_code == 302
    tournament = Tournament.objects.get(slug="abend")
    assert tournament.scoring == "custom" and tournament.point_table["title"] == "Vereinstabelle"
    enter(client, "s h 2 + sn", 2)
    points = dict(game(2).scores.values_list("player__name", "points"))
    assert points == {"Spieler 1": -6, "Spieler 2": 18, "Spieler 3": -6, "Spieler 4": -6}


def test_a_table_in_which_a_game_is_worth_nothing_is_refused(client, supervisor, evening):
    client.force_login(supervisor)
    response = client.post(url(), {**VALUES, "rufspiel_base": 0, "save": "1"})
    assert response.status_code == 400
    assert "Ein Spiel muss etwas wert sein." in response.content.decode()
    assert Tournament.objects.get(slug="abend").point_table is None


def test_once_games_are_recorded_a_change_needs_a_reason(client, supervisor, example_tournament):
    client.force_login(supervisor)
    response = client.post(url(example_tournament.slug), {**VALUES, "save": "1"})
    assert response.status_code == 400
    assert "Dieses Feld ist zwingend erforderlich." in response.content.decode()
    example_tournament.refresh_from_db()
    assert example_tournament.scoring == "schafkopfschule-2007"
    assert example_tournament.point_table is None


def test_export_and_import_keep_the_custom_table_and_the_standings(client, supervisor, evening):
    client.force_login(supervisor)
    client.post(url(), {**VALUES, "save": "1"})
    enter(client, "w 3 - sn", 2)
    document = tournament_document(Tournament.objects.get(slug="abend"))
    assert document["tournament"]["scoring"] == "custom"
    assert document["tournament"]["point_table"]["single"]["base"] == 5
    before = {s.player.name: s.points for s in standings_compute(evening)}
    assert before["Spieler 3"] == -3 * 6  # the custom Wenz: 5 + 1 for Schneider, lost to three
    document["tournament"]["slug"] = "abend-kopie"
    copy = tournament_import(document)
    assert copy.point_table == document["tournament"]["point_table"]
    assert {s.player.name: s.points for s in standings_compute(copy)} == before


def test_an_import_with_a_broken_custom_table_names_the_place(example_document):
    example_document["tournament"]["scoring"] = "custom"
    with pytest.raises(InterchangeError) as caught:
        tournament_import(example_document)
    assert "tournament.point_table" in str(caught.value)
    broken = {"key": "x", "title": "x", "rufspiel": 3, "single": {"base": 2}}
    example_document["tournament"]["point_table"] = broken | {"tout": {}, "sie": {}}
    with pytest.raises(InterchangeError) as caught:
        tournament_import(example_document)
    assert "tournament.point_table.rufspiel" in str(caught.value)
    assert not Tournament.objects.exists()


def test_kontra_is_a_setting_of_the_tournament(client, supervisor, evening):
    client.force_login(supervisor)
    response = enter(client, "r e 1 3 + k", 2)
    assert response.status_code == 400 and "Kontra" in response.content.decode()
    settings = {
        "name": "Abendturnier",
        "date": "2026-11-22",
        "venue": "",
        "scoring": "solo-15-5",
        "games_per_durchgang": 32,
        "number_of_durchgaenge": 2,
        "contracts": ["rufspiel", "solo", "wenz", "sie"],
        "solo_approval_from": 5,
        "tiebreak": "5.4.2",
        "kontra_allowed": "on",
    }
    edit = reverse("manage:tournament_edit", args=["abend"])
    assert client.post(edit, settings).status_code == 302
    tournament = Tournament.objects.get(slug="abend")
    assert tournament.kontra_allowed and tournament.scoring == "solo-15-5"
    assert enter(client, "s h 2 + k", 2).status_code == 302
    points = dict(game(2).scores.values_list("player__name", "points"))
    assert points["Spieler 2"] == 2 * 15  # 15/5 with the Stoß doubling the game
