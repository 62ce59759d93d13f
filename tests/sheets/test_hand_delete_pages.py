"""The pages of deleting and restoring a game: the confirmation shows the game as the sheet
shows it and asks why; without a reason nothing is deleted; the history shows the deletion
with its reason and who did it, and the supervisor's *Wiederherstellen* brings it back."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from tournament.models import Correction, Hand, SheetEvent, Table

pytestmark = pytest.mark.django_db

SLUG = "abend"  # the `evening` tournament of tests/conftest.py
NO_REASON = "Grund: Bitte angeben, warum das Spiel gelöscht wird."


def url(name, *args):
    return reverse(f"manage:{name}", args=[SLUG, *args])


def text(response) -> str:
    """The page's text without tags and with single blanks."""
    body = re.sub(r"<[^>]+>", " ", response.content.decode())
    return re.sub(r"\s+", " ", body)


def table(number=1) -> Table:
    return Table.objects.get(durchgang__tournament__slug=SLUG, number=number)


def enter(client, number, code, at=1):
    data = {"number": number, "code": code, "version": 0}
    assert client.post(url("hand_enter", 1, at), data).status_code == 302


def test_the_confirmation_shows_the_game_as_the_sheet_shows_it(client, evening, clerk):
    client.force_login(clerk)
    enter(client, 3, "r s 3 1 - sn l3")

    response = client.get(url("hand_delete", 1, 1, 3))

    page = text(response)
    assert response.status_code == 200
    assert "Spiel 3 löschen? · Durchgang 1 · Tisch 1" in page
    assert "Geber 3: Nr. 3 Spieler 3" in page
    assert "Spielart Rufspiel Schellen" in page
    assert "Spielmacher Nr. 3 Spieler 3" in page and "Mitspieler Nr. 1 Spieler 1" in page
    assert "Ergebnis verloren Schneider" in page
    assert "Laufende 3" in page and "Kontra keine" in page
    assert "1: Nr. 1 Spieler 1 -2" in page and "2: Nr. 2 Spieler 2 +2" in page
    assert "3: Nr. 3 Spieler 3 -2" in page and "4: Nr. 4 Spieler 4 +2" in page
    assert 'name="reason"' in response.content.decode()


def test_the_sheet_page_leads_to_the_confirmation(client, evening, clerk):
    client.force_login(clerk)
    enter(client, 1, "r e 1 3 +")

    sheet = client.get(url("sheet", 1, 1)).content.decode()

    assert f'href="{url("hand_delete", 1, 1, 1)}"' in sheet
    assert "confirm(" not in sheet


def test_without_a_reason_nothing_is_deleted_and_the_field_is_named(client, evening, clerk):
    client.force_login(clerk)
    enter(client, 1, "r e 1 3 +")
    events = SheetEvent.objects.count()

    response = client.post(url("hand_delete", 1, 1, 1), {"version": 1, "reason": "  "})

    assert response.status_code == 400
    assert NO_REASON in text(response)
    assert Hand.objects.filter(table=table(), number=1).exists()
    assert SheetEvent.objects.count() == events


def test_the_history_shows_the_deletion_and_the_supervisor_restores_it(
    client, evening, clerk, supervisor
):
    client.force_login(clerk)
    enter(client, 1, "r e 1 3 +")
    enter(client, 2, "r g 2 4 - sn")
    deleted = client.post(url("hand_delete", 1, 1, 2), {"version": 1, "reason": "Falscher Tisch"})
    assert deleted.status_code == 302
    assert not Hand.objects.filter(table=table(), number=2).exists()
    event = SheetEvent.objects.get(kind="deleted")
    restore = url("hand_restore", 1, 1, event.pk)

    as_clerk = text(client.get(url("sheet", 1, 1)))
    assert "gelöscht schreiber" in as_clerk and "Falscher Tisch" in as_clerk
    assert restore not in client.get(url("sheet", 1, 1)).content.decode()
    assert client.post(restore).status_code == 403

    client.force_login(supervisor)
    sheet = client.get(url("sheet", 1, 1)).content.decode()
    assert restore in sheet and "Wiederherstellen" in sheet
    confirm = text(client.get(restore))
    assert "Spiel 2 wiederherstellen?" in confirm and "Grund: Falscher Tisch" in confirm
    assert "Ergebnis verloren Schneider" in confirm
    restored = client.post(restore)

    assert restored.status_code == 302
    hand = Hand.objects.get(table=table(), number=2)
    assert (hand.contract, hand.suit, hand.won, hand.schneider) == ("rufspiel", "gras", False, True)
    after = text(client.get(url("sheet", 1, 1)))
    assert "wiederhergestellt leitung" in after
    assert restore not in client.get(url("sheet", 1, 1)).content.decode()  # the number is taken


def test_restoring_a_taken_number_says_so_and_changes_nothing(client, evening, supervisor):
    client.force_login(supervisor)
    enter(client, 1, "r e 1 3 +")
    client.post(url("hand_delete", 1, 1, 1), {"version": 1, "reason": "Doppelt"})
    enter(client, 1, "r g 2 4 +")
    event = SheetEvent.objects.get(kind="deleted")
    events = SheetEvent.objects.count()

    shown = text(client.get(url("hand_restore", 1, 1, event.pk)))
    response = client.post(url("hand_restore", 1, 1, event.pk))

    taken = "Die Nummer 1 ist inzwischen wieder belegt"
    assert taken in shown
    assert response.status_code == 400 and taken in text(response)
    assert Hand.objects.get(table=table(), number=1).suit == "gras"
    assert SheetEvent.objects.count() == events


def test_only_a_deletion_can_be_restored(client, evening, supervisor):
    client.force_login(supervisor)
    enter(client, 1, "r e 1 3 +")
    entered = SheetEvent.objects.get(kind="entered")

    assert client.get(url("hand_restore", 1, 1, entered.pk)).status_code == 404
    assert client.post(url("hand_restore", 1, 1, entered.pk)).status_code == 404


def test_a_correction_with_an_empty_code_is_refused_and_stores_nothing(
    client, evening, clerk, supervisor
):
    client.force_login(supervisor)
    enter(client, 1, "r e 1 3 +")
    hand = Hand.objects.get(table=table(), number=1)
    client.post(url("strike", 1, 1, 1), {"version": hand.version, "reason": "Falsch gegeben"})
    client.force_login(clerk)

    empty = client.post(url("correct", 1, 1), {"number": 1, "code": "", "reason": "Verzählt"})
    chosen = client.post(
        url("correct", 1, 1), {"number": 1, "code": "", "delete": "on", "reason": "Verzählt"}
    )

    assert empty.status_code == 400
    assert "Spielcode: Bitte das Spiel eingeben" in text(empty)
    assert chosen.status_code == 302
    [correction] = Correction.objects.all()
    assert correction.proposed is None and correction.number == 1
