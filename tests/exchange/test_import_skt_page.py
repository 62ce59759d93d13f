"""The import of a SchafkopfTurnier database on a page of the person register: upload, see what
it would make (nothing stored), confirm; who may; a broken or too large file is refused."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from tournament import models
from tournament.exchange.skt import views as skt_views

pytestmark = pytest.mark.django_db

DATA = Path(__file__).resolve().parent.parent / "data" / "skt"
URL = reverse("manage:skt_import", args=["standard"])


def upload(client, name="zwei-turniere", content=None, point_table="freie-punkte"):
    content = (DATA / f"{name}.sqlite3").read_bytes() if content is None else content
    database = SimpleUploadedFile(f"{name}.sqlite3", content)
    return client.post(URL, {"database": database, "point_table": point_table})


@pytest.mark.parametrize(
    ("role", "status"),
    [
        ("keeper", 200),
        ("supervisor", 403),
        ("clerk", 403),
        ("other_clerk", 403),
        ("anonymous", 302),
    ],
)
def test_the_import_page_is_the_register_keepers(client, request, example_tournament, role, status):
    if role != "anonymous":
        client.force_login(request.getfixturevalue(role))
    assert client.get(URL).status_code == status


def test_the_organisers_staff_sees_what_the_import_makes_then_imports(client, keeper):
    client.force_login(keeper)
    persons = models.Person.objects.count()
    answer = upload(client)
    assert answer.status_code == 302 and "?token=" in answer.url
    page = client.get(answer.url).content.decode()
    assert models.Person.objects.count() == persons  # the preview stores nothing
    assert "Personen: 14 neu, 0 schon in der Kartei" in page
    assert "Rang 3: 4 Spieler mit 20 Punkten und 1 Soli." in page
    token = answer.url.split("token=")[1]
    done = client.post(answer.url, {"token": token, "bestaetigt": "1"}, follow=True)
    assert "Turnier „Faschingsturnier“" in done.content.decode()
    assert models.Person.objects.count() == persons + 14
    imported = models.Tournament.objects.get(name="Faschingsturnier")
    assert imported.memberships.get(user=keeper).role == "supervisor"
    again = client.post(answer.url, {"token": token, "bestaetigt": "1"}, follow=True)
    assert (
        "Die Vorschau gilt nicht mehr" in again.content.decode()
    )  # the upload is gone after the import
    assert models.Tournament.objects.filter(name="Faschingsturnier").count() == 1


def test_a_broken_file_is_refused_with_every_problem_and_nothing_stored(client, keeper):
    client.force_login(keeper)
    before = models.Person.objects.count()
    answer = upload(client, content=b"keine Datenbank" * 100)
    page = client.get(answer.url)
    assert page.status_code == 409
    text = page.content.decode()
    assert "Die Datei ist keine SQLite-Datenbank" in text
    assert "nichts gespeichert" in text
    assert models.Person.objects.count() == before


def test_a_file_over_the_limit_is_refused(client, keeper, monkeypatch):
    monkeypatch.setattr(skt_views, "LIMIT", 1000)
    client.force_login(keeper)
    answer = upload(client)
    assert answer.status_code in (400, 413)
    assert "größer als" in answer.content.decode()
