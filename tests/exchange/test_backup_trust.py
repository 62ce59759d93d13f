"""What a backup is trusted with (docs/security.md, *Trust boundaries*, the first attack).

A supervisor of organiser A's tournament downloads its backup, points its history at organiser
B, adds B's staff as supervisors, puts the tournament into B's season and its players onto B's
persons, recomputes the manifest's SHA-256 sums and restores it through the web. Before
signatures, A then belonged to B and its supervisor kept B's register. Now the backup's
signature fails, and the web restore takes tournament data only: the organiser, season, roles
and person links of A stay as they were.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import io
import json
import os
import stat
import time
import zipfile

import pytest
from django.contrib.auth import get_user_model
from django.core.files.storage import default_storage
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.test import override_settings
from django.urls import reverse

from tournament import models
from tournament.exchange.backup.archive import archive_read
from tournament.exchange.backup.dump import backup_write
from tournament.exchange.backup.signature import Origin
from tournament.persons.privacy import person_erase
from tournament.persons.services import person_create, player_person_link
from tournament.ranking.standings import standings_compute

pytestmark = pytest.mark.django_db


@pytest.fixture
def two_organisers(example_tournament, supervisor):
    """A holds the example tournament (supervisor `leitung`); B has a register with a person of
    e-mail and phone, a season and a staff member `kassier-b`."""
    a = models.Organiser.objects.create(name="Schafkopffreunde A", slug="club-a")
    b = models.Organiser.objects.create(name="Kartlerverein B", slug="club-b")
    example_tournament.organiser = a
    example_tournament.save(update_fields=["organiser"])
    secret = person_create(
        organiser=b, name="Rosa Geheim", club="B-Dorf", email="rosa@b.example", phone="0171 99"
    )
    season_b = models.Season.objects.create(organiser=b, name="Jahreswertung B", slug="jw-b")
    staff_b = get_user_model().objects.create_user("kassier-b", password="geheim-12345")
    b.staff.add(staff_b)
    return a, b, secret, season_b, staff_b


def downloaded(client, slug) -> bytes:
    response = client.get(reverse("manage:backup", args=[slug]))
    assert response.status_code == 200
    return b"".join(response.streaming_content) if response.streaming else response.content


def doctored(data: bytes, change, *, unsigned: bool = False) -> bytes:
    """The archive with `change(name, json)` applied to its members and the SHA-256 sums of the
    manifest recomputed, as an attacker would (`unsigned`: the signature taken out)."""
    source = zipfile.ZipFile(io.BytesIO(data))
    members = {name: json.loads(source.read(name)) for name in source.namelist()}
    manifest = members.pop("manifest.json")
    if unsigned:
        manifest.pop("signature")
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as archive:
        for name, content in members.items():
            change(name, content)
            raw = json.dumps(content).encode()
            manifest["files"][name] = {"sha256": hashlib.sha256(raw).hexdigest(), "size": len(raw)}
            archive.writestr(name, raw)
        archive.writestr("manifest.json", json.dumps(manifest))
    return out.getvalue()


def upload(client, slug, data: bytes, name="sicherung.zip"):
    file = SimpleUploadedFile(name, data, content_type="application/zip")
    return client.post(reverse("manage:restore", args=[slug]), {"archive": file})


def test_a_doctored_backup_moves_nothing_to_another_organiser_and_gives_no_role(
    client, supervisor, example_tournament, two_organisers
):
    a, b, secret, season_b, staff_b = two_organisers
    slug = example_tournament.slug
    ranking = [(s.player.ident, s.points) for s in standings_compute(example_tournament)]
    client.force_login(supervisor)

    def attack(name, content):
        if name.endswith(".history.json"):
            content["organiser"] = {"slug": "club-b", "name": "Kartlerverein B"}
            content["memberships"].append({"user": "kassier-b", "role": "supervisor"})
            content["settings"]["season"] = season_b.pk  # as backups before 0029 held it
            content["settings"]["seasons"] = [season_b.pk]
        elif name.endswith(".json"):
            for player in content["players"]:
                player["person"] = secret.key

    response = upload(client, slug, doctored(downloaded(client, slug), attack))
    assert response.status_code == 302
    page = client.get(response.url).content.decode()
    # The sums are right, but the signature over them is not.
    assert "Die Signatur der Sicherung stimmt nicht" in page
    assert "bleibt beim Veranstalter Schafkopffreunde A" in page
    assert "Die Sicherung nennt den Veranstalter Kartlerverein B" in page
    assert "kassier-b" in page and "nein: die Sicherung ist nicht von dieser Installation" in page
    assert 'name="rolle"' not in page  # nothing to tick
    assert "rosa@b.example" not in page

    token = response.url.split("token=")[1]
    # The attacker posts the role as if it had been offered.
    client.post(
        reverse("manage:restore", args=[slug]),
        {"token": token, "bestaetigt": "1", "rolle": "kassier-b"},
    )
    restored = models.Tournament.objects.get(slug=slug)
    assert restored.organiser == a and not restored.seasons.exists()
    assert not models.Membership.objects.filter(user=staff_b).exists()
    assert list(restored.memberships.values_list("user__username", "role")) == [
        ("leitung", "supervisor")
    ]
    assert not models.Player.objects.filter(person=secret).exists()
    assert [(s.player.ident, s.points) for s in standings_compute(restored)] == ranking
    # A's supervisor still keeps no register but A's: B's person stays out of reach.
    assert client.get(reverse("manage:person", args=["club-b", secret.pk])).status_code == 403
    assert (
        client.get(reverse("manage:person_export", args=["club-b", secret.pk])).status_code == 403
    )
    secret.refresh_from_db()
    assert (secret.name, secret.email, secret.phone) == ("Rosa Geheim", "rosa@b.example", "0171 99")


@pytest.mark.parametrize("signature", ["changed", "removed"])
def test_a_backup_changed_after_signing_is_restored_without_its_roles(
    client, supervisor, example_tournament, two_organisers, signature
):
    a, _b, _secret, _season, _staff_b = two_organisers
    staff_a = get_user_model().objects.create_user("kassier-a", password="geheim-12345")
    a.staff.add(staff_a)
    models.Membership.objects.create(tournament=example_tournament, user=staff_a, role="clerk")
    client.force_login(supervisor)
    data = downloaded(client, example_tournament.slug)
    models.Membership.objects.filter(user=staff_a).delete()

    def rename(name, content):
        if name.endswith(".history.json"):
            content["settings"]["venue"] = "Anderswo"

    changed = doctored(data, rename)
    if signature == "removed":
        changed = doctored(changed, lambda name, content: None, unsigned=True)
    origin = archive_read(io.BytesIO(changed)).origin
    assert origin is (Origin.ALTERED if signature == "changed" else Origin.ELSEWHERE)
    response = upload(client, example_tournament.slug, changed)
    page = client.get(response.url).content.decode()
    if signature == "changed":
        assert "Die Signatur der Sicherung stimmt nicht" in page
    else:
        assert "Die Sicherung ist nicht von dieser Installation signiert" in page
    assert 'name="rolle"' not in page
    assert "kassier-a" in page and "nein: die Sicherung ist nicht von dieser Installation" in page


def test_roles_of_a_signed_backup_come_back_only_for_the_organisers_staff_and_when_ticked(
    client, supervisor, example_tournament, two_organisers
):
    a, _b, _secret, _season, staff_b = two_organisers
    users = get_user_model().objects
    staff_a = users.create_user("kassier-a", password="geheim-12345")
    helper_a = users.create_user("helfer-a", password="geheim-12345")
    a.staff.add(staff_a, helper_a)
    stranger = users.create_user("zaungast", password="geheim-12345")
    for user, role in ((staff_a, "supervisor"), (helper_a, "clerk"), (stranger, "clerk")):
        models.Membership.objects.create(tournament=example_tournament, user=user, role=role)
    client.force_login(supervisor)
    data = downloaded(client, example_tournament.slug)
    assert archive_read(io.BytesIO(data)).origin is Origin.HERE
    models.Membership.objects.exclude(user=supervisor).delete()

    response = upload(client, example_tournament.slug, data)
    page = client.get(response.url).content.decode()
    assert "Die Sicherung ist von dieser Installation signiert." in page
    assert '<input type="checkbox" name="rolle" value="kassier-a">' in page
    assert '<input type="checkbox" name="rolle" value="helfer-a">' in page
    assert 'value="zaungast"' not in page
    assert "nein: nicht Mitarbeiter des Veranstalters Schafkopffreunde A" in page
    assert "nein: hat jetzt eine Rolle im Turnier, die bleibt" in page  # leitung
    assert "Die jetzigen Rollen bleiben: leitung (Turnierleitung)." in page

    token = response.url.split("token=")[1]
    client.post(
        reverse("manage:restore", args=[example_tournament.slug]),
        {"token": token, "bestaetigt": "1", "rolle": ["kassier-a", "zaungast"]},
    )
    restored = models.Tournament.objects.get(slug=example_tournament.slug)
    assert dict(restored.memberships.values_list("user__username", "role")) == {
        "leitung": "supervisor",
        "kassier-a": "supervisor",
    }
    assert users.count() == 5  # nobody made: leitung, kassier-a/b, helfer-a, zaungast
    assert staff_b not in restored.memberships.values_list("user", flat=True)


def test_the_preview_lists_every_person_link_that_changes(
    client, supervisor, example_tournament, two_organisers
):
    a, _b, _secret, _season, _staff = two_organisers
    players = list(example_tournament.players.order_by("start_number"))
    first = person_create(organiser=a, name=players[0].name, club="Adorf")
    player_person_link(player=players[0], person=first)
    client.force_login(supervisor)
    data = downloaded(client, example_tournament.slug)
    other = person_create(organiser=a, name="Jemand Anders", club="Bdorf")
    player_person_link(player=players[0], person=other)
    player_person_link(player=players[1], person=other)

    response = upload(client, example_tournament.slug, data)
    page = client.get(response.url).content.decode()
    assert "Spieler, deren Person der Kartei sich ändert" in page
    assert f"<td>{players[0].name}</td><td>Jemand Anders, Bdorf</td><td>{first}</td>" in page
    assert f"<td>{players[1].name}</td><td>Jemand Anders, Bdorf</td><td>–</td>" in page


def test_a_backup_of_another_installation_restores_without_roles_or_user_names(
    client, supervisor, example_tournament, two_organisers
):
    client.force_login(supervisor)
    data = downloaded(client, example_tournament.slug)
    models.InstallationKey.objects.all().delete()  # this machine is another installation now
    assert archive_read(io.BytesIO(data)).origin is Origin.ELSEWHERE
    response = upload(client, example_tournament.slug, data)
    token = response.url.split("token=")[1]
    client.post(
        reverse("manage:restore", args=[example_tournament.slug]),
        {"token": token, "bestaetigt": "1"},
    )
    restored = models.Tournament.objects.get(slug=example_tournament.slug)
    assert restored.organiser.slug == "club-a"
    assert list(restored.memberships.values_list("user__username", flat=True)) == ["leitung"]


def test_the_administrators_restore_takes_everything_and_says_so(
    example_tournament, supervisor, two_organisers, tmp_path, capsys
):
    path = tmp_path / "alles.zip"
    with path.open("wb") as out:
        backup_write(out, [example_tournament])
    players = example_tournament.players.count()
    models.Tournament.objects.all().delete()
    models.Organiser.objects.filter(slug="club-a").delete()
    get_user_model().objects.filter(username="leitung").delete()
    call_command("restore", str(path))
    said = capsys.readouterr().err
    assert "Alles aus der Sicherung wiederhergestellt" in said
    restored = models.Tournament.objects.get()
    assert restored.organiser.slug == "club-a"
    leitung = get_user_model().objects.get(username="leitung")
    assert not leitung.is_active
    assert restored.memberships.get().user == leitung
    assert restored.players.count() == players


@override_settings(RESTORE_UPLOAD_MAX_MB=1)
def test_a_backup_upload_over_its_limit_is_refused_in_german_and_nothing_is_kept(
    client, supervisor, example_tournament
):
    client.force_login(supervisor)
    response = upload(client, example_tournament.slug, b"PK" + os.urandom(1_000_010))
    page = response.content.decode()
    assert response.status_code == 400
    assert "Sicherung (zip)" in page
    assert "größer als 1 MB, die Grenze für eine Sicherung" in page
    assert not default_storage.exists("uploads")
    # Far over the limit: the upload stops at the limit, before the disk fills.
    big = upload(client, example_tournament.slug, b"PK" + os.urandom(3_000_000))
    assert big.status_code == 413
    assert "größer als 1 MB" in big.content.decode()


def test_uploads_never_confirmed_go_after_an_hour_and_are_readable_by_the_app_only(
    client, supervisor, example_tournament, media_root
):
    client.force_login(supervisor)
    data = downloaded(client, example_tournament.slug)
    upload(client, example_tournament.slug, data)
    (stored,) = (media_root / "uploads" / "restore").iterdir()
    assert stat.S_IMODE(stored.stat().st_mode) == 0o600
    assert stat.S_IMODE((media_root / "uploads").stat().st_mode) == 0o700

    client.get(reverse("manage:restore", args=[example_tournament.slug]))
    assert stored.exists()  # younger than an hour
    old = time.time() - dt.timedelta(minutes=61).total_seconds()
    os.utime(stored, (old, old))
    client.get(reverse("manage:restore", args=[example_tournament.slug]))
    assert not stored.exists()

    upload(client, example_tournament.slug, data)
    (second,) = (media_root / "uploads" / "restore").iterdir()
    os.utime(second, (old, old))
    out = io.StringIO()
    call_command("retention", stdout=out)
    assert not second.exists()
    assert "nie bestätigt, älter als 60 Minuten, gelöscht: 1" in out.getvalue()


def test_erasing_a_person_deletes_the_uploads_waiting_for_a_confirmation(
    client, supervisor, example_tournament, media_root
):
    organiser = models.organiser_default()
    player = example_tournament.players.order_by("start_number").first()
    person = person_create(organiser=organiser, name=player.name)
    player_person_link(player=player, person=person)
    client.force_login(supervisor)
    upload(client, example_tournament.slug, downloaded(client, example_tournament.slug))
    assert list((media_root / "uploads" / "restore").iterdir())
    person_erase(person=person, by=supervisor)
    assert not list((media_root / "uploads" / "restore").iterdir())
