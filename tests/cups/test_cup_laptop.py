"""The evening on a laptop, sent to the cup on the server: a second installation (its own
SQLite database, `manage.py` in a process of its own) imports the example tournament, shows its
cup key (`cup_key --file`) and writes the signed cup file (`cup_export`); on this server the cup
organiser registers that key file for the member, and the member's keeper sends the file in.
Then the same file with one point changed is refused."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse

from tests.cups.helpers import file_altered
from tournament.models import CupEntry

pytestmark = [pytest.mark.django_db, pytest.mark.slow]

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "tests" / "data" / "beispielturnier-2026.json"


def laptop(db: Path, *args: str) -> str:
    env = dict(os.environ, DATABASE_URL=f"sqlite:///{db}", DJANGO_DEBUG="1")
    env["DJANGO_SETTINGS_MODULE"] = "config.settings"
    done = subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_a_cup_file_from_a_laptops_own_database_is_taken_by_the_server(cup_world, tmp_path):
    db, key_file, cup_file = tmp_path / "laptop.sqlite3", tmp_path / "key.json", tmp_path / "f"
    laptop(db, "migrate", "--noinput", "-v0")
    laptop(db, "import_tournament", str(EXAMPLE))
    shown = laptop(db, "cup_key", "--file", str(key_file))
    laptop(db, "cup_export", "beispielturnier-2026", "--output", str(cup_file))
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
