"""The public registration form without mail: closed unless switched on, a place or the waiting
list, the publication choice, a place freed moving the first waiting player up, bad input in
German. (Trust in what the public types: test_registration_trust.py; limits and the robots'
field: test_registration_limits.py; the confirmation by e-mail: test_registration_mail.py.)"""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from tests.checkin.helpers import open_with, register, url
from tournament.draw.services import durchgang_draw
from tournament.models import Person
from tournament.registration.services import player_withdraw

pytestmark = pytest.mark.django_db


def test_the_form_is_closed_until_the_supervisor_opens_it(door):
    page = Client().get(url(door)).content.decode()
    assert "Die Anmeldung zu diesem Turnier ist geschlossen." in page
    response = register(door, "Done Kreuzer")
    assert response.status_code == 400 and door.players.count() == 10
    ranking = Client().get(reverse("tournament:ranking", args=[door.slug])).content.decode()
    assert "Zu diesem Turnier anmelden" not in ranking


def test_a_registration_gets_a_start_number_then_the_waiting_list(door):
    open_with(door, 11)
    page = Client().get(reverse("tournament:ranking", args=[door.slug])).content.decode()
    assert "Zu diesem Turnier anmelden" in page
    form = Client().get(url(door)).content.decode()
    assert "Die Turnierleitung bestätigt Deine Anmeldung." in form
    first = register(door, "Done Kreuzer", "Aßling", "1").content.decode()
    assert "Danke, Done Kreuzer: Deine Anmeldung ist angekommen." in first
    register(door, "Burgi Schex")
    register(door, "Michl Huber")
    done = door.players.get(name="Done Kreuzer")
    assert done.start_number == 11 and done.waiting_since is None and done.publish_full_name
    burgi, michl = door.players.get(name="Burgi Schex"), door.players.get(name="Michl Huber")
    assert burgi.waiting_since is not None and michl.waiting_since > burgi.waiting_since
    assert not burgi.publish_full_name and burgi.initial_only
    # The public form puts nobody into the register: the organiser does (test_registration_trust).
    assert not Person.objects.filter(name__in=["Done Kreuzer", "Burgi Schex"]).exists()
    assert door.players.filter(registered_online_at__isnull=False, person=None).count() == 3


def test_a_place_freed_moves_the_first_waiting_player_up(door):
    open_with(door, 10)
    register(door, "Burgi Schex")
    register(door, "Michl Huber")
    player_withdraw(player=door.players.get(start_number=3))
    assert door.players.get(name="Burgi Schex").waiting_since is None
    assert door.players.get(name="Michl Huber").waiting_since is not None
    open_with(door, 11)  # one place more: the next one moves up
    assert door.players.get(name="Michl Huber").waiting_since is None


def test_waiting_players_are_never_drawn(door, clerk):
    open_with(door, 10)
    register(door, "Burgi Schex")
    door.check_in = False
    door.save(update_fields=["check_in"])
    durchgang_draw(tournament=door, number=1, seed="w")
    seated = door.players.filter(seats__isnull=False).values_list("name", flat=True)
    assert "Burgi Schex" not in seated and len(seated) == 10
    assert "geschlossen" in Client().get(url(door)).content.decode()  # drawn: closed


def test_bad_input_is_refused_in_german_and_stores_nothing(door):
    open_with(door, None)
    response = register(door, "   ", email="keine-adresse")
    page = response.content.decode()
    assert response.status_code == 400
    assert "Dieses Feld ist zwingend erforderlich." in page
    assert "Bitte gültige E-Mail-Adresse eingeben." in page
    assert door.players.count() == 10
