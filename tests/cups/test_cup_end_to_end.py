"""The cup end to end, as its users do it through the pages: three organisers on this server
(the cup organiser `pokalverein`, the members `heimverein` and `gastverein`) and a fourth club,
`laptopverein`, whose evening runs on a laptop with its own SQLite database (one process:
migrate, import the example tournament, make its cup key, write its cup file twice). The cup
organiser registers the laptop's key file; heimverein counts its hosted tournament; the laptop's
keeper sends the older file in, then the newer one replaces it. The public table equals the hand
computation below. Refused through the upload page, nothing stored: the file with one point
changed, a file signed by another member (gastverein's), and the old file again (a replay).

Then every cup page, as the keeper of each organiser: nothing of one member's register (e-mail,
phone) reaches another organiser, and the cup organiser sees the names and results the cup shows,
never a member's register."""

from __future__ import annotations

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse

from tests.cups.helpers import file_altered, laptop_run, sent
from tournament.cups.files import cup_file
from tournament.cups.services import cup_save, member_add
from tournament.cups.table import cup_table
from tournament.models import CupEntry, Organiser, Person, Tournament
from tournament.ranking.publication import ranking_publish

pytestmark = [pytest.mark.django_db, pytest.mark.slow]


#: The hand computation: placement points 10-8-6-5-4-3-2-1 of both evenings (the example
#: tournament hosted by heimverein, and the same evening played on the laptop): the places of
#: its final standings 1 to 8, each counted twice.
TABLE = [
    ("Michl Hofbauer 8", 20),
    ("Anna Maier 4", 16),
    ("Anna Hofbauer 12", 12),
    ("Lena Maier 9", 10),
    ("Anna Reiter 6", 8),
    ("Xaver Obermeier 7", 6),
    ("Sepp Wimmer 10", 4),
    ("Xaver Obermeier 2", 2),
]


@pytest.fixture(scope="module")
def laptop_files(tmp_path_factory):
    """The laptop's key file and two cup files of its evening, signed one after the other."""
    work = tmp_path_factory.mktemp("laptop")
    paths = [work / "key.json", work / "old-pokal.json", work / "new-pokal.json"]
    laptop_run(work / "laptop.sqlite3", *paths)
    return [path.read_bytes() for path in paths]


def keeper(cup_world, slug):
    client = Client()
    client.force_login(cup_world.keepers[slug])
    return client


def upload(client, cup_world, data, *, confirm=True) -> str:
    address = reverse("manage:cup_upload", args=["laptopverein", cup_world.cup.slug])
    page = client.post(address, {"file": SimpleUploadedFile("abend-pokal.json", data)})
    text = page.content.decode()
    if confirm and "bestaetigt" in text:
        assert client.post(address, {"bestaetigt": "1"}).status_code == 302
    return text


@pytest.fixture
def e2e(cup_world, laptop_files, django_user_model):
    laptop_org = Organiser.objects.create(name="Laptopverein", slug="laptopverein")
    user = django_user_model.objects.create_user("laptopverein-staff", password="geheim-12345")
    laptop_org.staff.add(user)
    cup_world.keepers["laptopverein"] = user
    laptop = member_add(cup=cup_world.cup, organiser=laptop_org)
    cup_save(
        organiser=cup_world.owner,
        cup=cup_world.cup,
        name="Kreispokal",
        slug="kreispokal",
        season="2026/27",
        kind="placement",
        placement_text="10-8-6-5-4-3-2-1",
    )
    return cup_world, laptop, laptop_files


