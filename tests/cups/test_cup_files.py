"""A cup file sent in: verified with the member's registered key before anything is read.
Refused in German with the reason: unsigned, signed by another member's key, altered after
signing, older than the file the cup holds, the same file again; accepted with a preview of
what it changes, and stored (or replacing the older file of the same evening) only when
confirmed. Real Ed25519 keys throughout."""

from __future__ import annotations

import datetime as dt

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse

from tests.cups.helpers import file_altered, file_with, payload_of
from tournament.cups.files import cup_file
from tournament.cups.services import upload_store
from tournament.cups.signing import CupFileError
from tournament.models import CupEntry, CupEntryEvent

pytestmark = pytest.mark.django_db

EARLY = dt.datetime(2026, 11, 21, 23, 0, tzinfo=dt.UTC)
LATE = dt.datetime(2026, 11, 22, 9, 30, tzinfo=dt.UTC)


def send(cup_world, data: bytes, *, member=None, confirm=True):
    """The member's keeper uploads `data` on its cup page, then confirms; (the upload's page,
    the confirmation's answer)."""
    member = member or cup_world.home
    client = Client()
    client.force_login(cup_world.keepers[member.organiser.slug])
    url = reverse("manage:cup_upload", args=[member.organiser.slug, cup_world.cup.slug])
    page = client.post(url, {"file": SimpleUploadedFile("abend-pokal.json", data)})
    if not confirm or page.status_code != 200 or "bestaetigt" not in page.content.decode():
        return page, None
    return page, client.post(url, {"bestaetigt": "1"})


def refusal(cup_world, data: bytes, **kwargs) -> str:
    page, confirmed = send(cup_world, data, confirm=False, **kwargs)
    assert page.status_code == 200 and confirmed is None
    text = page.content.decode()
    assert "bestaetigt" not in text  # no confirmation offered
    return text


def test_a_file_of_the_members_own_installation_is_previewed_then_stored(cup_world):
    data = cup_file(cup_world.home_tournament, now=EARLY)
    page, confirmed = send(cup_world, data)
    text = page.content.decode()
    assert "Beispielturnier 2026" in text and "Unterschrift ist gültig" in text
    assert "Abend einreichen" in text
    assert confirmed.status_code == 302
    entry = CupEntry.objects.get(cup=cup_world.cup)
    assert (entry.member, entry.source_slug, entry.signed_at) == (
        cup_world.home,
        "beispielturnier-2026",
        EARLY,
    )
    standings = payload_of(data)["standings"]
    assert len(entry.standings) == 13 == len(standings)
    assert entry.standings[0] == {k: standings[0][k] for k in entry.standings[0]}
    assert [e.kind for e in entry.events.all()] == [CupEntryEvent.Kind.UPLOADED]


def test_an_unsigned_file_is_refused(cup_world):
    data = file_with(cup_file(cup_world.home_tournament), signature=None)
    assert "Die Datei ist nicht signiert" in refusal(cup_world, data)
    assert not CupEntry.objects.exists()


def test_a_file_signed_by_another_members_key_is_refused_naming_both(cup_world):
    data = cup_file(cup_world.guest_tournament)  # gastverein's, sent in as heimverein's
    text = refusal(cup_world, data)
    assert "mit dem Schlüssel von Gastverein signiert, nicht mit dem von Heimverein" in text
    assert not CupEntry.objects.exists()


def test_a_file_changed_after_signing_is_refused(cup_world):
    def more_points(payload):
        payload["standings"][0]["points"] += 10

    data = file_altered(cup_file(cup_world.home_tournament), more_points)
    assert "nach dem Signieren verändert" in refusal(cup_world, data)
    assert not CupEntry.objects.exists()


def test_a_file_signed_by_a_key_the_cup_does_not_know_is_refused(cup_world):
    cup_world.home.public_key = "A" * 43 + "="  # another key, registered by mistake
    cup_world.home.save(update_fields=["public_key"])
    text = refusal(cup_world, cup_file(cup_world.home_tournament))
    assert "Schlüssel signiert, den der Pokal nicht kennt" in text


def test_an_older_file_of_the_same_evening_is_refused_as_a_replay(cup_world):
    old = cup_file(cup_world.home_tournament, now=EARLY)
    new = cup_file(cup_world.home_tournament, now=LATE)
    send(cup_world, new)
    text = refusal(cup_world, old)
    assert "älter als die, die der Pokal hat" in text
    assert CupEntry.objects.get().signed_at == LATE


def test_the_same_file_again_is_refused(cup_world):
    data = cup_file(cup_world.home_tournament, now=EARLY)
    send(cup_world, data)
    assert "hat genau diese Datei" in refusal(cup_world, data)
    assert CupEntry.objects.get().events.count() == 1


def test_a_newer_file_shows_what_changes_and_replaces_only_when_confirmed(cup_world):
    send(cup_world, cup_file(cup_world.home_tournament, now=EARLY))
    player = cup_world.home_tournament.players.get(start_number=1)
    old_name = player.name
    player.name = "Xaver Neumann"
    player.save(update_fields=["name"])
    page, _none = send(cup_world, cup_file(cup_world.home_tournament, now=LATE), confirm=False)
    text = page.content.decode()
    assert "Abend ersetzen" in text and "Xaver Neumann" in text and old_name in text
    entry = CupEntry.objects.get()
    assert entry.signed_at == EARLY  # the preview stored nothing
    page, confirmed = send(cup_world, cup_file(cup_world.home_tournament, now=LATE))
    assert confirmed.status_code == 302
    entry.refresh_from_db()
    assert entry.signed_at == LATE
    assert "Xaver Neumann" in {row["name"] for row in entry.standings}
    kinds = list(entry.events.values_list("kind", flat=True))
    assert kinds == [CupEntryEvent.Kind.UPLOADED, CupEntryEvent.Kind.REPLACED]


def test_a_withdrawn_evening_is_not_sent_again(cup_world):
    send(cup_world, cup_file(cup_world.home_tournament, now=EARLY))
    CupEntry.objects.update(state=CupEntry.State.WITHDRAWN, withdraw_reason="falscher Abend")
    assert "falscher Abend" in refusal(cup_world, cup_file(cup_world.home_tournament, now=LATE))


def test_the_confirmation_checks_the_file_again(cup_world):
    """Between preview and confirmation the member's key is replaced: nothing is stored."""
    data = cup_file(cup_world.home_tournament, now=EARLY)
    page, _none = send(cup_world, data, confirm=False)
    assert page.status_code == 200
    cup_world.home.public_key = cup_world.guest.public_key
    with pytest.raises(CupFileError):
        upload_store(cup=cup_world.cup, member=cup_world.home, data=data, by=None)
    assert not CupEntry.objects.exists()


def test_a_file_that_is_no_cup_file_is_refused(cup_world):
    assert "keine Pokal-Datei" in refusal(cup_world, b'{"format": "schafkopf-turnier"}')
    assert "keine Pokal-Datei" in refusal(cup_world, b"\x00\xff not json")
