"""Wrong PINs (and wrong personal codes) sent at the same moment are each
counted, in real threads and transactions on the database: five wrong tries are five, and the
link is locked. Before, each try read the count and wrote "1" when the last wrong one was not
recent, so parallel first tries were counted once. Runs on SQLite (a file database, so that
the threads share it) and on PostgreSQL when DATABASE_URL points to one.

So that the tries really meet, each is held at the comparison of the secret until all five
have got there (a barrier, no clock): the moment at which the old code had read the count and
not yet written it."""

from __future__ import annotations

import threading

import pytest

from tests.sheets.helpers import all_at_once
from tournament.models import Seat, TableLink
from tournament.phones import services as phones
from tournament.phones.links import table_link_issue
from tournament.phones.services import CODE_TRIES, PIN_TRIES, code_try, pin_try

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def link(table):
    return table_link_issue(table=table, user=None)


def meet_at(monkeypatch, name: str, count: int) -> None:
    """Hold `count` calls of `phones.<name>` (the comparison) until all have arrived."""
    compare = getattr(phones, name)
    barrier = threading.Barrier(count)

    def held(*args):
        barrier.wait(timeout=30)
        return compare(*args)

    monkeypatch.setattr(phones, name, held)


def test_five_wrong_pins_sent_at_once_are_five_and_lock_the_link(link, monkeypatch):
    meet_at(monkeypatch, "pin_matches", PIN_TRIES)
    wrong = "000000" if link.pin != "000000" else "111111"
    answers = all_at_once(PIN_TRIES, lambda _i: pin_try(link, wrong))
    assert not any(isinstance(answer, Exception) for answer in answers), answers
    assert not any(answer.opened for answer in answers)
    assert TableLink.objects.get(pk=link.pk).pin_failures == PIN_TRIES
    monkeypatch.undo()
    right = pin_try(link, link.pin)
    assert not right.opened and "Zu viele falsche PINs" in right.message


def test_five_wrong_personal_codes_sent_at_once_lock_the_confirmations(link, table, monkeypatch):
    seat = Seat.objects.select_related("player").get(table=table, position=2)
    wrong = "AAAAAA" if seat.player.personal_code != "AAAAAA" else "CCCCCC"
    meet_at(monkeypatch, "personal_code_matches", CODE_TRIES)
    answers = all_at_once(CODE_TRIES, lambda _i: code_try(link, seat, wrong))
    assert all(isinstance(answer, str) and answer for answer in answers), answers
    assert TableLink.objects.get(pk=link.pk).code_failures == CODE_TRIES
    monkeypatch.undo()
    right = code_try(link, seat, seat.player.personal_code)
    assert "Zu viele falsche persönliche Codes" in right
