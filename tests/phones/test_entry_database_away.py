"""The database goes away while a phone saves a game: the phone gets JSON saying so and
whether the game is stored. A stored game comes with the outcome `saved` (the phone's queue
drops it); one not stored comes without an outcome (the queue keeps it and sends it again under
its key, which stores it once)."""

from __future__ import annotations

import json

import pytest
from django.test import Client

from tests.phones.helpers import enter, url
from tournament.models import Hand, PhoneEntry
from tournament.phones import services

pytestmark = pytest.mark.django_db(transaction=True)  # the save commits, as on a server


@pytest.fixture
def keeper(link) -> Client:
    client = Client(raise_request_exception=False)  # as a server answers: no traceback
    assert client.post(url("phone_sheet", link), {"pin": link.pin}).status_code == 302
    answer = client.post(url("phone_keeper", link), json.dumps({}), content_type="application/json")
    assert answer.status_code == 200
    return client


def test_a_game_stored_before_the_database_went_away_is_answered_saved(
    keeper, link, database_cut, monkeypatch
):
    read_after = services._sheet_now

    def away_then_read(*args, **kwargs):  # the state read after the commit
        database_cut(True)
        return read_after(*args, **kwargs)

    monkeypatch.setattr(services, "_sheet_now", away_then_read)
    answer = enter(keeper, link, 1, "r e 1 3 +", key="k1")
    database_cut(False)
    data = answer.json()
    assert data["outcome"] == "saved" and data["database"] == "away"
    assert data["message"] == "Die Datenbank antwortet nicht. Spiel 1 ist gespeichert."
    assert Hand.objects.filter(table=link.table).count() == 1

    again = enter(keeper, link, 1, "r e 1 3 +", key="k1")  # a phone that sends it once more
    assert again.json()["outcome"] == "saved" and again.json()["replayed"] is True
    assert Hand.objects.filter(table=link.table).count() == PhoneEntry.objects.count() == 1


def test_a_game_not_stored_is_answered_without_an_outcome_and_stored_once_sent_again(
    keeper, link, database_cut, monkeypatch
):
    lock = services.sheet_lock

    def away_then_lock(*args, **kwargs):
        database_cut(True)
        return lock(*args, **kwargs)

    monkeypatch.setattr(services, "sheet_lock", away_then_lock)
    answer = enter(keeper, link, 1, "r e 1 3 +", key="k1")
    database_cut(False)
    monkeypatch.setattr(services, "sheet_lock", lock)
    data = answer.json()
    assert answer.status_code == 503 and "outcome" not in data
    assert data["message"] == (
        "Die Datenbank antwortet nicht. "
        "Das Spiel ist noch nicht gespeichert: Das Handy sendet es noch einmal."
    )
    assert not Hand.objects.filter(table=link.table).exists()

    again = enter(keeper, link, 1, "r e 1 3 +", key="k1")  # the queue's next try
    assert again.json()["outcome"] == "saved"
    assert Hand.objects.filter(table=link.table).count() == 1
