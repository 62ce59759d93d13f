"""Persons across clubs: the register's matching proposes "Sepp Huber" and "Josef Huber" of
the same club; the cup organiser merges them and splits off a "Max Maier" of another club; the
cup table follows as a hand computation says, and the history keeps each step."""

from __future__ import annotations

import datetime as dt

import pytest
from django.test import Client
from django.urls import reverse

from tests.cups.helpers import standings_row
from tournament.cups.persons import cup_persons, kept_apart, merges_proposed
from tournament.cups.table import cup_table
from tournament.models import CupApart, CupEntry, CupEvent

pytestmark = pytest.mark.django_db


def evening(cup_world, slug, day, *rows):
    member = cup_world.cup.members.get(organiser=cup_world.owner)
    return CupEntry.objects.create(
        cup=cup_world.cup,
        member=member,
        source_slug=slug,
        name=slug.capitalize(),
        date=dt.date(2026, 10, day),
        standings=[standings_row(n, rank, p, club=c) for rank, (n, p, c) in enumerate(rows, 1)],
    )


@pytest.fixture
def persons_world(cup_world):
    # Hand computation (sum of the points):
    #   before: Max Maier 10+5+40 = 55, Anna Berg 20+22 = 42, Sepp Huber 30, Josef Huber 26
    #   Josef merged into Sepp: Sepp Huber 56, Max Maier 55, Anna Berg 42
    #   then Max Maier of SC Bärnau (the third evening) split off: Sepp Huber 56, Anna Berg 42,
    #   Max Maier (SC Bärnau) 40, Max Maier 15
    first = evening(
        cup_world, "erster", 1, ("Sepp Huber", 30, "SK Au"), ("Anna Berg", 20, ""),
        ("Max Maier", 10, "SK Au"),
    )  # fmt: skip
    second = evening(
        cup_world, "zweiter", 8, ("Josef Huber", 26, "SK Au"), ("Anna Berg", 22, ""),
        ("Max Maier", 5, "SK Au"),
    )  # fmt: skip
    third = evening(cup_world, "dritter", 15, ("Max Maier", 40, "SC Bärnau"))
    client = Client()
    client.force_login(cup_world.keepers["pokalverein"])
    address = reverse("manage:cup_persons", args=["pokalverein", cup_world.cup.slug])
    return cup_world, client, address, (first, second, third)


def table(cup):
    return [(row.name, row.club, row.standing.value) for row in cup_table(cup)[1]]


def test_likely_duplicates_are_proposed_and_the_merge_changes_the_table(persons_world):
    cup_world, client, address, _evenings = persons_world
    cup = cup_world.cup
    assert table(cup) == [
        ("Max Maier", "SC Bärnau", 55),
        ("Anna Berg", "", 42),
        ("Sepp Huber", "SK Au", 30),
        ("Josef Huber", "SK Au", 26),
    ]
    proposed = [(a.name, b.name) for a, b in merges_proposed(cup_persons(cup))]
    assert proposed == [("Josef Huber", "Sepp Huber")]
    page = client.get(address).content.decode()
    assert "Vermutlich eine Person" in page and "mehrere Vereine" in page  # Max Maier's clubs
    response = client.post(
        address, {"action": "merge", "keep": "sepp huber", "other": "josef huber"}
    )
    assert response.status_code == 302
    assert table(cup) == [
        ("Sepp Huber", "SK Au", 56),
        ("Max Maier", "SC Bärnau", 55),
        ("Anna Berg", "", 42),
    ]
    assert merges_proposed(cup_persons(cup)) == []
    event = CupEvent.objects.get(cup=cup)
    assert event.kind == CupEvent.Kind.MERGED and "Josef Huber" in event.detail
    public = client.get(reverse("tournament:cup_table", args=[cup.slug])).content.decode()
    assert "Josef Huber" not in public and "Sepp Huber" in public


def test_a_split_makes_two_people_of_one_name(persons_world):
    cup_world, client, address, (_first, _second, third) = persons_world
    client.post(address, {"action": "merge", "keep": "sepp huber", "other": "josef huber"})
    client.post(address, {"action": "split", "person": "max maier", "evening": third.pk})
    assert table(cup_world.cup) == [
        ("Sepp Huber", "SK Au", 56),
        ("Anna Berg", "", 42),
        ("Max Maier", "SC Bärnau", 40),
        ("Max Maier", "SK Au", 15),
    ]
    kinds = list(CupEvent.objects.values_list("kind", flat=True))
    assert kinds == [CupEvent.Kind.MERGED, CupEvent.Kind.SPLIT]
    page = client.get(address).content.decode()
    assert "von Max Maier abgetrennt" in page


def test_two_who_played_the_same_evening_are_not_merged(persons_world):
    cup_world, client, address, _evenings = persons_world
    response = client.post(
        address, {"action": "merge", "keep": "anna berg", "other": "max maier"}, follow=True
    )
    assert "am selben Abend gespielt" in response.content.decode()
    assert CupEvent.objects.count() == 0
    assert len(table(cup_world.cup)) == 4
    single = client.post(
        address, {"action": "split", "person": "sepp huber", "evening": 0}, follow=True
    )
    assert "abzutrennen" in single.content.decode()
    assert CupEvent.objects.count() == 0


def test_a_proposal_kept_apart_is_not_proposed_again_and_the_table_stays(persons_world):
    cup_world, client, address, _evenings = persons_world
    cup = cup_world.cup
    page = client.get(address).content.decode()
    assert "Zwei Personen: nicht mehr vorschlagen" in page
    response = client.post(
        address, {"action": "apart", "keep": "josef huber", "other": "sepp huber"}, follow=True
    )
    page = response.content.decode()
    assert "Auseinander gehalten: Die beiden werden nicht mehr vorgeschlagen." in page
    assert "Keine möglichen Doppelten." in page
    assert merges_proposed(cup_persons(cup), kept_apart(cup)) == []
    assert list(CupApart.objects.values_list("first", "second")) == [("josef huber", "sepp huber")]
    event = CupEvent.objects.get(cup=cup)
    assert event.kind == CupEvent.Kind.APART
    assert event.detail == "Josef Huber und Sepp Huber sind zwei Personen: nicht mehr vorgeschlagen"
    assert "auseinander gehalten" in page  # the history names the step
    assert len(table(cup)) == 4
    # A merge by hand stays possible.
    client.post(address, {"action": "merge", "keep": "sepp huber", "other": "josef huber"})
    assert ("Sepp Huber", "SK Au", 56) in table(cup)


def test_one_person_is_not_kept_apart_from_itself(persons_world):
    _cup_world, client, address, _evenings = persons_world
    response = client.post(
        address, {"action": "apart", "keep": "anna berg", "other": "anna berg"}, follow=True
    )
    assert "Wähle zwei verschiedene Personen." in response.content.decode()
    assert CupApart.objects.count() == 0 and CupEvent.objects.count() == 0


def test_a_split_is_not_proposed_to_be_merged_back(persons_world):
    cup_world, client, address, (_first, second, _third) = persons_world
    cup = cup_world.cup
    client.post(address, {"action": "split", "person": "anna berg", "evening": second.pk})
    back = [(a.name, b.name) for a, b in merges_proposed(cup_persons(cup))]
    assert ("Anna Berg", "Anna Berg") in back  # what the matching alone would propose
    shown = [(a.name, b.name) for a, b in merges_proposed(cup_persons(cup), kept_apart(cup))]
    assert shown == [("Josef Huber", "Sepp Huber")]
    proposals = client.get(address).content.decode().split('class="cup-proposals"')[1]
    assert "Anna Berg" not in proposals.split("</ul>")[0]
