"""Table links for the players' phones: the supervisor issues a link and
PIN per table; a phone with both sees that table's sheet and enters its games; a wrong PIN, a
revoked or replaced link and a closed sheet store nothing."""

from __future__ import annotations

import pytest
from django.test import Client

from tests.phones.link_helpers import links_url, phone, table
from tournament.models import Hand, Table, TableLink
from tournament.phones.links import table_link_issue

pytestmark = pytest.mark.django_db


def opened(link) -> Client:
    """A phone that has typed the table's PIN and keeps the sheet."""
    client = Client()
    assert client.post(phone(link), {"pin": link.pin}).status_code == 302
    assert client.post(phone(link), {"claim": "1"}).status_code == 302
    return client


def games(number):
    return Hand.objects.filter(table=table(number)).count()


@pytest.mark.parametrize(
    ("role", "status"),
    [("anonymous", 302), ("other_clerk", 403), ("clerk", 403), ("supervisor", 200)],
)
def test_only_the_supervisor_issues_and_sees_the_links(client, request, evening, role, status):
    if role != "anonymous":
        client.force_login(request.getfixturevalue(role))
    assert client.get(links_url()).status_code == status
    client.post(links_url())
    assert TableLink.objects.exists() is (role == "supervisor")


def test_the_supervisor_issues_every_table_a_link_with_pin_and_qr_code(client, supervisor, evening):
    client.force_login(supervisor)
    client.post(links_url(), follow=True)
    page = client.get(links_url()).content.decode()
    links = TableLink.objects.filter(revoked_at__isnull=True).order_by("table__number")
    assert [link.table.number for link in links] == [1, 2]
    for link in links:
        assert link.pin.isdecimal() and len(link.pin) == 6
        assert link.pin in page and phone(link) in page
    assert page.count("<svg") >= 2  # a QR code per table


def test_a_phone_needs_the_pin_then_shows_names_and_totals_and_enters_a_game(evening, supervisor):
    link = table_link_issue(table=table(1), user=supervisor)
    client = Client()
    page = client.get(phone(link)).content.decode()
    assert "PIN" in page and "Spieler 1" not in page  # nothing of the sheet before the PIN
    wrong = client.post(phone(link), {"pin": "000000" if link.pin != "000000" else "111111"})
    assert wrong.status_code == 403 and "Falsche PIN" in wrong.content.decode()
    assert (
        client.post(phone(link), {"number": 1, "code": "r e 1 3 +", "version": 0}).status_code
        == 403
    )
    assert games(1) == 0
    client = opened(link)
    page = client.get(phone(link)).content.decode()
    assert "Spieler 1" in page and "Spieler 4" in page
    assert (
        client.post(phone(link), {"number": 1, "code": "r e 1 3 +", "version": 0}).status_code
        == 302
    )
    page = client.get(phone(link)).content.decode()
    assert games(1) == 1 and "r e 1 3 +" in page
    assert '<span class="phone-total">+1</span>' in page  # the running total of the winners


def test_a_bad_game_from_the_phone_is_refused_in_german_and_stores_nothing(evening, supervisor):
    link = table_link_issue(table=table(1), user=supervisor)
    response = opened(link).post(phone(link), {"number": 1, "code": "sie 2", "version": 0})
    assert response.status_code == 400 and "2.9.1" in response.content.decode()
    assert games(1) == 0


def test_a_link_enters_only_its_own_table(evening, supervisor):
    link = table_link_issue(table=table(1), user=supervisor)
    opened(link).post(phone(link), {"number": 1, "code": "r e 1 3 +", "version": 0})
    assert (games(1), games(2)) == (1, 0)


def test_a_revoked_or_replaced_link_and_a_closed_sheet_open_nothing(client, evening, supervisor):
    old = table_link_issue(table=table(1), user=supervisor)
    phone_of_old = opened(old)
    new = table_link_issue(table=table(1), user=supervisor)
    assert old.token != new.token
    response = phone_of_old.post(phone(old), {"number": 1, "code": "r e 1 3 +", "version": 0})
    assert response.status_code == 404 and "gilt nicht" in response.content.decode()
    client.force_login(supervisor)
    asked = client.post(links_url(), {"table": 1, "revoke": "1"})  # first: what it will do
    assert asked.status_code == 302 and Client().get(phone(new)).status_code == 200
    assert "Link von Tisch 1 sperren" in client.get(asked.url).content.decode()
    client.post(asked.url.split("?")[0], {"tisch": 1, "aktion": "sperren", "bestaetigt": "1"})
    assert Client().get(phone(new)).status_code == 404
    third = table_link_issue(table=table(2), user=supervisor)
    phone_of_third = opened(third)
    Table.objects.filter(pk=table(2).pk).update(closed_at="2026-11-22T22:00:00Z")
    response = phone_of_third.post(phone(third), {"number": 1, "code": "r e 5 6 +", "version": 0})
    assert response.status_code == 404
    assert games(1) == games(2) == 0
