"""The evening on a laptop, sent to the cup on the server: a second installation (its own
SQLite database, in one process of its own: `laptop_run`) imports the example tournament, shows
its cup key (`cup_key --file`) and writes the signed cup file (`cup_export`); on this server the cup
organiser registers that key file for the member, and the member's keeper sends the file in.
Then the same file with one point changed is refused."""

from __future__ import annotations

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse

from tests.cups.helpers import file_altered, laptop_run
from tournament.models import CupEntry

pytestmark = [pytest.mark.django_db, pytest.mark.slow]


def test_a_cup_file_from_a_laptops_own_database_is_taken_by_the_server(cup_world, tmp_path):
    db, key_file, cup_file = tmp_path / "laptop.sqlite3", tmp_path / "key.json", tmp_path / "f"
    shown = laptop_run(db, key_file, cup_file)  # one process: migrate, import, key, export
    fingerprint = json.loads(key_file.read_text())["fingerprint"]
    assert fingerprint in shown

    owner = Client()
    owner.force_login(cup_world.keepers["pokalverein"])
    address = reverse(
        "manage:cup_member_key", args=["pokalverein", cup_world.cup.slug, cup_world.home.pk]
    )
    upload = SimpleUploadedFile("key.json", key_file.read_bytes())
    assert owner.post(address, {"key": "", "key_file": upload}).status_code == 302
    page = owner.get(reverse("manage:cup", args=["pokalverein", cup_world.cup.slug]))
    assert fingerprint in page.content.decode()

    member = Client()
    member.force_login(cup_world.keepers["heimverein"])
    address = reverse("manage:cup_upload", args=["heimverein", cup_world.cup.slug])
    data = cup_file.read_bytes()
    preview = member.post(address, {"file": SimpleUploadedFile("abend.json", data)})
    assert "Die Unterschrift ist gültig" in preview.content.decode()
    assert member.post(address, {"bestaetigt": "1"}).status_code == 302
    entry = CupEntry.objects.get(cup=cup_world.cup)
    assert (entry.member, entry.name, len(entry.standings)) == (
        cup_world.home,
        "Beispielturnier 2026",
        13,
    )

    def one_point_more(payload):
        payload["standings"][1]["points"] += 1

    altered = file_altered(data, one_point_more)
    refused = member.post(address, {"file": SimpleUploadedFile("abend.json", altered)})
    assert "nach dem Signieren verändert" in refused.content.decode()
