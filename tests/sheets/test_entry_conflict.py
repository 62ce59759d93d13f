"""After a conflict on the entry line, a second Enter does not overwrite the
other clerk's game. The line shows the stored game beside the typed one and saves only after an
explicit choice, against the version of the stored game it showed."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse

from tournament.models import Hand, Membership, SheetEvent, Table

pytestmark = pytest.mark.django_db

SLUG = "abend"  # the `evening` tournament of conftest.py


def url(name, *args):
    return reverse(f"manage:{name}", args=[SLUG, *args])


def stored():
    hand = Hand.objects.get(table__durchgang__tournament__slug=SLUG, table__number=1, number=1)
    seat = dict(hand.table.seats.values_list("player_id", "position"))
    return hand.suit, seat[hand.declarer_id], hand.won, hand.version


@pytest.fixture
def two_clerks(evening, clerk):
    """Anna (`schreiber`) and Berta, both clerks of the evening; game 1 entered by Anna."""
    berta = get_user_model().objects.create_user("berta")
    Membership.objects.create(tournament=evening, user=berta, role="clerk")
    anna_client, berta_client = Client(), Client()
    anna_client.force_login(clerk)
    berta_client.force_login(berta)
    line = {"number": 1, "code": "r e 1 3 +", "version": 0}
    assert anna_client.post(url("hand_enter", 1, 1), line).status_code == 302
    return anna_client, berta_client


def save(client, code, version, **extra):
    return client.post(
        url("hand_enter", 1, 1), {"number": 1, "code": code, "version": version, **extra}
    )


def test_enter_again_after_a_conflict_saves_nothing_only_the_explicit_choice_does(two_clerks):
    anna, berta = two_clerks
    assert save(berta, "r g 2 4 -", 1).status_code == 302  # Berta changes game 1 first
    assert stored() == ("gras", 2, False, 2)

    conflict = save(anna, "s h 3 +", 1)  # Anna's change, on the version she had loaded
    page = conflict.content.decode()
    assert conflict.status_code == 400
    assert "Spiel 1 wurde inzwischen von jemand anderem geändert" in page
    # The stored game beside hers, with who changed it; the line keeps her old version.
    assert "Jetzt gespeichert als Spiel 1" in page and "<code>r g 2 4 -</code>" in page
    assert "geändert von berta" in page
    assert "Ihre Eingabe" in page and "<code>s h 3 +</code>" in page
    assert 'name="version" value="1"' in page and 'name="gesehen" value="2"' in page
    assert "Meine Eingabe speichern (überschreibt Spiel 1)" in page
    assert stored() == ("gras", 2, False, 2)

    again = save(anna, "s h 3 +", 1, gesehen=2)  # Enter again: the same line, no choice
    assert again.status_code == 400
    assert "Bitte zuerst wählen" in again.content.decode()
    assert stored() == ("gras", 2, False, 2)
    assert SheetEvent.objects.filter(number=1).count() == 2

    chosen = save(anna, "s h 3 +", 1, gesehen=2, ueberschreiben=1)
    assert chosen.status_code == 302
    assert stored() == ("herz", 3, True, 3)
    last = SheetEvent.objects.filter(number=1).order_by("-pk").first()
    assert (last.kind, last.user.username, last.before["suit"]) == ("edited", "schreiber", "gras")


def test_a_third_change_after_the_conflict_shown_is_a_conflict_again(two_clerks, supervisor):
    anna, berta = two_clerks
    save(berta, "r g 2 4 -", 1)
    save(anna, "s h 3 +", 1)  # the conflict shows version 2
    save(berta, "r s 4 2 +", 2)  # Berta changes it once more: version 3

    response = save(anna, "s h 3 +", 1, gesehen=2, ueberschreiben=1)

    page = response.content.decode()
    assert response.status_code == 400 and "inzwischen von jemand anderem geändert" in page
    assert "<code>r s 4 2 +</code>" in page and 'name="gesehen" value="3"' in page
    assert stored() == ("schellen", 4, True, 3)


def test_the_choice_saves_only_the_game_it_names(two_clerks):
    anna, berta = two_clerks
    save(berta, "r g 2 4 -", 1)
    # "overwrite game 2" with the line's game 1: not a choice for game 1
    response = save(anna, "s h 3 +", 1, gesehen=2, ueberschreiben=2)
    assert response.status_code == 400
    assert stored() == ("gras", 2, False, 2)


def test_keeping_the_stored_game_drops_the_typed_one(two_clerks):
    anna, berta = two_clerks
    save(berta, "r g 2 4 -", 1)
    save(anna, "s h 3 +", 1)

    response = save(anna, "s h 3 +", 1, gesehen=2, behalten=1)

    assert response.status_code == 302
    assert stored() == ("gras", 2, False, 2)
    page = anna.get(response.url).content.decode()
    assert "Spiel 1 bleibt wie gespeichert; Ihre Eingabe wurde nicht gespeichert." in page
    assert Table.objects.get(durchgang__tournament__slug=SLUG, number=1).hands.count() == 1


def test_a_retry_of_a_save_that_went_through_is_saved_not_a_conflict(two_clerks):
    """The answer to Anna's save of game 1 was lost; she sends the same line again,
    on the version she had (0: a new game). It is stored already, exactly as typed: she is told
    it is saved, and nothing is stored twice."""
    anna, _berta = two_clerks
    retry = save(anna, "r e 1 3 +", 0)
    assert retry.status_code == 302
    page = anna.get(retry["Location"]).content.decode()
    assert "wurde inzwischen" not in page
    assert stored() == ("eichel", 1, True, 1)
    assert SheetEvent.objects.filter(number=1).count() == 1

    # Another game on the same old version still conflicts: somebody else's game is there.
    other = save(anna, "r e 1 3 -", 0)
    assert other.status_code == 400
    assert "Spiel 1 wurde inzwischen von jemand anderem geändert" in other.content.decode()
    assert stored() == ("eichel", 1, True, 1)
