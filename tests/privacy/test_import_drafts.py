"""A player list uploaded and not confirmed keeps no name in the session: its rows wait as a
stored upload, which an erasure deletes at once (and the retention sweep after
UPLOAD_KEEP_MINUTES), so that an erased person's name stays nowhere."""

from __future__ import annotations

import json

import pytest
from django.contrib.sessions.models import Session
from django.core.files.storage import default_storage
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse

from tournament.models import Player
from tournament.persons.services import organiser_of, person_create

pytestmark = pytest.mark.django_db

LIST = b"Name;Verein\nSepp Huber;SK Ebersberg\nAnna Bauer;\n"


@pytest.fixture
def boss(keeper) -> Client:
    client = Client()
    client.force_login(keeper)
    return client


def _stored_sessions() -> str:
    """Every session of the database session store, decoded, as one text."""
    return json.dumps([s.get_decoded() for s in Session.objects.all()], ensure_ascii=False)


def _drafts(media_root) -> list:
    folder = media_root / "uploads" / "player-lists"
    return list(folder.iterdir()) if folder.exists() else []


def test_an_unconfirmed_import_leaves_no_name_behind_once_the_person_is_erased(
    boss, example_tournament, media_root
):
    sepp = person_create(
        organiser=organiser_of(example_tournament), name="Sepp Huber", club="SK Ebersberg"
    )
    slug = example_tournament.slug
    preview = boss.post(
        reverse("manage:players_import", args=[slug]),
        {"file": SimpleUploadedFile("liste.csv", LIST)},
    )
    assert preview.status_code == 200 and "Sepp Huber" in preview.content.decode()
    assert "Huber" not in _stored_sessions()  # the rows wait in the storage, not the session
    assert len(_drafts(media_root)) == 1

    erase = reverse("manage:person_erase", args=[sepp.organiser.slug, sepp.pk])
    assert boss.post(erase, {"bestaetigt": "1"}).status_code == 302
    assert "Huber" not in _stored_sessions()
    assert _drafts(media_root) == []
    # The preview cannot be confirmed any more: the list must be uploaded again.
    confirm = boss.post(
        reverse("manage:players_import_confirm", args=[slug]),
        {"token": preview.context["token"]},
        follow=True,
    )
    assert "Die Vorschau ist nicht mehr gültig" in confirm.content.decode()
    assert not Player.objects.filter(name="Anna Bauer").exists()


def test_a_confirmed_import_deletes_its_draft(boss, example_tournament, media_root):
    slug = example_tournament.slug
    preview = boss.post(
        reverse("manage:players_import", args=[slug]),
        {"file": SimpleUploadedFile("liste.csv", LIST)},
    )
    confirm = reverse("manage:players_import_confirm", args=[slug])
    boss.post(confirm, {"token": preview.context["token"]})
    assert Player.objects.filter(tournament=example_tournament, name="Anna Bauer").exists()
    assert _drafts(media_root) == []
    assert "Huber" not in _stored_sessions()


def test_a_changed_draft_is_not_imported(boss, example_tournament, media_root):
    slug = example_tournament.slug
    preview = boss.post(
        reverse("manage:players_import", args=[slug]),
        {"file": SimpleUploadedFile("liste.csv", LIST)},
    )
    (draft,) = _drafts(media_root)
    draft.write_text('[[2, "Eingeschleust", "", null]]')
    confirm = reverse("manage:players_import_confirm", args=[slug])
    boss.post(confirm, {"token": preview.context["token"]})
    assert not Player.objects.filter(name__in=["Eingeschleust", "Anna Bauer"]).exists()
    assert default_storage.exists("uploads")
