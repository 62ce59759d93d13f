"""Checking players in at the door: one tap with the Startgeld, what the next draw seats, taking
a check-in back, late arrivals; the messages a helper sees."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.test import Client
from django.urls import reverse

from tests.checkin.helpers import FEE
from tournament.checkin.services import players_playing
from tournament.draw.services import durchgang_draw
from tournament.models import Player, Seat
from tournament.ranking.standings import standings_compute

pytestmark = pytest.mark.django_db


def player(door, number: int) -> Player:
    return door.players.get(start_number=number)


def tap(client, door, number: int, action: str):
    url = reverse("manage:checkin_player", args=[door.slug, player(door, number).pk])
    return client.post(url, {"action": action}, follow=True)


def shown(response) -> str:
    return response.content.decode()


def test_one_tap_checks_a_player_in_with_the_startgeld_paid(door, helper, clerk):
    response = tap(helper, door, 3, "cash")
    assert "Nr. 3 Xaver Bauer eingecheckt: 12,50 € bar bezahlt." in shown(response)
    xaver = player(door, 3)
    assert xaver.checked_in_at is not None and xaver.checked_in_by == clerk
    assert (xaver.payment, xaver.paid_amount) == ("cash", FEE)
    tap(helper, door, 4, "free")
    tap(helper, door, 5, "open")
    states = {p.start_number: (p.payment, p.paid_amount) for p in door.players.all()}
    assert states[4] == ("free", Decimal(0)) and states[5] == ("open", Decimal(0))
    assert states[1] == ("open", Decimal(0))  # not at the door yet


def test_the_second_tap_on_the_same_player_is_told_who_was_first(door, helper, boss):
    tap(helper, door, 2, "cash")
    response = tap(boss, door, 2, "free")
    assert "Resi Maier ist schon eingecheckt, von schreiber um" in shown(response)
    assert player(door, 2).payment == "cash"  # the first one stays


def test_only_players_checked_in_are_drawn_when_the_door_checks_in(door, helper):
    for number in range(1, 9):
        tap(helper, door, number, "cash")
    assert sorted(players_playing(door).values_list("start_number", flat=True)) == list(range(1, 9))
    durchgang_draw(tournament=door, number=1, seed="tür")
    seated = Seat.objects.filter(durchgang__tournament=door)
    assert sorted(seated.values_list("player__start_number", flat=True)) == list(range(1, 9))
    ranked = [s.player.start_number for s in standings_compute(door)]
    assert sorted(ranked) == list(range(1, 9))  # the two who never came are not ranked


def test_without_check_in_every_registered_player_is_drawn(door):
    door.check_in = False
    door.save(update_fields=["check_in"])
    player(door, 10).__class__.objects.filter(pk=player(door, 10).pk).update(withdrawn=True)
    durchgang_draw(tournament=door, number=1, seed="ohne")
    seated = Seat.objects.filter(durchgang__tournament=door)
    assert sorted(seated.values_list("player__start_number", flat=True)) == list(range(1, 10))


def test_a_check_in_taken_back_is_open_again_but_not_after_the_draw(door, helper):
    tap(helper, door, 1, "cash")
    response = tap(helper, door, 1, "undo")
    assert "Nr. 1 Sepp Huber ist nicht mehr eingecheckt." in shown(response)
    sepp = player(door, 1)
    assert (sepp.checked_in_at, sepp.payment, sepp.paid_amount) == (None, "open", Decimal(0))
    for number in range(1, 9):
        tap(helper, door, number, "cash")
    durchgang_draw(tournament=door, number=1, seed="x")
    response = tap(helper, door, 1, "undo")
    assert "Sepp Huber ist schon ausgelost: Ziehe den Spieler stattdessen zurück." in shown(
        response
    )
    assert player(door, 1).checked_in_at is not None


def test_paying_later_and_marking_free(door, helper):
    tap(helper, door, 6, "open")
    response = tap(helper, door, 6, "pay-cash")
    assert "Nr. 6 Girgl Moser: 12,50 € bar bezahlt." in shown(response)
    assert player(door, 6).paid_amount == FEE
    tap(helper, door, 6, "pay-free")
    assert (player(door, 6).payment, player(door, 6).paid_amount) == ("free", Decimal(0))


def test_the_search_finds_by_start_number_name_or_club(door, helper):
    url = reverse("manage:checkin", args=[door.slug])
    by_club = shown(helper.post(url, {"q": "grafing"}))
    assert "Xaver Bauer" in by_club and "Vroni Hofer" in by_club and "Sepp Huber" not in by_club
    by_number = shown(helper.post(url, {"q": "10"}))
    assert "Lenz Obermaier" in by_number and "Kathi" not in by_number
    assert "Kein Spieler gefunden." in shown(helper.post(url, {"q": "Niemand"}))


def test_the_search_is_posted_and_a_name_in_the_address_filters_nothing(door, helper):
    """A name in an address stays in the access log, after an erasure too (docs/security.md,
    *Trust boundaries*)."""
    url = reverse("manage:checkin", args=[door.slug])
    page = shown(helper.get(url))
    assert '<form method="post" action="/turnier/kirta/leitung/einlass/"' in page
    assert 'name="csrfmiddlewaretoken"' in page.split('id="door-search"')[1].split("</form>")[0]
    by_address = shown(helper.get(url, {"q": "grafing"}))
    assert "Sepp Huber" in by_address and "Lenz Obermaier" in by_address  # the whole list
    assert 'value="grafing"' not in by_address


def test_the_search_without_the_csrf_token_is_refused(door, clerk):
    client = Client(enforce_csrf_checks=True)
    client.force_login(clerk)
    url = reverse("manage:checkin", args=[door.slug])
    assert client.post(url, {"q": "grafing"}).status_code == 403


def test_a_late_arrival_is_added_and_checked_in(door, helper):
    url = reverse("manage:checkin_late", args=[door.slug])
    response = helper.post(url, {"name": "Done Kreuzer", "club": "Aßling", "payment": "cash"})
    assert response.status_code == 302
    late = door.players.get(name="Done Kreuzer")
    assert (late.start_number, late.payment, late.paid_amount) == (11, "cash", FEE)
    assert late.checked_in_at is not None and late.person is not None


def test_a_late_arrival_without_a_name_is_refused_in_german(door, helper):
    url = reverse("manage:checkin_late", args=[door.slug])
    response = helper.post(url, {"name": "  ", "club": "", "payment": "cash"})
    assert response.status_code == 400
    assert "Dieses Feld ist zwingend erforderlich." in shown(response)
    assert door.players.count() == 10


def test_the_door_settings_refuse_a_negative_startgeld(door, boss):
    url = reverse("manage:door_settings", args=[door.slug])
    response = boss.post(url, {"entry_fee": "-5", "check_in": "on"})
    assert response.status_code == 200
    assert "Startgeld" in shown(response)
    assert "größer oder gleich 0" in shown(response)
    door.refresh_from_db()
    assert door.entry_fee == FEE


def test_a_clerk_may_check_in_but_not_see_the_cash(door, helper):
    assert helper.get(reverse("manage:checkin", args=[door.slug])).status_code == 200
    assert helper.get(reverse("manage:cash", args=[door.slug])).status_code == 403
    assert helper.get(reverse("manage:door_settings", args=[door.slug])).status_code == 403
