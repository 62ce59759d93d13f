"""What the public registration may not do: a stranger typing a known person's name and club
joins neither that person's results nor changes what the register holds
(docs/security.md, *Trust boundaries*). The organiser confirms who a registered player is, on
the door's page and on the players page."""

from __future__ import annotations

import json

import pytest
from django.test import Client
from django.urls import reverse

from tests.checkin.helpers import open_with, register
from tournament.models import Organiser, Person
from tournament.persons.services import organiser_of, person_create, person_update

pytestmark = pytest.mark.django_db


@pytest.fixture
def josef(door) -> Person:
    """Josef Huber of SK Grafing, in the register: his full name public, his own e-mail."""
    return person_create(
        organiser=organiser_of(door),
        name="Josef Huber",
        club="SK Grafing",
        email="josef@example.org",
        publication=Person.Publication.FULL,
    )


def export(boss, person) -> dict:
    url = reverse("manage:person_export", args=[person.organiser.slug, person.pk])
    return json.loads(boss.get(url).content)


def link_url(door, player) -> str:
    return reverse("manage:registration_link", args=[door.slug, player.pk])


def test_a_known_name_typed_by_a_stranger_changes_nothing_of_the_person(door, josef, boss):
    open_with(door, None)
    persons = Person.objects.count()
    response = register(door, "josef  HUBER", "SK Grafing", "0", email="fremd@example.org")
    assert response.status_code == 200
    josef.refresh_from_db()
    assert josef.publication == Person.Publication.FULL
    assert josef.email == "josef@example.org"
    assert josef.name == "Josef Huber" and josef.club == "SK Grafing"
    player = door.players.get(start_number=11)
    assert player.person is None and player.email == "fremd@example.org"
    assert player.public_name == "josef H."  # the stranger's own choice: the initial only
    assert Person.objects.count() == persons  # nobody new in the register either
    assert [e["tournament"] for e in export(boss, josef)["tournaments"]] == []


def test_the_door_offers_the_registers_match_and_the_organiser_links_it(door, josef, helper, boss):
    open_with(door, None)
    register(door, "Sepp Huber", "SK Grafing", "1", email="sepp@example.org")
    register(door, "Burgi Schex", "Aßling")
    page = helper.get(reverse("manage:checkin", args=[door.slug])).content.decode()
    assert "Online-Anmeldungen: mit der Kartei verknüpfen" in page
    assert "mit Josef Huber, SK Grafing verknüpfen" in page  # Sepp = Josef, the same club
    assert "Kein Treffer in der Kartei." in page  # Burgi Schex
    assert "sepp@example.org" in page
    sepp = door.players.get(name="Sepp Huber", club="SK Grafing")

    response = helper.post(link_url(door, sepp), {"person": josef.pk, "back": "door"})
    assert response.status_code == 302
    assert response["Location"] == reverse("manage:checkin", args=[door.slug])
    sepp.refresh_from_db()
    josef.refresh_from_db()
    assert sepp.person == josef and sepp.publish_full_name  # both chose the full name
    assert josef.email == "josef@example.org" and josef.publication == Person.Publication.FULL
    assert [e["start_number"] for e in export(boss, josef)["tournaments"]] == [sepp.start_number]
    page = helper.get(reverse("manage:checkin", args=[door.slug])).content.decode()
    assert "mit Josef Huber, SK Grafing verknüpfen" not in page


def test_a_linked_player_who_asked_for_the_initial_keeps_it(door, josef, boss):
    open_with(door, None)
    register(door, "Josef Huber", "SK Grafing", "0")
    player = door.players.get(start_number=11)
    boss.post(link_url(door, player), {"person": josef.pk, "back": "players"})
    player.refresh_from_db()
    assert player.person == josef and player.public_name == "Josef H."
    josef.refresh_from_db()
    assert josef.publication == Person.Publication.FULL  # the register's choice unchanged
    # The organiser changes the person later: the player's choice still holds.
    person_update(person=josef, name=josef.name, club=josef.club, publication="full")
    player.refresh_from_db()
    assert player.public_name == "Josef H."


def test_the_players_page_puts_a_registration_into_the_register_as_a_new_person(door, boss):
    open_with(door, None)
    register(door, "Burgi Schex", "Aßling", "1", email="burgi@example.org")
    players_url = reverse("manage:players", args=[door.slug])
    page = boss.get(players_url).content.decode()
    assert "Neue Person der Kartei" in page
    burgi = door.players.get(name="Burgi Schex")
    response = boss.post(link_url(door, burgi), {"action": "new", "back": "players"})
    assert response.status_code == 302 and response["Location"] == players_url
    burgi.refresh_from_db()
    person = burgi.person
    assert person is not None
    assert (person.name, person.club, person.email) == (
        "Burgi Schex",
        "Aßling",
        "burgi@example.org",
    )
    assert person.publication == Person.Publication.FULL
    assert "Neue Person der Kartei" not in boss.get(players_url).content.decode()


def test_a_person_of_another_register_cannot_be_linked(door, helper):
    open_with(door, None)
    register(door, "Josef Huber", "SK Grafing")
    other = Organiser.objects.create(name="Anderer Verein", slug="anderer")
    stranger = person_create(organiser=other, name="Josef Huber", club="SK Grafing")
    player = door.players.get(start_number=11)
    response = helper.post(link_url(door, player), {"person": stranger.pk, "back": "door"})
    assert response.status_code == 404
    player.refresh_from_db()
    assert player.person is None


def test_an_anonymous_visitor_cannot_link(door, josef):
    open_with(door, None)
    register(door, "Josef Huber", "SK Grafing")
    player = door.players.get(start_number=11)
    response = Client().post(link_url(door, player), {"person": josef.pk})
    assert response.status_code == 302 and "/login/" in response["Location"]
    player.refresh_from_db()
    assert player.person is None


def test_the_staff_see_the_email_typed_on_the_players_page(door, boss):
    open_with(door, None)
    register(door, "Burgi Schex", "Aßling", email="burgi@example.org")
    player = door.players.get(name="Burgi Schex")
    page = boss.get(reverse("manage:player_edit", args=[door.slug, player.pk])).content.decode()
    assert "Über das öffentliche Formular angemeldet am" in page
    assert "Angegebene E-Mail: burgi@example.org" in page
