"""The tournament settings after the rule corrections: the Kontra switch says what Kontra does,
and an allowed Stoß doubles the game under the 2007 table too (4.2.4 of 2007); a number of games
per Durchgang that is no multiple of 4 is refused once the players registered need a table of
five, naming the nearest numbers that work (docs/rules.md, section 1)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.registration.helpers import settings_post
from tests.rule_tables import games_cases
from tests.sheets.helpers import enter, game
from tournament.models import Player, Tournament

pytestmark = pytest.mark.django_db

KONTRA_NOTE = "Kontra verdoppelt, Retour vervierfacht den Spielwert."


def settings_url(slug="abend"):
    return reverse("manage:tournament_edit", args=[slug])


def test_the_kontra_switch_says_that_kontra_doubles_and_retour_quadruples(
    client, supervisor, evening
):
    client.force_login(supervisor)
    page = client.get(settings_url()).content.decode()
    switch = page.index('name="kontra_allowed"')
    assert KONTRA_NOTE in page[switch - 600 : switch + 600]


def test_4_2_4_an_allowed_stoss_doubles_and_retour_quadruples_under_the_2007_table(
    client, supervisor, clerk, evening
):
    client.force_login(supervisor)
    assert (
        client.post(settings_url(), settings_post(evening, kontra_allowed="on")).status_code == 302
    )
    client.force_login(clerk)
    enter(client, "r e 1 3 + k", 2)
    enter(client, "s e 3 - kk", 3)
    ruf = {s.player.ident: s.points for s in game(2).scores.select_related("player")}
    solo = {s.player.ident: s.points for s in game(3).scores.select_related("player")}
    assert ruf == {"1": 2, "3": 2, "2": -2, "4": -2}
    assert solo == {"3": -24, "1": 8, "2": 8, "4": 8}


@pytest.mark.parametrize(("games", "message"), games_cases("games", "message", games=(30, 2)))
def test_10_games_that_a_table_of_five_cannot_play_are_refused_naming_the_nearest(
    client, supervisor, evening, games, message
):
    client.force_login(supervisor)  # nine players: a table of five is needed
    response = client.post(settings_url(), settings_post(evening, games_per_durchgang=games))
    assert response.status_code == 200
    assert message in response.content.decode()
    assert Tournament.objects.get(slug="abend").games_per_durchgang == 32


def test_10_a_multiple_of_4_is_taken_with_a_table_of_five(client, supervisor, evening):
    client.force_login(supervisor)
    response = client.post(settings_url(), settings_post(evening, games_per_durchgang=28))
    assert response.status_code == 302
    assert Tournament.objects.get(slug="abend").games_per_durchgang == 28


def test_10_any_number_is_taken_while_every_table_seats_four(client, supervisor, fresh):
    client.force_login(supervisor)  # eight players
    response = client.post(settings_url("frisch"), settings_post(fresh, games_per_durchgang=30))
    assert response.status_code == 302
    assert Tournament.objects.get(slug="frisch").games_per_durchgang == 30


def test_10_withdrawn_players_need_no_seat(client, supervisor, evening):
    Player.objects.filter(tournament=evening, ident="9").update(withdrawn=True)
    client.force_login(supervisor)  # eight active players: tables of four
    response = client.post(settings_url(), settings_post(evening, games_per_durchgang=30))
    assert response.status_code == 302
    assert Tournament.objects.get(slug="abend").games_per_durchgang == 30


def test_10_a_tournament_recorded_before_keeps_its_games_and_its_settings_page_works(
    client, supervisor, clerk, evening
):
    Tournament.objects.filter(slug="abend").update(games_per_durchgang=30)
    client.force_login(clerk)
    enter(client, "r e 1 3 +", 1)  # the rules are locked from now on
    client.force_login(supervisor)
    data = settings_post(evening, name="Abendturnier 2026", games_per_durchgang=30)
    assert client.post(settings_url(), data).status_code == 302
    tournament = Tournament.objects.get(slug="abend")
    assert (tournament.name, tournament.games_per_durchgang) == ("Abendturnier 2026", 30)


def test_both_15_5_presets_are_offered_by_whose_rules_they_are(client, supervisor, evening):
    client.force_login(supervisor)
    page = client.get(settings_url()).content.decode()
    assert "15/5 des SELF-Schafkopfturniers 2022" in page
    assert "15/5 des Donau-Ries-Schafkopfcups" in page
    data = settings_post(evening, scoring="donau-ries-15-5")
    assert client.post(settings_url(), data).status_code == 302
    tournament = Tournament.objects.get(slug="abend")
    assert (tournament.scoring, tournament.kontra_allowed) == ("donau-ries-15-5", False)
