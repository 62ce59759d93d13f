"""A clerk's save when things go wrong on the way: the database goes away (instead of the error
page a German page says that the database does not answer and whether the game is stored, as it
is), or the answer is lost and the clerk sends the game again (its message shows once)."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from tests.sheets.helpers import enter
from tournament.models import Hand
from tournament.sheets.views import sheet as sheet_views

pytestmark = pytest.mark.django_db(transaction=True)  # the save commits, as on a server
SLUG = "abend"


@pytest.fixture
def clerk_client(evening, clerk):
    client = Client(raise_request_exception=False)  # as a server answers: no traceback
    client.force_login(clerk)
    return client


def games() -> list[int]:
    return list(
        Hand.objects.filter(table__durchgang__tournament__slug=SLUG).values_list(
            "number", flat=True
        )
    )


def test_a_game_stored_before_the_database_went_away_is_said_to_be_stored(
    clerk_client, database_cut, monkeypatch
):
    save, note = sheet_views.entry_save, sheet_views.first_game_note

    def save_then_away(*args, **kwargs):
        found = save(*args, **kwargs)  # committed
        database_cut(True)  # what follows finds no database
        return found

    def note_read(hand):  # the read after the commit (a first game's note reads its sheet)
        Hand.objects.filter(table=hand.table).count()
        return note(hand)

    monkeypatch.setattr(sheet_views, "entry_save", save_then_away)
    monkeypatch.setattr(sheet_views, "first_game_note", note_read)
    response = enter(clerk_client, "r e 1 3 +", 1)
    database_cut(False)
    text = response.content.decode()
    assert response.status_code == 503 and "Serverfehler" not in text
    assert "Die Datenbank antwortet nicht. Spiel 1 ist gespeichert." in text
    assert games() == [1]


def test_a_game_the_database_did_not_store_is_said_not_to_be_stored(
    clerk_client, database_cut, monkeypatch
):
    lock = sheet_views.sheet_lock

    def away_then_lock(*args, **kwargs):
        database_cut(True)
        return lock(*args, **kwargs)

    monkeypatch.setattr(sheet_views, "sheet_lock", away_then_lock)
    response = enter(clerk_client, "r e 1 3 +", 1)
    database_cut(False)
    text = response.content.decode()
    assert response.status_code == 503 and response["Retry-After"] == "60"
    assert "Die Datenbank antwortet nicht. Spiel 1 ist nicht gespeichert" in text
    assert games() == []


def test_any_other_error_keeps_the_error_page(clerk_client, monkeypatch):
    def broken(*args, **kwargs):
        raise RuntimeError("a bug")

    monkeypatch.setattr(sheet_views, "sheet_lock", broken)
    response = enter(clerk_client, "r e 1 3 +", 1)
    assert response.status_code == 500 and "Datenbank" not in response.content.decode()


def test_a_save_sent_again_after_a_lost_answer_shows_its_message_once(clerk_client):
    """The first answer's redirect came back (its cookie holds the message), the sheet page
    after it did not: the clerk presses Enter again, and the sheet shows the message once."""
    assert enter(clerk_client, "w 4 + t", 1).status_code == 302  # a Tout: needs approval
    assert enter(clerk_client, "w 4 + t", 1).status_code == 302  # the retry, stored as typed
    sheet = clerk_client.get(reverse("manage:sheet", args=[SLUG, 1, 1])).content.decode()
    assert sheet.count("Spiel 1 braucht die Genehmigung der Turnierleitung.") == 1
    assert games() == [1]
