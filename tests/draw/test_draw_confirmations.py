"""A redraw and a seat swap first say what they will do (GET: nothing changes), and only the
confirmed POST does it — with exactly the seed and the players shown."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.sheets.fixtures import ruf
from tests.web.walk_helpers import changed, snapshot
from tournament.draw.services import durchgang_tables
from tournament.models import Durchgang, SeatSwap, Table
from tournament.phones.links import table_link_issue
from tournament.sheets.services.hands import hand_save

pytestmark = pytest.mark.django_db


def seating(tournament, number=1):
    durchgang = Durchgang.objects.get(tournament=tournament, number=number)
    return [[s.player.ident for s in t.seats.all()] for t in durchgang_tables(durchgang)]


def test_the_redraw_page_says_what_is_drawn_and_discarded_and_changes_nothing(
    client, supervisor, evening
):
    table_link_issue(table=Table.objects.get(durchgang__tournament=evening, number=1), user=None)
    client.force_login(supervisor)
    before = snapshot()
    response = client.get(reverse("manage:draw", args=["abend", 1]), {"seed": "neu-7"})
    page = response.content.decode()
    assert response.status_code == 200
    assert "Durchgang 1 neu auslosen?" in page
    assert "Durchgang 1 wird neu ausgelost: 2 Tische (davon 1 zu fünft), 9 Spieler" in page
    assert "Startwert neu-7" in page
    assert (
        "Die bisherige Auslosung (2 Tische, 9 Spieler) und ihre 0 eingegebenen Spiele werden "
        "verworfen." in page
    )
    assert "Der Tisch-Link von 1 Tisch wird ungültig." in page
    assert '<button type="submit" class="danger">Durchgang 1 neu auslosen</button>' in page
    assert f'href="{reverse("manage:durchgaenge", args=["abend"])}"' in page  # Cancel
    assert changed(before, snapshot()) == []


def test_an_unconfirmed_post_only_shows_the_preview(client, supervisor, evening):
    client.force_login(supervisor)
    before = snapshot()
    response = client.post(reverse("manage:draw", args=["abend", 1]), {"seed": "x"})
    assert response.status_code == 200 and "wird neu ausgelost" in response.content.decode()
    assert changed(before, snapshot()) == []


def test_the_confirmed_redraw_draws_the_tables_shown(client, supervisor, evening):
    client.force_login(supervisor)
    page = client.get(reverse("manage:draw", args=["abend", 1])).content.decode()
    seed = page.split('name="seed" value="')[1].split('"')[0]  # a new random seed, shown
    assert f"Startwert {seed}," in page
    response = client.post(
        reverse("manage:draw", args=["abend", 1]), {"seed": seed, "bestaetigt": "1"}
    )
    assert response.status_code == 302
    assert Durchgang.objects.get(tournament=evening, number=1).draw_seed == seed


def test_a_redraw_after_games_is_refused_on_the_confirmation_page(client, supervisor, evening):
    table = Table.objects.get(durchgang__tournament=evening, number=1)
    players = {int(s.player.ident): s.player for s in table.seats.select_related("player")}
    hand_save(table=table, number=1, game=ruf(players), version=0, user=supervisor)
    client.force_login(supervisor)
    before, seats = snapshot(), seating(evening)
    response = client.get(reverse("manage:draw", args=["abend", 1]))
    page = response.content.decode()
    assert response.status_code == 409
    assert "In Durchgang 1 sind Spiele erfasst" in page and "bestaetigt" not in page
    assert changed(before, snapshot()) == [] and seating(evening) == seats


def swap_data(evening, **extra):
    a, b = evening.players.get(ident="1"), evening.players.get(ident="9")
    return {"first": a.pk, "second": b.pk, "reason": "Sitzt am Fenster", **extra}


def test_the_swap_page_names_both_players_with_table_and_seat_and_changes_nothing(
    client, supervisor, evening
):
    client.force_login(supervisor)
    before = snapshot()
    url = reverse("manage:swap", args=["abend", 1])
    page = client.get(url, swap_data(evening)).content.decode()
    assert "Zwei Spieler tauschen?" in page
    assert "Nr. 1 Spieler 1 (Tisch 1, Platz 1) ↔ Nr. 9 Spieler 9 (Tisch 2, Platz 5)" in page
    assert (
        "Danach sitzt Nr. 1 Spieler 1 an Tisch 2, Platz 5, und Nr. 9 Spieler 9 an Tisch 1, "
        "Platz 1." in page
    )
    assert "Grund: Sitzt am Fenster" in page
    assert "Tischkarten und Spiellisten der Tische 1, 2 müssen neu gedruckt werden." in page
    assert ">Die beiden Spieler tauschen</button>" in page
    assert changed(before, snapshot()) == []
    response = client.post(url, swap_data(evening, bestaetigt="1"))
    assert response.status_code == 302
    assert seating(evening) == [["9", "2", "3", "4"], ["5", "6", "7", "8", "1"]]
    assert SeatSwap.objects.get().reason == "Sitzt am Fenster"


def test_a_swap_without_reason_shows_the_durchgang_page_with_the_error(client, supervisor, evening):
    client.force_login(supervisor)
    before = snapshot()
    url = reverse("manage:swap", args=["abend", 1])
    response = client.get(url, swap_data(evening, reason=""))
    assert response.status_code == 400
    assert "Dieses Feld ist zwingend erforderlich." in response.content.decode()
    assert changed(before, snapshot()) == []
