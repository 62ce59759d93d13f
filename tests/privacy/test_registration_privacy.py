"""What the public registration keeps is covered by the person's export and erasure and by the
retention: the e-mail typed on the form, the withdrawal key, the registrations still waiting."""

from __future__ import annotations

import datetime
import json
from io import StringIO

import pytest
from django.core.management import call_command
from django.test import Client
from django.urls import reverse

from tournament.checkin.confirmation import registration_pending_add
from tournament.checkin.services import registration_add
from tournament.exchange.interchange.importer import tournament_import
from tournament.models import Membership, PendingRegistration
from tournament.persons.privacy import person_erase, tournament_anonymise
from tournament.persons.services import person_from_player

pytestmark = pytest.mark.django_db


@pytest.fixture
def open_door(supervisor):
    """A tournament of four players, its public registration open."""
    tournament = tournament_import(
        {
            "format": "schafkopf-turnier",
            "version": 1,
            "tournament": {"slug": "dult", "name": "Dultturnier", "date": "2026-11-29"},
            "players": [{"id": str(n), "name": f"Spieler {n}"} for n in range(1, 5)],
        }
    )
    tournament.registration_open = True
    tournament.save(update_fields=["registration_open"])
    Membership.objects.create(tournament=tournament, user=supervisor, role="supervisor")
    return tournament


def registered(tournament):
    return registration_add(
        tournament=tournament,
        name="Burgi Schex",
        club="Aßling",
        email="burgi@example.org",
        withdraw_key="a" * 64,
    ).player


def test_the_export_of_the_linked_person_holds_the_email_typed(open_door, supervisor):
    player = registered(open_door)
    person = person_from_player(player=player)
    person.organiser.staff.add(supervisor)  # the organiser's staff keeps the register
    boss = Client()
    boss.force_login(supervisor)
    url = reverse("manage:person_export", args=[person.organiser.slug, person.pk])
    data = json.loads(boss.get(url).content)
    assert data["person"]["email"] == "burgi@example.org"
    [entry] = data["tournaments"]
    assert entry["tournament"] == "Dultturnier" and entry["email"] == "burgi@example.org"
    assert entry["registered_online_at"] is not None


def test_erasure_takes_the_email_and_the_withdrawal_link_off_the_player(open_door, supervisor):
    player = registered(open_door)
    person = person_from_player(player=player)
    person_erase(person=person, by=supervisor)
    player.refresh_from_db()
    assert (player.name, player.email, player.withdraw_key) == ("gelöscht", "", "")


def test_anonymising_takes_the_emails_and_deletes_the_registrations_waiting(open_door):
    player = registered(open_door)  # never linked: only the tournament holds it
    registration_pending_add(
        tournament=open_door,
        name="Michl Huber",
        club="",
        email="michl@example.org",
        full_name_public=False,
        language="de",
    )
    tournament_anonymise(open_door)
    player.refresh_from_db()
    assert (player.email, player.withdraw_key) == ("", "")
    assert player.name == f"Spieler {player.start_number}"
    assert not PendingRegistration.objects.exists()


def test_retention_deletes_only_the_registrations_expired(open_door, settings):
    settings.REGISTRATION_CONFIRM_HOURS = 24
    for name in ("Burgi Schex", "Michl Huber"):
        registration_pending_add(
            tournament=open_door,
            name=name,
            club="",
            email="x@example.org",
            full_name_public=False,
            language="de",
        )
    old = datetime.datetime.now(datetime.UTC) - datetime.timedelta(hours=25)
    PendingRegistration.objects.filter(name="Burgi Schex").update(created_at=old)
    out = StringIO()
    call_command("retention", stdout=out)
    assert "1 nicht rechtzeitig bestätigte Anmeldung gelöscht." in out.getvalue()
    assert list(PendingRegistration.objects.values_list("name", flat=True)) == ["Michl Huber"]
