"""Every write of the scoresheet pages checks the role for the tournament of the object itself;
and a player's history shows his games and the sanctions against him."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.sheets.helpers import enter, game, url
from tournament.models import Correction, Hand, Membership, SheetEvent

pytestmark = pytest.mark.django_db

# (url name, url args, who may: "clerk" or "supervisor")
WRITES = [
    ("hand_enter", (1, 1), "clerk"),
    ("hand_delete", (1, 1, 1), "clerk"),
    ("sign", (1, 1), "clerk"),
    ("correct", (1, 1), "clerk"),
    ("approve", (1, 1, 1), "supervisor"),
    ("refuse", (1, 1, 1), "supervisor"),
    ("strike", (1, 1, 1), "supervisor"),
    ("sanction", (1, 1, 1), "supervisor"),
    ("close", (1, 1), "supervisor"),
    ("correction_decide", (None,), "supervisor"),
]


def _state():
    return (
        list(Hand.objects.order_by("pk").values_list("pk", "version", "struck")),
        SheetEvent.objects.count(),
        Correction.objects.count(),
        Membership.objects.count(),
    )


REFUSED = [
    (role, name, args)
    for name, args, least in WRITES
    for role in ("anonymous", "other_clerk", "clerk")
    if not (role == "clerk" and least == "clerk")  # the clerk's own writes: the flow tests
]


@pytest.mark.parametrize(("role", "name", "args"), REFUSED)
def test_a_write_without_the_role_is_refused_and_changes_nothing(
    client, request, evening, role, name, args
):
    client.force_login(request.getfixturevalue("clerk"))
    enter(client, "w 4 + t", 1)
    client.logout()
    correction = Correction.objects.create(table=game(1).table, number=1, reason="x")
    membership = Membership.objects.get(tournament=evening, role="clerk")
    args = tuple(
        (correction.pk if name == "correction_decide" else membership.pk) if a is None else a
        for a in args
    )
    if role != "anonymous":
        client.force_login(request.getfixturevalue(role))
    before = _state()
    response = client.post(url(name, *args), {"version": 1, "seat": 1, "code": "r e 1 3 +"})
    assert response.status_code == (302 if role == "anonymous" else 403)
    if role == "anonymous":
        assert "/accounts/login/" in response.url
    assert _state() == before


def test_a_players_history_shows_his_games_and_the_sanctions_against_him(client, request, evening):
    client.force_login(request.getfixturevalue("supervisor"))
    enter(client, "r e 1 3 +", 1)
    enter(client, "s h 2 - sn", 2)
    hand = game(2)
    offender = hand.table.seats.get(position=4).player
    sanction = {"offender": offender.pk, "reason": "Karten gezeigt", "version": hand.version}
    client.post(url("sanction", 1, 1, 2), sanction)
    player_page = reverse("tournament:player", args=["abend", offender.start_number])
    page = client.get(player_page).content.decode()
    assert "4 Spieler 4" in page
    assert "Strafen gegen diesen Spieler" in page and "Karten gezeigt" in page
    assert "-9" in page and "-1" in page  # the sanction (3.4.17) and the lost Rufspiel
    assert "Punkte: <strong>-10</strong>" in page
    client.force_login(request.getfixturevalue("other_clerk"))
    assert client.get(player_page).status_code == 404  # the ranking is not published
