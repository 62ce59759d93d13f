"""The ranking is "after" the last Durchgang with games: a Durchgang drawn with empty sheets (as
the demo of `make run` has) is not claimed before its first game is entered."""

from __future__ import annotations

import io

import pytest
from django.core.management import call_command
from django.urls import reverse

from tournament.models import Table, Tournament
from tournament.sheets.services.hands import HandEntry, hand_save

pytestmark = pytest.mark.django_db


@pytest.fixture
def demo():
    call_command("seed_demo", "--if-empty", "--players", "9", stdout=io.StringIO())
    return Tournament.objects.get(slug="demo-turnier")


def test_the_demo_ranking_is_after_the_last_durchgang_with_games(client, demo):
    page = client.get(reverse("tournament:ranking", args=[demo.slug])).content.decode()
    assert "Rangliste nach Durchgang 2" in page
    assert "nach Durchgang 3" not in page and "?after=3" not in page
    assert (
        client.get(reverse("tournament:ranking", args=[demo.slug]) + "?after=3").status_code == 404
    )


def test_the_first_game_of_the_new_durchgang_moves_the_ranking_on(client, demo):
    table = Table.objects.get(durchgang__tournament=demo, durchgang__number=3, number=1)
    seats = [s.player for s in table.seats.order_by("position")]
    game = HandEntry(contract="solo", suit="herz", declarer=seats[1], won=True)
    hand_save(table=table, number=1, game=game, version=0)
    page = client.get(reverse("tournament:ranking", args=[demo.slug])).content.decode()
    assert "Rangliste nach Durchgang 3" in page
