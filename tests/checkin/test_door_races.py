"""Two helpers at the door at once, in real threads and transactions: a player is checked in
once, the last place of a limited registration goes to one registration only, and a mailed
confirmation link works once."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from tests.checkin.helpers import FEE
from tests.sheets.helpers import all_at_once
from tournament.checkin.confirmation import registration_confirm, registration_pending_add
from tournament.checkin.services import CheckInError, player_check_in, registration_add

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.slow]


def test_two_helpers_tapping_the_same_player_check_them_in_once(door, clerk, supervisor):
    sepp = door.players.get(start_number=1)
    helpers = [clerk, supervisor]
    payments = ["cash", "free"]
    results = all_at_once(
        2, lambda i: player_check_in(player=sepp, payment=payments[i], user=helpers[i])
    )
    won = [i for i, r in enumerate(results) if not isinstance(r, Exception)]
    lost = [r for r in results if isinstance(r, CheckInError)]
    assert len(won) == 1 and len(lost) == 1
    assert "Sepp Huber ist schon eingecheckt, von" in str(lost[0])
    sepp.refresh_from_db()
    assert sepp.payment == payments[won[0]] and sepp.checked_in_by == helpers[won[0]]
    assert sepp.paid_amount == (FEE if sepp.payment == "cash" else 0)


def test_two_helpers_checking_in_different_players_lose_nothing(door, clerk, supervisor):
    players = list(door.players.order_by("start_number")[:2])
    helpers = [clerk, supervisor]
    results = all_at_once(
        2, lambda i: player_check_in(player=players[i], payment="cash", user=helpers[i])
    )
    assert not any(isinstance(r, Exception) for r in results)
    assert door.players.filter(checked_in_at__isnull=False).count() == 2


def test_the_last_place_goes_to_one_of_two_registrations_at_once(door):
    door.registration_open, door.registration_limit = True, 11
    door.save(update_fields=["registration_open", "registration_limit"])
    names = ["Done Kreuzer", "Burgi Schex"]
    results = all_at_once(2, lambda i: registration_add(tournament=door, name=names[i]))
    assert not any(isinstance(r, Exception) for r in results), results
    assert sorted(r.waiting is None for r in results) == [False, True]
    assert door.players.filter(waiting_since__isnull=True).count() == 11
    assert door.players.filter(waiting_since__isnull=False).count() == 1


def test_two_helpers_phones_posting_the_same_check_in_at_once(door, clerk, supervisor):
    """The same race through the page: two logged-in clients post at the same moment."""
    clients = [Client(), Client()]
    clients[0].force_login(clerk)
    clients[1].force_login(supervisor)
    resi = door.players.get(start_number=2)
    url = reverse("manage:checkin_player", args=[door.slug, resi.pk])
    actions = ["cash", "free"]
    pages = all_at_once(
        2, lambda i: clients[i].post(url, {"action": actions[i]}, follow=True).content.decode()
    )
    told = [page for page in pages if "Resi Maier ist schon eingecheckt, von" in page]
    done = [page for page in pages if "Nr. 2 Resi Maier eingecheckt:" in page]
    assert len(told) == 1 and len(done) == 1
    resi.refresh_from_db()
    assert resi.checked_in_at is not None and resi.payment in actions


def test_a_mailed_link_clicked_twice_at_once_registers_once(door):
    """The confirmation's key works once, also for two clicks at the same moment."""
    door.registration_open = True
    door.save(update_fields=["registration_open"])
    pending = registration_pending_add(
        tournament=door,
        name="Burgi Schex",
        club="",
        email="burgi@example.org",
        full_name_public=False,
        language="de",
    )
    results = all_at_once(2, lambda i: registration_confirm(pending=pending))
    lost = [r for r in results if isinstance(r, CheckInError)]
    assert len(lost) == 1 and "schon bestätigt" in str(lost[0]), results
    assert door.players.filter(name="Burgi Schex").count() == 1
