"""The cup's final on its page: who qualifies as the cup table ranks them (a tie broken by the
table's counters), the qualification fixed, a decline replaced by the next in the table, the
start list made in the cup organiser's tournament with start numbers in the table's order;
each step in the history."""

from __future__ import annotations

import datetime as dt

import pytest
from django.test import Client
from django.urls import reverse

from tests.cups.helpers import standings_row
from tournament.cups.final import candidates, final_of, final_settings
from tournament.models import CupEntry, CupEvent, CupQualifier, Player, Tournament

pytestmark = pytest.mark.django_db

SIE = (1, 0, 0, 0, 0)


@pytest.fixture
def final_world(cup_world):
    # By hand (sum): Anna 40+25 = 65, Berta 30+35 = 65 with one Sie played (ahead of Anna),
    # Emil 30, Carl 20, Dora 10, Fritz 5. The table: Berta, Anna, Emil, Carl, Dora, Fritz.
    member = cup_world.cup.members.get(organiser=cup_world.owner)
    for slug, day, rows in (
        ("erster", 1, [("Anna", 40, ()), ("Berta", 30, SIE), ("Carl", 20, ()), ("Dora", 10, ())]),
        ("zweiter", 8, [("Berta", 35, ()), ("Emil", 30, ()), ("Anna", 25, ()), ("Fritz", 5, ())]),
    ):
        CupEntry.objects.create(
            cup=cup_world.cup,
            member=member,
            source_slug=slug,
            name=slug.capitalize(),
            date=dt.date(2026, 10, day),
            standings=[
                standings_row(name, rank, points, counters or (0, 0, 0, 0, 0))
                for rank, (name, points, counters) in enumerate(rows, 1)
            ],
        )
    client = Client()
    client.force_login(cup_world.keepers["pokalverein"])
    address = reverse("manage:cup_final", args=["pokalverein", cup_world.cup.slug])
    return cup_world, client, address


@pytest.mark.parametrize(
    ("overall", "per_evening", "expected"),
    [
        (1, 0, ["Berta"]),  # Anna has as many points; Berta played a Sie
        (2, 0, ["Berta", "Anna"]),
        (0, 1, ["Berta", "Anna"]),  # the winners of the evenings, in the table's order
        (2, 1, ["Berta", "Anna", "Emil", "Carl"]),  # both: the table fills up two more
    ],
)
def test_who_qualifies_follows_the_cup_table(final_world, overall, per_evening, expected):
    cup_world, _client, _address = final_world
    final_settings(cup=cup_world.cup, overall=overall, per_evening=per_evening)
    found = candidates(cup_world.cup, final_of(cup_world.cup))
    assert [c.name for c in found] == expected


def test_the_final_with_a_decline_and_its_start_list(final_world):
    cup_world, client, address = final_world
    client.post(address, {"action": "settings", "overall": 3, "per_evening": 0})
    page = client.get(address).content.decode()
    assert "Pokalwertung, Platz 2" in page  # Anna, before the fixing
    client.post(address, {"action": "fix"})
    qualifiers = list(CupQualifier.objects.values_list("name", "state"))
    assert qualifiers == [("Berta", "invited"), ("Anna", "invited"), ("Emil", "invited")]
    anna = CupQualifier.objects.get(name="Anna")
    client.post(address, {"action": "decline", "qualifier": anna.pk})
    carl = CupQualifier.objects.get(name="Carl")
    assert carl.state == "invited" and "ersetzt Anna" in carl.reason
    final = Tournament.objects.create(
        name="Pokalfinale", slug="pokalfinale", date="2027-03-06", organiser=cup_world.owner
    )
    client.post(address, {"action": "startlist", "tournament": final.pk})
    players = list(
        Player.objects.filter(tournament=final)
        .order_by("start_number")
        .values_list("start_number", "name")
    )
    assert players == [(1, "Berta"), (2, "Emil"), (3, "Carl")]
    history = list(CupEvent.objects.values_list("kind", "detail"))
    assert [kind for kind, _detail in history] == ["qualified", "declined", "invited", "startlist"]
    assert "Carl (Pokalwertung, Platz 4) für Anna eingeladen" in history[2][1]
    page = client.get(address).content.decode()
    assert "Nachrücker eingeladen" in page and "Startnummer 3" in page


def test_refusals_store_nothing(final_world):
    cup_world, client, address = final_world
    refused = client.post(address, {"action": "fix"}, follow=True)
    assert "Gib zuerst an, wie viele sich qualifizieren." in refused.content.decode()
    bad = client.post(address, {"action": "settings", "overall": -1, "per_evening": "x"})
    assert bad.status_code == 200 and "Die besten N der Pokalwertung" in bad.content.decode()
    client.post(address, {"action": "settings", "overall": 2, "per_evening": 0})
    client.post(address, {"action": "fix"})
    other = Tournament.objects.create(
        name="Fremd", slug="fremd", date="2027-03-06", organiser=cup_world.stranger
    )
    response = client.post(address, {"action": "startlist", "tournament": other.pk})
    assert response.status_code == 404  # not among the cup organiser's tournaments
    assert not Player.objects.filter(tournament=other).exists()
    assert CupEvent.objects.count() == 1
