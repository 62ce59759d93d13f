"""A tournament cannot be filled from one keyboard: one mailbox (however its address is
written: case, a `+tag`, Gmail's dots) registers one player of a tournament
(`REGISTRATION_LIMIT_PER_MAILBOX`), one source five an hour, and the organiser can keep the
last places for the Turnierleitung, who gives them at the door."""

from __future__ import annotations

import re

import pytest
from django.test import Client, override_settings
from django.urls import reverse

from tests.checkin.helpers import open_with, url
from tournament.checkin.mailbox import mailbox_of

pytestmark = pytest.mark.django_db

LINK = re.compile(r"/turnier/kirta/anmeldung/bestaetigen/[A-Za-z0-9_-]+/")
TAKEN = "Mit dieser E-Mail-Adresse sind schon so viele Spieler zu diesem Turnier angemeldet"


def post(door, name: str, email: str = "", address: str = "192.0.2.1"):
    values = {"name": name, "club": "Aßling", "email": email, "full_name_public": "0"}
    return Client(REMOTE_ADDR=address).post(url(door), values)


def asking(mailoutbox) -> list:
    """The mails asking to confirm (not the confirmations)."""
    return [m for m in mailoutbox if m.subject.startswith("Bitte bestätige")]


def confirm(mail) -> str:
    """The confirmation of the mail's link: the page's text."""
    visitor = Client()
    asked = visitor.get(LINK.search(mail.body).group(0))
    return visitor.post(asked["Location"]).content.decode()


@pytest.mark.parametrize(
    ("email", "mailbox"),
    [
        ("Josef.Huber@Example.ORG", "josef.huber@example.org"),
        ("josef.huber+kirta@example.org", "josef.huber@example.org"),
        ("josef.huber+a+b@example.org", "josef.huber@example.org"),
        ("j.o.sef+x@GoogleMail.com", "josef@gmail.com"),
        ("jo.sef@gmail.com", "josef@gmail.com"),
        ("jo.sef@example.org", "jo.sef@example.org"),  # dots stay outside Gmail
        ("  sepp@grafing.de ", "sepp@grafing.de"),
    ],
)
def test_one_mailbox_however_its_address_is_written(email, mailbox):
    assert mailbox_of(email) == mailbox


@override_settings(EMAIL_CONFIGURED=True)
def test_a_mailbox_registers_one_player_whatever_its_tags_and_case(door, mailoutbox):
    open_with(door, None)
    assert post(door, "Burgi Schex", "burgi+kirta@example.org").status_code == 200
    assert post(door, "Michl Huber", "Burgi+zwei@Example.ORG", "192.0.2.2").status_code == 200
    assert post(door, "Vevi Kainz", "wast@example.org", "192.0.2.3").status_code == 200
    first, second, other = asking(mailoutbox)
    assert "Du bist angemeldet: Startnummer 11." in confirm(first)
    refused = confirm(second)
    assert TAKEN in refused and "(1)" in refused
    assert "Du bist angemeldet: Startnummer 12." in confirm(other)
    assert not door.players.filter(name="Michl Huber").exists()
    # Withdrawn, the mailbox may register again.
    door.players.filter(name="Burgi Schex").update(withdrawn=True)
    assert post(door, "Michl Huber", "burgi+drei@example.org", "192.0.2.4").status_code == 200
    assert "Du bist angemeldet: Startnummer 13." in confirm(asking(mailoutbox)[-1])


@override_settings(EMAIL_CONFIGURED=True, REGISTRATION_LIMIT_PER_MAILBOX=2)
def test_the_installation_may_let_a_mailbox_register_two(door, mailoutbox):
    open_with(door, None)
    for n, name in enumerate(("Burgi Schex", "Michl Huber", "Vevi Kainz")):
        post(door, name, "familie@example.org", f"192.0.2.{n}")
    assert [TAKEN in confirm(mail) for mail in asking(mailoutbox)] == [False, False, True]
    assert door.players.count() == 12


