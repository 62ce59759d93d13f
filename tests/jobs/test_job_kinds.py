"""Each kind of background job from its button to its file, with the immediate task backend
(the job runs in the request that starts it): the Excel workbook, the ranking PDF, the backup and
the restore. The file is fetched through another login, as another app server would serve it:
state in the database, file in the storage."""

from __future__ import annotations

import errno
import io
import json
import zipfile
from pathlib import Path

import pytest
from django.core.files.storage import FileSystemStorage
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse
from openpyxl import load_workbook

from tests.pdfs import pdf_text
from tournament.exchange.backup.dump import backup_write
from tournament.models import Hand, Job

pytestmark = pytest.mark.django_db


def started(client, slug: str, kind: str):
    response = client.post(reverse("manage:job_start", args=[slug, kind]))
    assert response.status_code == 302
    return response["Location"]


def second_client(user) -> Client:
    other = Client()
    other.force_login(user)
    return other


def test_the_excel_button_makes_a_job_whose_workbook_any_server_hands_out(
    client, supervisor, example_tournament
):
    client.force_login(supervisor)
    page_url = started(client, example_tournament.slug, "excel")

    page = client.get(page_url).content.decode()
    assert "Excel-Arbeitsmappe ist fertig." in page
    job = Job.objects.get()
    assert (job.kind, job.state, job.requested_by) == ("workbook", "ready", supervisor)
    status = second_client(supervisor).get(page_url + "stand/").json()
    assert status["state"] == "ready" and status["url"].endswith("/datei/")
    download = second_client(supervisor).get(status["url"])
    assert download["Content-Disposition"].startswith("attachment")
    workbook = load_workbook(io.BytesIO(b"".join(download.streaming_content)), read_only=True)
    assert "Rangliste" in workbook.sheetnames


def test_the_ranking_pdf_job_holds_every_player(client, supervisor, example_tournament):
    client.force_login(supervisor)
    status = client.get(started(client, example_tournament.slug, "rangliste") + "stand/").json()

    text = pdf_text(b"".join(client.get(status["url"]).streaming_content), "")
    for player in example_tournament.players.all():
        assert player.name in text


def test_the_backup_job_gives_the_archive_of_the_tournament(client, supervisor, evening):
    client.force_login(supervisor)
    status = client.get(started(client, evening.slug, "sicherung") + "stand/").json()

    download = client.get(status["url"])
    assert "schafkopf-backup-abend-" in download["Content-Disposition"]
    with zipfile.ZipFile(io.BytesIO(b"".join(download.streaming_content))) as archive:
        assert json.loads(archive.read("manifest.json"))["tournaments"] == ["abend"]


def test_a_clerk_neither_starts_nor_sees_the_supervisor_s_jobs(
    client, supervisor, clerk, example_tournament
):
    client.force_login(supervisor)
    page_url = started(client, example_tournament.slug, "excel")
    client.force_login(clerk)

    assert client.get(page_url).status_code == 404
    assert client.get(page_url + "datei/").status_code == 404
    start = reverse("manage:job_start", args=[example_tournament.slug, "excel"])
    assert client.post(start).status_code == 403
    assert Job.objects.count() == 1


def test_an_unknown_kind_starts_nothing(client, supervisor, example_tournament):
    client.force_login(supervisor)
    start = reverse("manage:job_start", args=[example_tournament.slug, "alles"])

    assert client.post(start).status_code == 404
    assert not Job.objects.exists()


def restore_upload(client, tournament) -> str:
    out = io.BytesIO()
    backup_write(out, [tournament])
    file = SimpleUploadedFile("sicherung.zip", out.getvalue(), content_type="application/zip")
    response = client.post(reverse("manage:restore", args=[tournament.slug]), {"archive": file})
    assert response.status_code == 302
    return response.url.split("token=")[1]


def test_the_restore_runs_as_a_job_that_says_what_it_restored(
    client, supervisor, example_tournament
):
    client.force_login(supervisor)
    games = Hand.objects.filter(table__durchgang__tournament=example_tournament).count()
    token = restore_upload(client, example_tournament)
    Hand.objects.filter(table__durchgang__tournament=example_tournament).first().delete()

    confirmed = client.post(
        reverse("manage:restore", args=[example_tournament.slug]),
        {"token": token, "bestaetigt": "1"},
    )

    assert confirmed.status_code == 302
    page = client.get(confirmed["Location"]).content.decode()
    assert f"ist aus der Sicherung wiederhergestellt: {games} Spiele." in page
    restored = Hand.objects.filter(table__durchgang__tournament__slug="beispielturnier-2026")
    assert restored.count() == games
    job = Job.objects.get()
    assert (job.kind, job.state) == ("restore", "ready")
    assert client.get(confirmed["Location"] + "datei/").status_code == 404  # nothing to download


def test_a_backup_changed_after_its_preview_is_not_restored(
    client, supervisor, example_tournament, settings
):
    client.force_login(supervisor)
    token = restore_upload(client, example_tournament)
    stored = client.session["backup_restore"]["stored"]
    (settings.MEDIA_ROOT / stored).write_bytes(b"PK nothing")
    games = Hand.objects.filter(table__durchgang__tournament=example_tournament).count()

    confirmed = client.post(
        reverse("manage:restore", args=[example_tournament.slug]),
        {"token": token, "bestaetigt": "1"},
    )

    assert confirmed.status_code == 302
    assert "Die Vorschau gilt nicht mehr" in client.get(confirmed["Location"]).content.decode()
    assert not Job.objects.exists()
    assert Hand.objects.filter(table__durchgang__tournament=example_tournament).count() == games


def test_a_full_disk_fails_the_job_with_a_german_message_and_leaves_no_file(
    client, supervisor, example_tournament, monkeypatch, settings
):
    """The workbook is half written when the disk is full. The job says so, in German,
    keeps nothing of it, and the next job (space freed) writes its file."""
    original = FileSystemStorage._save

    def full(storage, name, content):
        path = Path(storage.path(name))
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(content.read(100))  # what fitted before the disk was full
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(FileSystemStorage, "_save", full)
    client.force_login(supervisor)
    page_url = started(client, example_tournament.slug, "excel")

    job = Job.objects.get()
    status = client.get(page_url + "stand/").json()
    assert (job.state, status["state"], status["url"]) == ("failed", "failed", "")
    assert "Die Festplatte des Servers ist voll" in status["message"]
    assert "Die Festplatte des Servers ist voll" in client.get(page_url).content.decode()
    assert list((Path(settings.MEDIA_ROOT) / "jobs" / str(job.pk)).glob("*")) == []

    monkeypatch.setattr(FileSystemStorage, "_save", original)
    again = client.get(started(client, example_tournament.slug, "excel") + "stand/").json()
    assert again["state"] == "ready"