def test_three_organisers_and_a_laptop_make_the_cup_table_of_the_hand_computation(e2e):
    cup_world, laptop, (key, old, new) = e2e
    owner = keeper(cup_world, "pokalverein")
    address = reverse("manage:cup_member_key", args=["pokalverein", cup_world.cup.slug, laptop.pk])
    upload_key = SimpleUploadedFile("key.json", key)
    assert owner.post(address, {"key": "", "key_file": upload_key}).status_code == 302
    fingerprint = json.loads(key)["fingerprint"]
    assert (
        fingerprint
        in owner.get(reverse("manage:cup", args=["pokalverein", "kreispokal"])).content.decode()
    )

    home = keeper(cup_world, "heimverein")
    ranking_publish(tournament=cup_world.home_tournament, publication=Tournament.Publication.LIVE)
    address = reverse("manage:cup_tournament_add", args=["heimverein", "kreispokal"])
    assert home.post(address, {"tournament": cup_world.home_tournament.pk}).status_code == 302

    member = keeper(cup_world, "laptopverein")
    preview = upload(member, cup_world, old, confirm=False)
    assert "Die Unterschrift ist gültig" in preview and "Abend einreichen" in preview
    upload(member, cup_world, old)
    replaced = upload(member, cup_world, new, confirm=False)
    assert "Abend ersetzen" in replaced
    upload(member, cup_world, new)
    evening = CupEntry.objects.get(member=laptop)
    assert list(evening.events.values_list("kind", flat=True)) == ["uploaded", "replaced"]

    def one_point_more(payload):
        payload["standings"][0]["points"] += 1

    foreign = cup_file(cup_world.guest_tournament)  # signed with gastverein's key
    refusals = [
        (file_altered(new, one_point_more), "nach dem Signieren verändert"),
        (foreign, "mit dem Schlüssel von Gastverein signiert"),
        (old, "älter als die, die der Pokal hat"),
    ]
    stored = evening.digest
    for data, message in refusals:
        text = upload(member, cup_world, data)
        assert message in text and "bestaetigt" not in text
    evening.refresh_from_db()
    assert evening.digest == stored and CupEntry.objects.count() == 2

    page = Client().get(reverse("tournament:cup_table", args=["kreispokal"])).content.decode()
    shown = [name for name, _value in TABLE if name in page]
    assert shown == [name for name, _value in TABLE]
    rows = cup_table(cup_world.cup)[1]
    assert [(r.name, r.standing.value) for r in rows[: len(TABLE)]] == TABLE
    assert all(r.standing.value == 0 for r in rows[len(TABLE) :])
    assert (
        page.index("Michl Hofbauer 8")
        < page.index("Anna Maier 4")
        < page.index("Xaver Obermeier 2")
    )


def test_no_register_of_one_organiser_reaches_another_on_any_cup_page(e2e):
    cup_world, _laptop, _files = e2e
    secrets = {}
    for organiser in Organiser.objects.all():
        email, phone = f"geheim@{organiser.slug}.example", f"+49 170 {organiser.pk:07d}"
        Person.objects.create(
            organiser=organiser, name=f"Kartei {organiser.slug}", email=email, phone=phone
        )
        secrets[organiser.slug] = (email, phone, f"Kartei {organiser.slug}")
    player = cup_world.home_tournament.players.first()
    player.email = "anmeldung@heimverein.example"
    player.save(update_fields=["email"])
    secrets["heimverein"] += (player.email,)
    guest_evening = sent(cup_world, cup_world.guest, "gast-abend", "2026-10-08", [])
    pages = ("cups", "cup", "cup_edit", "cup_upload", "cup_key")
    problems = []
    for slug in ("pokalverein", "heimverein", "gastverein", "laptopverein", "fremdverein"):
        client = keeper(cup_world, slug)
        addresses = [
            reverse(
                f"manage:{name}",
                args=[slug] if name in ("cups", "cup_key") else [slug, "kreispokal"],
            )
            for name in pages
        ]
        addresses += [
            reverse("manage:cup_member_key", args=[slug, "kreispokal", m.pk])
            for m in cup_world.cup.members.all()
        ]
        addresses.append(
            reverse("manage:cup_entry_withdraw", args=[slug, "kreispokal", guest_evening.pk])
        )
        addresses += [reverse("tournament:cup_table", args=["kreispokal"])]
        for address in addresses:
            text = client.get(address).content.decode(errors="replace")
            for other, values in secrets.items():
                if other == slug:
                    continue
                problems += [f"{slug} {address}: {v}" for v in values if v in text]
    assert problems == []