@override_settings(EMAIL_CONFIGURED=True)
def test_twelve_registrations_from_one_keyboard_take_one_place(door, mailoutbox):
    """One /64, one domain, a plus-address each: the source's five of the hour, and of those
    one player; the last places wait for the Turnierleitung anyway."""
    open_with(door, 18, reserved=2)  # ten registered: eight places, two of them kept
    answers = [
        post(door, f"Gast Nummer{n}", f"ich+{n}@example.org", f"2001:db8:5:5::{n + 1}")
        for n in range(12)
    ]
    assert [a.status_code for a in answers] == [200] * 5 + [429] * 7
    pages = [confirm(mail) for mail in asking(mailoutbox)]
    assert sum(TAKEN in page for page in pages) == 4
    assert door.players.count() == 11


def test_the_settings_keep_the_last_places_for_the_turnierleitung(door, boss):
    page_url = reverse("manage:door_settings", args=[door.slug])
    assert "Letzte Plätze nur durch die Turnierleitung" in boss.get(page_url).content.decode()
    values = {"entry_fee": "12,50", "check_in": "on", "registration_open": "on"}
    no_limit = boss.post(page_url, {**values, "registration_reserved": "2"})
    assert "Bitte zuerst die Zahl der Plätze angeben" in no_limit.content.decode()
    too_many = boss.post(
        page_url, {**values, "registration_limit": "4", "registration_reserved": "5"}
    )
    assert "Höchstens so viele, wie es Plätze gibt (4)." in too_many.content.decode()
    door.refresh_from_db()
    assert door.registration_reserved == 0
    saved = boss.post(
        page_url, {**values, "registration_limit": "12", "registration_reserved": "1"}
    )
    assert saved.status_code == 302
    door.refresh_from_db()
    assert (door.registration_limit, door.registration_reserved) == (12, 1)
    assert boss.post(page_url, {**values, "registration_limit": "12"}).status_code == 302
    door.refresh_from_db()
    assert door.registration_reserved == 0  # left empty: every place by the form


def test_past_the_forms_places_the_door_gives_the_kept_ones(door, helper):
    open_with(door, 12, reserved=1)  # ten registered: one place for the form, one kept
    for name in ("Burgi Schex", "Michl Huber", "Vevi Kainz"):
        assert post(door, name).status_code == 200
    burgi, michl, wast = (
        door.players.get(name=n) for n in ("Burgi Schex", "Michl Huber", "Vevi Kainz")
    )
    assert burgi.waiting_since is None
    assert michl.waiting_since is not None and wast.waiting_since is not None

    door_url = reverse("manage:checkin", args=[door.slug])
    checkin = reverse("manage:checkin_player", args=[door.slug, michl.pk])
    assert checkin in helper.get(door_url).content.decode()  # a place is free: the door offers it
    page = helper.post(checkin, {"action": "cash"}, follow=True).content.decode()
    assert "Nr. 12 Michl Huber eingecheckt" in page
    michl.refresh_from_db()
    assert michl.waiting_since is None and michl.checked_in_at is not None

    wast_checkin = reverse("manage:checkin_player", args=[door.slug, wast.pk])
    assert wast_checkin not in helper.get(door_url).content.decode()  # every place taken
    page = helper.post(wast_checkin, {"action": "cash"}, follow=True).content.decode()
    assert "Vevi Kainz steht auf der Warteliste." in page
    wast.refresh_from_db()
    assert wast.waiting_since is not None and wast.checked_in_at is None


def test_a_place_freed_goes_to_the_waiting_list_only_outside_the_kept_ones(door):
    open_with(door, 12, reserved=1)  # ten registered: the form's eleventh place, one kept
    for name in ("Burgi Schex", "Michl Huber", "Vevi Kainz"):
        post(door, name)
    door.players.filter(start_number=1).update(withdrawn=True)
    open_with(door, 12, reserved=1)  # saved again: the freed place goes to the first waiting
    waiting = door.players.filter(waiting_since__isnull=False, withdrawn=False)
    assert list(waiting.values_list("name", flat=True)) == ["Vevi Kainz"]  # the 12th is kept
    open_with(door, 12, reserved=0)
    assert not waiting.exists()
