"""Closing a sheet first says what it will do — the games, the totals that become final, the
phone link that stops — and changes nothing; only the confirmed POST closes it."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.sheets.fixtures import enter, ruf
from tests.web.walk_helpers import changed, snapshot
from tournament.models import Membership, Table
from tournament.phones.links import table_link_issue, table_link_open
from tournament.sheets.services.sheet import seat_sign

pytestmark = pytest.mark.django_db


@pytest.fixture
def ready(table, p, leitung, schreiber):
    """The sheet of `table` with 32 Rufspiele (seat 1 with seat 3 won), signed, with a link."""
    Membership.objects.create(
        tournament=table.durchgang.tournament, user=leitung, role="supervisor"
    )
    for number in range(1, 33):
        enter(table, number, ruf(p), user=schreiber)
    for seat in table.seats.all():
        seat_sign(seat=seat, user=schreiber, paper=True)
    return table_link_issue(table=table, user=leitung)


def close_url():
    return reverse("manage:close", args=["spielliste", 1, 1])


def test_the_close_page_shows_games_totals_and_the_link_and_changes_nothing(
    client, table, leitung, ready
):
    client.force_login(leitung)
    before = snapshot()
    response = client.get(close_url())
    page = response.content.decode()
    assert response.status_code == 200
    assert "Spielliste von Tisch 1 abschließen?" in page
    assert (
        "Tisch 1 wird abgeschlossen: 32 Spiele, von allen 4 Spielern unterschrieben; danach "
        "ändern die Spielliste nur noch Korrekturen mit Freigabe der Turnierleitung." in page
    )
    assert "Der Tisch-Link von Tisch 1 wird ungültig." in page
    assert '<th class="number">Sitz</th>' in page and ">Platz</th>" not in page  # not a rank
    rows = [" ".join(row.split()) for row in page.split("<tr>")[2:6]]
    assert "Nr. 1 Sepp Huber</td>" in rows[0] and ">+32</td>" in rows[0]
    assert "Nr. 2 Resi Maier</td>" in rows[1] and ">-32</td>" in rows[1]
    assert '<button type="submit" class="danger">Spielliste von Tisch 1 abschließen' in page
    assert f'href="{reverse("manage:sheet", args=["spielliste", 1, 1])}#unterschriften"' in page
    assert changed(before, snapshot()) == []
    assert table_link_open(ready.token) is not None

    response = client.post(close_url(), {"bestaetigt": "1"})
    assert response.status_code == 302
    assert Table.objects.get(pk=table.pk).closed and table_link_open(ready.token) is None


def test_a_sheet_not_ready_is_refused_on_the_close_page_naming_what_is_missing(
    client, table, p, leitung, schreiber
):
    Membership.objects.create(
        tournament=table.durchgang.tournament, user=leitung, role="supervisor"
    )
    enter(table, 1, ruf(p), user=schreiber)
    client.force_login(leitung)
    before = snapshot()
    response = client.get(close_url())
    page = response.content.decode()
    assert response.status_code == 409
    assert "Die Spielliste kann noch nicht abgeschlossen werden" in page
    assert "1 von 32 Spielen sind erfasst." in page and "bestaetigt" not in page
    assert changed(before, snapshot()) == []


def test_an_unconfirmed_post_does_not_close(client, table, leitung, ready):
    client.force_login(leitung)
    response = client.post(close_url(), {"zurueck": "liste"})
    assert response.status_code == 200 and not Table.objects.get(pk=table.pk).closed
    page = response.content.decode()
    assert '<input type="hidden" name="zurueck" value="liste">' in page
    assert reverse("manage:sheets", args=["spielliste", 1]) + "#tisch-1" in page  # Cancel


def test_a_clerk_gets_no_close_page(client, table, schreiber, ready):
    Membership.objects.create(tournament=table.durchgang.tournament, user=schreiber, role="clerk")
    client.force_login(schreiber)
    assert client.get(close_url()).status_code == 403
    assert client.post(close_url(), {"bestaetigt": "1"}).status_code == 403
    assert not Table.objects.get(pk=table.pk).closed
