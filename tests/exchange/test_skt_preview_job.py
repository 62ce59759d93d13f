"""The preview of a SchafkopfTurnier import runs as a background job with its progress on the
import page; it reads the upload where the upload folder keeps it, opened immutable (no copy
elsewhere, nothing beside it); a long title imports with a shortened slug and lot seed."""

from __future__ import annotations

import shutil
import sqlite3
import tempfile
from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from tournament import models
from tournament.jobs import services as job_services
from tournament.jobs.runner import job_execute

pytestmark = pytest.mark.django_db

DATA = Path(__file__).resolve().parent.parent / "data" / "skt"
URL = reverse("manage:skt_import", args=["standard"])


def upload(client, content: bytes):
    database = SimpleUploadedFile("verein.sqlite3", content)
    return client.post(URL, {"database": database, "point_table": "freie-punkte"})


def changed(tmp_path, sql: str, name="club-abend") -> bytes:
    path = tmp_path / f"{name}.sqlite3"
    shutil.copy(DATA / f"{name}.sqlite3", path)
    con = sqlite3.connect(path)
    con.executescript(sql)
    con.close()
    return path.read_bytes()


def test_the_preview_waits_as_a_job_with_its_progress_then_shows_what_it_makes(
    client, keeper, monkeypatch
):
    queued: list[str] = []
    monkeypatch.setattr(job_services, "job_enqueue", queued.append)  # no worker yet
    client.force_login(keeper)
    answer = upload(client, (DATA / "zwei-turniere.sqlite3").read_bytes())
    waiting = client.get(answer.url)
    assert waiting.status_code == 200
    assert "Wartet: Platz 1." in waiting.content.decode()
    job = models.Job.objects.get(kind="skt_preview")
    assert queued == [job.pk] and job.requested_by == keeper
    status = client.get(answer.url + "&stand=1").json()
    assert status["state"] == "queued" and status["url"] == ""
    client.get(answer.url)  # looking again joins the job, starts no second one
    assert models.Job.objects.filter(kind="skt_preview").count() == 1
    persons = models.Person.objects.count()
    job_execute(job.pk)  # the worker
    job.refresh_from_db()
    assert job.state == "ready" and job.done == job.total == 18  # 16 addresses, 2 tournaments
    assert client.get(answer.url + "&stand=1").json()["url"] == answer.url
    page = client.get(answer.url).content.decode()
    assert "Personen: 14 neu, 0 schon in der Kartei" in page
    assert models.Person.objects.count() == persons


def test_another_organisers_supervisor_never_sees_the_preview_job(client, keeper):
    client.force_login(keeper)
    answer = upload(client, (DATA / "club-abend.sqlite3").read_bytes())
    client.get(answer.url)
    job = models.Job.objects.get(kind="skt_preview")
    tournament = models.Tournament.objects.first()
    page = client.get(reverse("manage:job", args=[tournament.slug, job.pk]))
    assert page.status_code == 404


def test_after_a_preview_and_the_import_no_file_is_left_outside_the_upload_folder(
    client, keeper, tmp_path, media_root, monkeypatch
):
    elsewhere = tmp_path / "tmp"
    elsewhere.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(elsewhere))
    wal = changed(tmp_path, "PRAGMA journal_mode = WAL; UPDATE meta SET v = v;")
    assert wal[18:20] == b"\x02\x02"  # the file says WAL mode
    client.force_login(keeper)
    answer = upload(client, wal)
    page = client.get(answer.url).content.decode()
    assert "Personen: 14 neu" in page
    folder = media_root / "uploads" / "skt"
    assert [p.suffix for p in folder.iterdir()] == [".sqlite3"]  # no -wal, no -shm beside it
    assert list(elsewhere.iterdir()) == []
    token = answer.url.split("token=")[1]
    client.post(answer.url, {"token": token, "bestaetigt": "1"})
    assert list(folder.iterdir()) == [] and list(elsewhere.iterdir()) == []
    assert list((media_root / "jobs").rglob("*.json")) == []  # the preview's names go too


def test_a_title_too_long_for_the_lot_seed_imports_with_shortened_slug_and_seed(
    client, keeper, tmp_path
):
    title = "Großes Schafkopfturnier des Heimat- und Trachtenvereins Almrausch Oberföhring e. V."
    content = changed(tmp_path, f"UPDATE tournaments SET title = '{title}';")
    client.force_login(keeper)
    answer = upload(client, content)
    assert "Personen: 14 neu" in client.get(answer.url).content.decode()
    token = answer.url.split("token=")[1]
    client.post(answer.url, {"token": token, "bestaetigt": "1"})
    tournament = models.Tournament.objects.get(name=title)
    assert len(tournament.slug) <= 80 and len(tournament.lot_seed) <= 64
    assert tournament.lot_seed.startswith(tournament.slug[:40])
