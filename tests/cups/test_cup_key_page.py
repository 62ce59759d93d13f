"""The organiser's cup key page: the key made once by its POST (never by a GET), shown as
fingerprint and code, its key file, and the signed cup file of each finished tournament; an
unfinished tournament gets no file, with the reason in German, on the page and on the command
line."""

from __future__ import annotations

import json

import pytest
from django.core.management import CommandError, call_command
from django.test import Client
from django.urls import reverse

from tests.cups.helpers import envelope_of, payload_of
from tournament.cups.signing import fingerprint
from tournament.models import CupSigningKey, Durchgang

pytestmark = pytest.mark.django_db


def keeper_of(cup_world, slug):
    client = Client()
    client.force_login(cup_world.keepers[slug])
    return client


def test_the_key_is_made_by_the_pages_post_only_and_shown_with_its_file(cup_world):
    client = keeper_of(cup_world, "pokalverein")
    address = reverse("manage:cup_key", args=["pokalverein"])
    page = client.get(address)
    assert "Pokal-Schlüssel anlegen" in page.content.decode()
    assert not CupSigningKey.objects.filter(organiser=cup_world.owner).exists()
    assert client.post(address).status_code == 302
    key = CupSigningKey.objects.get(organiser=cup_world.owner)
    text = client.get(address).content.decode()
    assert fingerprint(key.public_key) in text and key.public_key in text
    assert key.private_key not in text
    client.post(address)  # a second POST makes no second key
    assert CupSigningKey.objects.get(organiser=cup_world.owner).public_key == key.public_key
    file = client.get(reverse("manage:cup_key_file", args=["pokalverein"]))
    content = json.loads(file.content)
    assert content["public_key"] == key.public_key and key.private_key not in file.content.decode()


def test_a_finished_tournament_has_its_signed_cup_file_to_download(cup_world):
    client = keeper_of(cup_world, "heimverein")
    page = client.get(reverse("manage:cup_key", args=["heimverein"])).content.decode()
    export = reverse("manage:cup_export", args=["heimverein", "beispielturnier-2026"])
    assert export in page
    response = client.get(export)
    assert response["Content-Disposition"].endswith('beispielturnier-2026-pokal.json"')
    envelope = envelope_of(response.content)
    assert envelope["key"] == fingerprint(cup_world.home.public_key)
    assert payload_of(response.content)["evening"]["name"] == "Beispielturnier 2026"


def test_an_unfinished_tournament_gets_no_cup_file(cup_world):
    tournament = cup_world.home_tournament
    tournament.number_of_durchgaenge = 3  # the third Durchgang is not played
    tournament.save(update_fields=["number_of_durchgaenge"])
    assert Durchgang.objects.filter(tournament=tournament).count() == 2
    client = keeper_of(cup_world, "heimverein")
    export = reverse("manage:cup_export", args=["heimverein", tournament.slug])
    assert export not in client.get(reverse("manage:cup_key", args=["heimverein"])).content.decode()
    page = client.get(export, follow=True).content.decode()
    assert "Beispielturnier 2026 ist nicht fertig" in page
    with pytest.raises(CommandError, match="nicht fertig"):
        call_command("cup_export", tournament.slug, "--output", "/dev/null")


def test_another_organisers_tournament_has_no_cup_file_here(cup_world):
    client = keeper_of(cup_world, "heimverein")
    export = reverse("manage:cup_export", args=["heimverein", cup_world.guest_tournament.slug])
    assert client.get(export).status_code == 404
