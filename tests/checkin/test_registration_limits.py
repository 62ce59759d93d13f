"""Robots at the public registration: registrations per source (an IPv4 address, an IPv6 /64)
and per tournament and hour are limited (429 with the time to come back, nothing stored), a
robot that fills the hidden field gets exactly the answer a registration gets, with nothing
stored, and neither robots nor registrations waiting for their confirmation use up the
tournament's hour that real visitors of other sources need."""

from __future__ import annotations

import re

import pytest
from django.test import Client, override_settings

from tests.checkin.helpers import open_with, url
from tournament.checkin.confirmation import key_hash
from tournament.models import PendingRegistration

pytestmark = pytest.mark.django_db

TOKEN = re.compile(r'name="csrfmiddlewaretoken" value="[^"]+"')
LINK = re.compile(r"/turnier/kirta/anmeldung/bestaetigen/[A-Za-z0-9_-]+/")
ROBOT = {"website": "http://spam.example"}


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


@override_settings(REGISTRATION_LIMIT_PER_ADDRESS=5, REGISTRATION_LIMIT_PER_TOURNAMENT=60)
def test_robots_of_one_ipv6_network_lock_out_that_network_alone(door):
    """61 posts of robots from the addresses of one /64: its five of the hour, and the real
    visitors of other networks register as if they had never come."""
    open_with(door, None)
    answers = [post(door, "Spam Bota", address=f"2001:db8:7:1::{n:x}", **ROBOT) for n in range(61)]
    assert [a.status_code for a in answers[:5]] == [200] * 5
    assert all(refused(a) for a in answers[5:])
    assert refused(post(door, "Burgi Schex", address="2001:db8:7:1:ffff:1:2:3"))  # the same /64
    assert post(door, "Burgi Schex", address="2001:db8:7:2::1").status_code == 200
    assert post(door, "Michl Huber", address="198.51.100.7").status_code == 200
    assert sorted(door.players.filter(start_number__gt=10).values_list("name", flat=True)) == [
        "Burgi Schex",
        "Michl Huber",
    ]


@override_settings(REGISTRATION_LIMIT_PER_ADDRESS=2, REGISTRATION_LIMIT_PER_TOURNAMENT=0)
def test_an_ipv4_address_written_as_ipv6_counts_as_that_address(door):
    open_with(door, None)
    assert post(door, "Burgi Schex", address="192.0.2.1").status_code == 200
    assert post(door, "Michl Huber", address="::ffff:192.0.2.1").status_code == 200
    assert refused(post(door, "Wiggerl Brandl", address="::ffff:c000:201"))
    assert post(door, "Wiggerl Brandl", address="::ffff:192.0.2.2").status_code == 200


@override_settings(REGISTRATION_LIMIT_PER_ADDRESS=2, REGISTRATION_LIMIT_PER_TOURNAMENT=0)
def test_behind_our_proxy_a_forwarded_ipv6_network_counts_as_one(door):
    open_with(door, None)
    for n in range(2):
        forwarded = f"2001:db8:9:9::{n + 1}"
        response = post(door, f"Gast Nummer{n}", address="127.0.0.1", forwarded=forwarded)
        assert response.status_code == 200
    assert refused(post(door, "Gast Nummer8", address="127.0.0.1", forwarded="2001:db8:9:9::99"))
    other = post(door, "Gast Nummer9", address="127.0.0.1", forwarded="2001:db8:9:a::1")
    assert other.status_code == 200
    assert door.players.count() == 13


@override_settings(REGISTRATION_LIMIT_PER_ADDRESS=0, REGISTRATION_LIMIT_PER_TOURNAMENT=2)
def test_robots_use_none_of_the_tournaments_hour(door):
    open_with(door, None)
    for n in range(5):
        assert post(door, "Spam Bota", address=f"192.0.2.{n}", **ROBOT).status_code == 200
    assert post(door, "Burgi Schex", address="198.51.100.1").status_code == 200
    assert post(door, "Michl Huber", address="198.51.100.2").status_code == 200
    assert refused(post(door, "Wiggerl Brandl", address="198.51.100.3"))
    assert refused(post(door, "Spam Bota", address="192.0.2.99", **ROBOT))  # full: like anybody
    assert door.players.count() == 12


@override_settings(
    EMAIL_CONFIGURED=True, REGISTRATION_LIMIT_PER_ADDRESS=0, REGISTRATION_LIMIT_PER_TOURNAMENT=2
)
def test_with_mail_the_tournaments_hour_counts_confirmations_not_posts(door, mailoutbox):
    open_with(door, None)
    for n in range(4):
        email = f"gast{n}@example.org"
        response = post(door, f"Gast Nummer{n}", address=f"192.0.2.{n}", email=email)
        assert response.status_code == 200
    links = [LINK.search(m.body).group(0) for m in mailoutbox]
    assert [Client().post(link).status_code for link in links[:2]] == [200, 200]
    third = Client().post(links[2])
    assert refused(third)
    assert door.players.count() == 12  # the third holds no place, and may confirm later
    key = links[2].rstrip("/").rsplit("/", 1)[1]
    assert PendingRegistration.objects.filter(key=key_hash(key)).exists()


@override_settings(
    EMAIL_CONFIGURED=True, REGISTRATION_LIMIT_PER_ADDRESS=0, REGISTRATION_LIMIT_PER_TOURNAMENT=2
)
def test_a_refused_confirmation_uses_none_of_the_tournaments_hour(door, mailoutbox):
    open_with(door, None)
    for n, email in enumerate(("ich@example.org", "ICH+zwei@example.org", "du@example.org")):
        post(door, f"Gast Nummer{n}", address=f"192.0.2.{n}", email=email)
    first, same_mailbox, other = [LINK.search(m.body).group(0) for m in mailoutbox]
    assert Client().post(first).status_code == 200
    for _attempt in range(3):  # the mailbox has its player: refused, and counted nowhere
        assert Client().post(same_mailbox).status_code == 400
    assert Client().post(other).status_code == 200
    assert door.players.count() == 12
    assert refused(post(door, "Gast Nummer9", address="192.0.2.9", email="er@example.org"))
