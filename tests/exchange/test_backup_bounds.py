"""How a restore reads a backup: within bounds, whatever the archive declares (docs/backup.md,
*Bounds*). A zip bomb (a member of hundreds of MB that packs into a few hundred kB), a member
that lies about its size, a member of values packed so densely that it would swell in memory, a
directory of thousands of members: each is refused with a German message naming the member and
the bound, and reading stops there, so memory stays bounded. A backup as the program writes it
still restores. And the backup the command writes is readable by its owner only."""

from __future__ import annotations

import hashlib
import io
import json
import stat
import struct
import tracemalloc
import zipfile
from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import CommandError, call_command
from django.test import override_settings
from django.urls import reverse
from django.utils import translation

from tests.web.walk_helpers import changed, snapshot
from tournament.exchange.backup.dump import backup_write
from tournament.models import Job

pytestmark = pytest.mark.django_db

MB = 1_000_000
BOMB = 200 * MB


def bomb_archive(path: Path, slug: str = "bombe", size: int = BOMB) -> Path:
    """A backup whose history is `size` bytes of blanks: it packs into a few hundred kB. Written
    in chunks, so the test itself never holds it."""
    chunk = b" " * MB
    digest = hashlib.sha256()
    for _ in range(size // MB):
        digest.update(chunk)
    manifest = {
        "format": "schafkopf-backup",
        "version": 1,
        "tournaments": [slug],
        "files": {
            f"{slug}.json": {"sha256": hashlib.sha256(b"{}").hexdigest(), "size": 2},
            f"{slug}.history.json": {"sha256": digest.hexdigest(), "size": size},
        },
    }
    with zipfile.ZipFile(path, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("manifest.json", json.dumps(manifest))
        archive.writestr(f"{slug}.json", b"{}")
        with archive.open(f"{slug}.history.json", "w", force_zip64=True) as member:
            for _ in range(size // MB):
                member.write(chunk)
    return path


def size_lie(path: Path, name: str, declared: int) -> Path:
    """The archive at `path` with the size of `name` in its directory changed to `declared`
    (and the zip64 field of it, where Python wrote one)."""
    data = bytearray(path.read_bytes())
    at = 0
    while (at := data.find(b"PK\x01\x02", at + 1)) >= 0:
        length = struct.unpack("<H", data[at + 28 : at + 30])[0]
        if data[at + 46 : at + 46 + length].decode() == name:
            break
    data[at + 24 : at + 28] = struct.pack("<I", declared)
    extra = at + 46 + length
    extra_length = struct.unpack("<H", data[at + 30 : at + 32])[0]
    if extra_length and data[extra : extra + 2] == b"\x01\x00":  # zip64: file size first
        data[extra + 4 : extra + 12] = struct.pack("<Q", declared)
    path.write_bytes(bytes(data))
    return path


def restore_refused(path: Path) -> tuple[str, int]:
    """`manage.py restore path` refused: its message, and the most memory Python held meanwhile."""
    tracemalloc.start()
    try:
        with translation.override("de"), pytest.raises(CommandError) as refused:
            call_command("restore", str(path))
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    return str(refused.value), peak


def test_a_zip_bomb_is_refused_naming_the_member_and_the_bound_before_it_is_unpacked(tmp_path):
    path = bomb_archive(tmp_path / "bombe.zip")
    assert path.stat().st_size < 1 * MB  # 200 MB packed into less than 1 MB
    message, peak = restore_refused(path)
    assert message == (
        "Die Datei bombe.history.json der Sicherung ist zu groß: eine Wiederherstellung entpackt "
        "höchstens 64 MB einer Datei einer Sicherung. Nichts wurde wiederhergestellt."
    )
    assert peak < 10 * MB  # nothing of the 200 MB was unpacked


def test_a_member_that_declares_less_than_it_holds_stops_at_what_it_declared(tmp_path):
    path = size_lie(bomb_archive(tmp_path / "bombe.zip"), "bombe.history.json", 1 * MB)
    message, peak = restore_refused(path)
    assert message == "Die Datei bombe.history.json der Sicherung ist beschädigt."
    assert peak < 10 * MB  # reading stopped at the declared megabyte, not at 200


def archive_of(path: Path, members: dict[str, bytes], tournaments: list[str]) -> Path:
    """An archive of `members`, with a manifest whose sums fit."""
    manifest = {
        "format": "schafkopf-backup",
        "version": 1,
        "tournaments": tournaments,
        "files": {
            name: {"sha256": hashlib.sha256(data).hexdigest(), "size": len(data)}
            for name, data in members.items()
        },
    }
    with zipfile.ZipFile(path, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("manifest.json", json.dumps(manifest))
        for name, data in members.items():
            archive.writestr(name, data)
    return path


@override_settings(RESTORE_MEMBER_MAX_MB=4, RESTORE_UNPACKED_MAX_MB=6)
def test_the_bound_of_all_members_together_holds_too(tmp_path):
    """Two members of 3 MB each, each under the bound of one: together over the bound."""
    three = b" " * (3 * MB)
    path = archive_of(tmp_path / "zwei.zip", {"erstes.txt": three, "zweites.txt": three}, [])
    message, _peak = restore_refused(path)
    assert message == (
        "Die Datei zweites.txt der Sicherung ist zu groß: eine Wiederherstellung entpackt "
        "höchstens 4 MB einer Datei und 6 MB aller Dateien einer Sicherung (3 MB davor "
        "gelesen). Nichts wurde wiederhergestellt."
    )


def test_a_member_of_densely_packed_values_is_refused_before_it_is_parsed(tmp_path):
    """`[{},{},…]` takes 25 times its size in memory once parsed; a backup's JSON has one value
    in 22 bytes."""
    dense = b"[" + b"{}," * (2 * MB) + b"{}]"
    members = {"dicht.json": dense, "dicht.history.json": b"{}"}
    path = archive_of(tmp_path / "dicht.zip", members, ["dicht"])
    message, peak = restore_refused(path)
    assert message == (
        "Die Datei dicht.json der Sicherung enthält mehr Werte, als eine Sicherung dieses "
        "Programms enthält (mehr als einen je 12 Bytes); sie wird nicht gelesen."
    )
    assert peak < 3 * len(dense)  # read, never parsed (parsed: 25 times its size)


def test_an_archive_of_thousands_of_members_is_refused_before_its_directory_is_read(tmp_path):
    path = tmp_path / "viele.zip"
    with zipfile.ZipFile(path, "w") as archive:
        for number in range(12_000):
            archive.writestr(f"{number:06d}-{'x' * 40}.json", b"")
    message, _peak = restore_refused(path)
    assert message == ("Das ist keine Sicherung dieses Programms (unbekanntes Inhaltsverzeichnis).")


def upload(client, slug, data: bytes):
    url = reverse("manage:restore", args=[slug])
    file = SimpleUploadedFile("sicherung.zip", data, content_type="application/zip")
    return client.post(url, {"archive": file})


@override_settings(RESTORE_PREVIEW_INLINE_MB=0)
def test_a_member_that_lies_previewed_by_a_task_worker_fails_its_job_in_german(
    client, supervisor, example_tournament, tmp_path
):
    """The archive declares 10 MB in all (within the bounds): a task worker reads it, stops at
    the declared size, and its job says why in German."""
    slug = example_tournament.slug
    path = bomb_archive(tmp_path / "bombe.zip", slug=slug)
    data = size_lie(path, f"{slug}.history.json", 10 * MB).read_bytes()
    client.force_login(supervisor)
    started = client.get(upload(client, slug, data).url)
    assert started.status_code == 302 and "/leitung/auftrag/" in started.url
    progress = client.get(started.url).content.decode()
    assert f"Die Datei {slug}.history.json der Sicherung ist beschädigt." in progress


def test_the_preview_refuses_a_zip_bomb_in_the_request_unread_and_changes_nothing(
    client, supervisor, example_tournament, tmp_path
):
    slug = example_tournament.slug
    data = bomb_archive(tmp_path / "bombe.zip", slug=slug).read_bytes()
    client.force_login(supervisor)
    response = upload(client, slug, data)
    before = snapshot()
    tracemalloc.start()
    try:
        page = client.get(response.url)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert page.status_code == 409
    text = page.content.decode()
    assert f"Die Datei {slug}.history.json der Sicherung ist zu groß" in text
    assert "höchstens 64 MB einer Datei einer Sicherung" in text
    assert "bestaetigt" not in text and changed(before, snapshot()) == []
    assert peak < 20 * MB


@override_settings(RESTORE_MEMBER_MAX_MB=1, RESTORE_UNPACKED_MAX_MB=2)
def test_a_backup_as_the_program_writes_it_restores_within_small_bounds(
    client, supervisor, example_tournament
):
    out = io.BytesIO()
    backup_write(out, [example_tournament])
    client.force_login(supervisor)
    response = upload(client, example_tournament.slug, out.getvalue())
    url = reverse("manage:restore", args=[example_tournament.slug])
    token = response.url.split("token=")[1]
    assert (
        ">Turnier durch die Sicherung ersetzen</button>"
        in client.get(response.url).content.decode()
    )
    done = client.post(url, {"token": token, "bestaetigt": "1"})
    assert "aus der Sicherung wiederhergestellt" in client.get(done.url).content.decode()


def test_the_backup_command_writes_its_archive_readable_by_its_owner_only(
    example_tournament, tmp_path
):
    target = tmp_path / "abend.zip"
    call_command("backup", "--output", str(target), stdout=io.StringIO(), stderr=io.StringIO())
    assert stat.S_IMODE(target.stat().st_mode) == 0o600
    call_command("backup", "--output", str(tmp_path), stdout=io.StringIO(), stderr=io.StringIO())
    (dated,) = tmp_path.glob("schafkopf-backup-*.zip")
    assert stat.S_IMODE(dated.stat().st_mode) == 0o600


@override_settings(RESTORE_PREVIEW_INLINE_MB=0)
def test_the_preview_of_a_large_backup_is_computed_by_a_task_worker(
    client, supervisor, example_tournament
):
    """Over RESTORE_PREVIEW_INLINE_MB the request starts a job (run at once in tests) and sends
    the supervisor to its progress page, which links to the preview; the restore page reads
    what the job found and restores as ever once confirmed."""
    out = io.BytesIO()
    backup_write(out, [example_tournament])
    slug = example_tournament.slug
    client.force_login(supervisor)
    response = upload(client, slug, out.getvalue())
    before = snapshot()
    started = client.get(response.url)
    assert started.status_code == 302 and "/leitung/auftrag/" in started.url
    progress = client.get(started.url).content.decode()
    assert "Die Vorschau der Wiederherstellung ist fertig." in progress
    link = progress.split('id="druck-link"')[0].rsplit('href="', 1)[1].split('"')[0]
    link = link.replace("&amp;", "&")
    assert "vorschau=" in link and ">Zeigen, was die Wiederherstellung tut</a>" in progress
    page = client.get(link).content.decode()
    assert f"Turnier {example_tournament.name} wird ersetzt" in page
    assert ">Turnier durch die Sicherung ersetzen</button>" in page
    assert changed(before, snapshot()) == ["tournament.Job"]  # the preview's job, nothing else
    token = response.url.split("token=")[1]
    done = client.post(reverse("manage:restore", args=[slug]), {"token": token, "bestaetigt": "1"})
    assert "aus der Sicherung wiederhergestellt" in client.get(done.url).content.decode()


@override_settings(RESTORE_PREVIEW_INLINE_MB=0)
def test_a_second_upload_while_another_preview_of_the_tournament_waits_is_told_to_wait(
    client, supervisor, example_tournament
):
    slug = example_tournament.slug
    Job.objects.create(
        kind=Job.Kind.RESTORE_PREVIEW, slug=slug, language="de", upload="uploads/restore/x.zip"
    )
    out = io.BytesIO()
    backup_write(out, [example_tournament])
    client.force_login(supervisor)
    answer = client.get(upload(client, slug, out.getvalue()).url, follow=True)
    assert "Gerade wird eine andere Vorschau einer Wiederherstellung dieses Turniers" in (
        answer.content.decode()
    )
    assert Job.objects.filter(kind=Job.Kind.RESTORE_PREVIEW).count() == 1
