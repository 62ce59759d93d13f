"""Robots at the public registration (issue 26): registrations per address and per tournament
and hour are limited (429 with the time to come back, nothing stored), and a robot that fills
the hidden field gets exactly the answer a registration gets, with nothing stored."""

from __future__ import annotations

import re

import pytest
from django.test import Client, override_settings

from tests.checkin.helpers import open_with, url
from tournament.models import PendingRegistration

pytestmark = pytest.mark.django_db

TOKEN = re.compile(r'name="csrfmiddlewaretoken" value="[^"]+"')


def post(door, name: str, address: str = "192.0.2.1", forwarded: str = "", **extra):
    values = {"name": name, "club": "Aßling", "email": "", "full_name_public": "0", **extra}
    client = Client(REMOTE_ADDR=address, HTTP_X_FORWARDED_FOR=forwarded)
    return client.post(url(door), values)


def page(response, name: str) -> str:
    """The body without the visitor's name and the form tokens (random in every answer)."""
    return TOKEN.sub("", response.content.decode()).replace(name, "NAME")


def refused(response) -> bool:
    text = response.content.decode()
    wait = int(response["Retry-After"])
    return (
        response.status_code == 429
        and 0 < wait <= 3600
        and "Zu viele Anmeldungen" in text
        and "Es wurde nichts gespeichert. Bitte versuche es nach" in text
    )


@override_settings(REGISTRATION_LIMIT_PER_ADDRESS=2, REGISTRATION_LIMIT_PER_TOURNAMENT=0)
def test_an_address_over_its_limit_gets_429_and_nothing_is_stored(door):
    open_with(door, None)
    assert post(door, "Burgi Schex").status_code == 200
    assert post(door, "Michl Huber").status_code == 200
    third = post(door, "Wiggerl Brandl")
    assert refused(third)
    assert not door.players.filter(name="Wiggerl Brandl").exists()
    assert door.players.count() == 12
    assert post(door, "Wiggerl Brandl", address="192.0.2.2").status_code == 200  # another one


@override_settings(REGISTRATION_LIMIT_PER_ADDRESS=2, REGISTRATION_LIMIT_PER_TOURNAMENT=0)
def test_behind_our_proxy_each_forwarded_address_counts_alone(door):
    open_with(door, None)
    for n in range(3):
        forwarded = f"203.0.113.7, 198.51.100.{n}"  # the first one the visitor's to invent
        response = post(door, f"Gast Nummer{n}", address="127.0.0.1", forwarded=forwarded)
        assert response.status_code == 200
    assert door.players.count() == 13
    assert (
        post(door, "Gast Nummer8", address="127.0.0.1", forwarded="198.51.100.0").status_code == 200
    )
    assert refused(post(door, "Gast Nummer9", address="127.0.0.1", forwarded="198.51.100.0"))


@override_settings(REGISTRATION_LIMIT_PER_ADDRESS=0, REGISTRATION_LIMIT_PER_TOURNAMENT=3)
def test_a_tournament_over_its_limit_gets_429_from_every_address(door):
    open_with(door, None)
    for n in range(3):
        assert post(door, f"Gast Nummer{n}", address=f"192.0.2.{n}").status_code == 200
    response = post(door, "Gast Nummer9", address="192.0.2.9")
    assert refused(response)
    assert door.players.count() == 13


@override_settings(REGISTRATION_LIMIT_PER_ADDRESS=1, REGISTRATION_LIMIT_PER_TOURNAMENT=0)
def test_a_robot_over_the_limit_meets_the_limit_like_everybody(door):
    open_with(door, None)
    assert post(door, "Spam Bot", website="http://spam.example").status_code == 200
    assert refused(post(door, "Burgi Schex"))
    assert refused(post(door, "Spam Bot", website="http://spam.example"))
    assert door.players.count() == 10


def test_the_robots_answer_equals_a_registrations_without_mail(door):
    open_with(door, None)
    real = post(door, "Burgi Schex", address="192.0.2.1")
    robot = post(door, "Spam Bota", address="192.0.2.2", website="http://spam.example")
    assert (robot.status_code, page(robot, "Spam Bota")) == (200, page(real, "Burgi Schex"))
    assert "Danke, NAME: Deine Anmeldung ist angekommen." in page(real, "Burgi Schex")
    assert door.players.filter(name="Burgi Schex").exists()
    assert not door.players.filter(name="Spam Bota").exists()


@override_settings(EMAIL_CONFIGURED=True)
def test_the_robots_answer_equals_a_registrations_with_mail(door, mailoutbox):
    open_with(door, None)
    real = post(door, "Burgi Schex", address="192.0.2.1", email="burgi@example.org")
    robot = post(
        door, "Spam Bota", address="192.0.2.2", email="bot@example.org", website="http://x.example"
    )
    assert (robot.status_code, page(robot, "Spam Bota")) == (200, page(real, "Burgi Schex"))
    assert "Wir haben Dir eine E-Mail geschickt" in page(real, "Burgi Schex")
    assert [m.to for m in mailoutbox] == [["burgi@example.org"]]
    assert list(PendingRegistration.objects.values_list("name", flat=True)) == ["Burgi Schex"]
    assert door.players.count() == 10  # no place before the confirmation
