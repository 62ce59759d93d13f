"""The draw refuses a number of games per Durchgang that a table of five cannot play with every
player playing as many games as at a table of four (docs/rules.md, section 1), naming the nearest
numbers that work, and stores nothing; with tables of four only, any number is drawn."""

from __future__ import annotations

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.urls import reverse

from tests.rule_tables import games_cases
from tournament.draw.services import DrawError, durchgang_draw
from tournament.exchange.interchange.importer import tournament_import
from tournament.models import Durchgang, Membership, Seat

pytestmark = pytest.mark.django_db


def _tournament(players: int, games: int):
    return tournament_import(
        {
            "format": "schafkopf-turnier",
            "version": 1,
            "tournament": {
                "slug": "spiele",
                "name": "Spiele",
                "date": "2026-11-23",
                "games_per_durchgang": games,
            },
            "players": [{"id": str(n), "name": f"Spieler {n}"} for n in range(1, players + 1)],
        }
    )


#: Players that need a table of five: 9 (4 + 5), 22 (4 + 4 + 4 + 5 + 5), 5 (one of five).
PLAYERS = {30: 9, 38: 22, 3: 5}


@pytest.mark.parametrize(("games", "message"), games_cases("games", "message", games=(30, 38, 3)))
def test_10_a_draw_that_needs_a_table_of_five_refuses_games_it_cannot_share(games, message):
    tournament = _tournament(PLAYERS[games], games)
    with pytest.raises(DrawError) as refused:
        durchgang_draw(tournament=tournament, number=1, seed="s")
    assert str(refused.value) == message
    assert not Durchgang.objects.exists() and not Seat.objects.exists()


@pytest.mark.parametrize(("players", "games"), [(8, 30), (12, 2), (9, 28), (22, 40)])
def test_10_tables_of_four_take_any_number_and_tables_of_five_a_multiple_of_4(players, games):
    result = durchgang_draw(tournament=_tournament(players, games), number=1, seed="s")
    assert result.durchgang.tables.count() == players // 4


def test_10_six_players_are_told_they_cannot_be_seated_before_anything_else():
    with pytest.raises(DrawError) as refused:
        durchgang_draw(tournament=_tournament(6, 30), number=1, seed="s")
    assert "6" in str(refused.value) and "Fünfertischen nicht auf" not in str(refused.value)


def test_10_the_draw_command_says_so_in_german():
    _tournament(9, 30)
    with pytest.raises(CommandError, match="wählen Sie 28 oder 32"):
        call_command("draw", "spiele", "--durchgang", "1", "--seed", "1")


def test_10_the_draw_page_says_so_in_german(client, supervisor):
    tournament = _tournament(13, 30)
    Membership.objects.create(tournament=tournament, user=supervisor, role="supervisor")
    client.force_login(supervisor)
    url = reverse("manage:draw", args=["spiele", 1])
    page = client.post(url, {"seed": ""}, follow=True).content.decode()
    assert "30 Spiele je Durchgang geht mit Fünfertischen nicht auf" in page
    assert not tournament.durchgaenge.exists()
