"""Revoking a table's link, every link of a Durchgang, or replacing a link by a new one first
says which links stop working (GET: nothing changes); only the confirmed POST does it."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from tests.phones.link_helpers import links_url, phone, table
from tests.web.walk_helpers import changed, snapshot
from tournament.models import TableLink
from tournament.phones.links import table_link_issue

pytestmark = pytest.mark.django_db


def change_url():
    return reverse("manage:table_link_change", args=["abend", 1])


def valid():
    return sorted(
        TableLink.objects.filter(revoked_at__isnull=True).values_list("table__number", flat=True)
    )


@pytest.fixture
def links(evening, supervisor):
    return [table_link_issue(table=table(n), user=supervisor) for n in (1, 2)]


def test_revoking_one_link_names_the_table_and_its_pin_then_revokes_it(client, supervisor, links):
    client.force_login(supervisor)
    before = snapshot()
    page = client.get(change_url(), {"tisch": 1, "aktion": "sperren"}).content.decode()
    assert "Link von Tisch 1 sperren?" in page
    assert f"Der Link von Tisch 1 (PIN {links[0].pin}) wird sofort ungültig" in page
    assert ">Link von Tisch 1 sperren</button>" in page
    assert f'href="{links_url()}"' in page  # Cancel
    assert changed(before, snapshot()) == [] and valid() == [1, 2]
    client.post(change_url(), {"tisch": 1, "aktion": "sperren", "bestaetigt": "1"})
    assert valid() == [2] and Client().get(phone(links[0])).status_code == 404


def test_revoking_every_link_counts_the_tables_then_revokes_them(client, supervisor, links):
    client.force_login(supervisor)
    assert "Alle Links sperren …" in client.get(links_url()).content.decode()
    before = snapshot()
    page = client.get(change_url(), {"tisch": "alle", "aktion": "sperren"}).content.decode()
    assert "Alle Links von Durchgang 1 sperren?" in page
    assert "Die Links von 2 Tischen werden sofort ungültig (Tische 1, 2)" in page
    assert ">2 Links sperren</button>" in page
    assert changed(before, snapshot()) == []
    response = client.post(change_url(), {"tisch": "alle", "aktion": "sperren", "bestaetigt": "1"})
    assert response.status_code == 302 and valid() == []


def test_a_new_link_for_a_table_says_the_old_one_stops_then_replaces_it(client, supervisor, links):
    client.force_login(supervisor)
    asked = client.post(links_url(), {"table": 2, "issue": "1"})  # the button of the list
    assert asked.status_code == 302 and valid() == [1, 2]
    before = snapshot()
    page = client.get(asked.url).content.decode()
    assert "Neuer Link für Tisch 2?" in page
    assert "Der bisherige Link von Tisch 2 wird sofort ungültig" in page
    assert changed(before, snapshot()) == []
    client.post(change_url(), {"tisch": 2, "aktion": "neu", "bestaetigt": "1"})
    new = TableLink.objects.get(table=table(2), revoked_at__isnull=True)
    assert new.token != links[1].token and Client().get(phone(links[1])).status_code == 404


def test_nothing_to_revoke_is_refused_plainly(client, supervisor, evening):
    client.force_login(supervisor)
    response = client.get(change_url(), {"tisch": "alle", "aktion": "sperren"})
    assert response.status_code == 409
    assert "Kein Tisch hat einen gültigen Link." in response.content.decode()
    response = client.get(change_url(), {"tisch": 1, "aktion": "sperren"})
    assert "Tisch 1 hat keinen gültigen Link." in response.content.decode()
    assert client.get(change_url(), {"tisch": "x", "aktion": "sperren"}).status_code == 404
