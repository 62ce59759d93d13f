"""The supervisor restores his tournament from its backup: he uploads it, sees what will be
replaced (games now and afterwards, games lost or coming back; computed by the restore itself,
rolled back), and only the confirmed POST replaces the tournament."""

from __future__ import annotations

import io

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db.models import F
from django.urls import reverse

from tests.exchange.helpers import history_changed
from tests.web.walk_helpers import changed, snapshot
from tournament.exchange.backup.dump import backup_write
from tournament.models import Hand, Organiser, TableLink, Tournament
from tournament.persons.services import organiser_of, person_create
from tournament.phones.links import table_link_issue
from tournament.ranking.standings import standings_compute

pytestmark = pytest.mark.django_db


def archive(*tournaments) -> bytes:
    out = io.BytesIO()
    backup_write(out, list(tournaments))
    return out.getvalue()


def games(slug):
    return Hand.objects.filter(table__durchgang__tournament__slug=slug).count()


def upload(client, slug, data: bytes):
    url = reverse("manage:restore", args=[slug])
    file = SimpleUploadedFile("sicherung.zip", data, content_type="application/zip")
    return client.post(url, {"archive": file})


def test_the_restore_shows_what_it_replaces_and_changes_nothing_then_restores(
    client, supervisor, example_tournament
):
    slug = example_tournament.slug
    saved = archive(example_tournament)
    ranking = [(s.player.ident, s.points) for s in standings_compute(example_tournament)]
    in_backup = games(slug)
    hands = Hand.objects.filter(table__durchgang__tournament=example_tournament).order_by("pk")
    hands.first().delete()  # deleted since the backup: comes back
    Hand.objects.filter(pk=hands.last().pk).update(version=F("version") + 1)  # changed since
    table_link_issue(table=hands.last().table, user=supervisor)
    client.force_login(supervisor)

    response = upload(client, slug, saved)
    assert response.status_code == 302 and "?token=" in response.url
    before = snapshot()
    page = client.get(response.url).content.decode()
    assert "Beispielturnier 2026 durch die Sicherung ersetzen?" in page
    assert (
        f"Turnier {example_tournament.name} wird ersetzt: jetzt {in_backup - 1} Spiele, nach der "
        f"Wiederherstellung {in_backup} Spiele." in page
    )
    assert "1 Spiel kehrt zum Stand der Sicherung zurück" in page
    assert "1 seither gelöschtes Spiel kommt zurück" in page
    assert "Der Tisch-Link von 1 Tisch wird ungültig" in page
    assert "Sicherungsdatei: sicherung.zip" in page
    assert ">Turnier durch die Sicherung ersetzen</button>" in page
    assert changed(before, snapshot()) == [] and games(slug) == in_backup - 1

    token = response.url.split("token=")[1]
    url = reverse("manage:restore", args=[slug])
    done = client.post(url, {"token": token, "bestaetigt": "1"})
    # The restore runs as a background job (at once in tests): its page says what it did.
    assert done.status_code == 302 and "/leitung/auftrag/" in done.url
    assert "aus der Sicherung wiederhergestellt" in client.get(done.url).content.decode()
    restored = Tournament.objects.get(slug=slug)
    assert games(slug) == in_backup and not TableLink.objects.exists()
    assert [(s.player.ident, s.points) for s in standings_compute(restored)] == ranking
    # The upload is used up: the same token again is refused.
    again = client.post(url, {"token": token, "bestaetigt": "1"}, follow=True)
    assert "Die Vorschau gilt nicht mehr" in again.content.decode()


def test_a_backup_of_another_tournament_is_refused_and_nothing_changes(
    client, supervisor, example_tournament, evening
):
    client.force_login(supervisor)
    response = upload(client, example_tournament.slug, archive(evening))
    before = snapshot()
    page = client.get(response.url)
    assert page.status_code == 409
    text = page.content.decode()
    assert "Die Sicherung enthält das Turnier beispielturnier-2026 nicht (sie enthält: abend)" in (
        text
    )
    assert "bestaetigt" not in text and changed(before, snapshot()) == []


def test_a_damaged_file_and_a_foreign_token_change_nothing(client, supervisor, example_tournament):
    client.force_login(supervisor)
    slug = example_tournament.slug
    before = snapshot()
    response = upload(client, slug, b"kein zip")
    assert "Die Sicherung kann nicht gelesen werden" in client.get(response.url).content.decode()
    url = reverse("manage:restore", args=[slug])
    refused = client.post(url, {"token": "fremd", "bestaetigt": "1"}, follow=True)
    assert "Die Vorschau gilt nicht mehr" in refused.content.decode()
    assert changed(before, snapshot()) == []


@pytest.mark.parametrize("role", ["anonymous", "clerk", "other_clerk"])
def test_only_the_supervisor_restores(client, request, example_tournament, role):
    if role != "anonymous":
        client.force_login(request.getfixturevalue(role))
    response = upload(client, example_tournament.slug, archive(example_tournament))
    assert response.status_code in (302, 403)
    if response.status_code == 302:
        assert "/accounts/login/" in response.url


def test_a_restore_keeps_the_tournament_with_its_organiser_whatever_the_backup_names(
    client, supervisor, example_tournament
):
    """A supervisor who edits his backup to name another organiser does not move his
    tournament there, and so does not become a keeper of that organiser's register
    (docs/security.md, *Trust boundaries*, trust boundaries between organisers)."""
    other = Organiser.objects.create(name="Fremder Verein", slug="fremdverein")
    person_create(organiser=other, name="Genovefa Unterkirchner", email="geno@mail.invalid")
    own = organiser_of(example_tournament)
    slug = example_tournament.slug

    def to_other(history):
        history["organiser"] = {"slug": other.slug, "name": other.name}

    client.force_login(supervisor)
    response = upload(client, slug, history_changed(archive(example_tournament), to_other))
    token = response.url.split("token=")[1]
    url = reverse("manage:restore", args=[slug])
    done = client.post(url, {"token": token, "bestaetigt": "1"})
    assert "aus der Sicherung wiederhergestellt" in client.get(done.url).content.decode()
    assert Tournament.objects.get(slug=slug).organiser == own
    register = client.get(reverse("manage:persons", args=[other.slug]))
    assert register.status_code == 403
    assert "geno@mail.invalid" not in register.content.decode()
