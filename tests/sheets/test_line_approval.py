"""The supervisor approves where he is. A supervisor who enters a game that
needs the approval approves it on the sheet's entry line (the Tout conditions of 5.2.14 ticked
there), through the same service as the queue; a clerk is offered nothing and refused."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tournament.models import Hand, SheetEvent

pytestmark = pytest.mark.django_db

SLUG = "abend"  # the `evening` tournament of conftest.py
TOUT = {"condition_0": "on", "condition_1": "on"}


def url(name, *args):
    return reverse(f"manage:{name}", args=[SLUG, *args])


def enter(client, code, number):
    return client.post(url("hand_enter", 1, 1), {"number": number, "code": code, "version": 0})


def game(number):
    return Hand.objects.get(table__durchgang__tournament__slug=SLUG, table__number=1, number=number)


def approval_event(number):
    event = SheetEvent.objects.get(kind="approved", number=number)
    after = {k: v for k, v in event.after.items() if k not in ("number", "version")}
    return event.user.username, event.reason, after["approved_by"], after["points"]


def test_the_supervisor_approves_the_tout_he_entered_on_the_line(client, evening, supervisor):
    client.force_login(supervisor)
    response = enter(client, "w 4 + t", 2)
    assert response.status_code == 302 and response.url == url("sheet", 1, 1) + "?genehmigen=2"

    page = client.get(response.url).content.decode()
    assert "Spiel 2 braucht die Genehmigung: Tout" in page
    assert "Genehmigen (Enter)" in page and "Unter" in page  # the Wenz-Tout's conditions
    assert url("line_approve", 1, 1, 2) in page

    hand = game(2)
    refused = client.post(url("line_approve", 1, 1, 2), {"version": hand.version})
    assert refused.status_code == 400
    assert "Regel 5.2.14: Bedingung noch nicht bestätigt" in refused.content.decode()
    assert "Spiel 2 braucht die Genehmigung" in refused.content.decode()  # still on the line
    assert not game(2).approved_by

    done = client.post(url("line_approve", 1, 1, 2), {"version": hand.version, **TOUT})
    assert done.status_code == 302 and done.url == url("sheet", 1, 1)
    hand = game(2)
    assert hand.approved_by == "leitung" and hand.approved_by_user == supervisor
    assert sorted(hand.scores.values_list("points", flat=True)) == [-6, -6, -6, 18]
    page = client.get(done.url).content.decode()
    assert "Spiel 2 genehmigt" in page and "braucht die Genehmigung:" not in page
    assert (
        "Kein Spiel wartet auf eine Genehmigung." in client.get(url("approvals")).content.decode()
    )


def test_the_history_of_an_approval_on_the_line_is_that_of_the_queue(client, evening, supervisor):
    client.force_login(supervisor)
    enter(client, "w 4 + t", 2)
    enter(client, "w 3 + t", 3)
    client.post(url("line_approve", 1, 1, 2), {"version": game(2).version, **TOUT})
    client.post(url("approve", 1, 1, 3), {"version": game(3).version, **TOUT})
    line, queue = approval_event(2), approval_event(3)
    assert line[:3] == queue[:3] == ("leitung", "", "leitung")


def test_a_game_without_conditions_is_approved_with_one_key(client, evening, supervisor):
    client.force_login(supervisor)
    enter(client, "r e 1 3 +", 1)
    response = enter(client, "sie 3", 2)
    page = client.get(response.url).content.decode()
    assert "Spiel 2 braucht die Genehmigung: Sie" in page and "condition_0" not in page
    assert client.post(url("line_approve", 1, 1, 2), {"version": 1}).status_code == 302
    assert game(2).approved_by == "leitung"


def test_a_clerk_is_offered_no_approval_and_is_refused(client, evening, clerk):
    client.force_login(clerk)
    response = enter(client, "w 4 + t", 2)
    assert response.status_code == 302 and response.url == url("sheet", 1, 1)
    page = client.get(url("sheet", 1, 1) + "?genehmigen=2").content.decode()
    assert "Genehmigen (Enter)" not in page and url("line_approve", 1, 1, 2) not in page
    refused = client.post(url("line_approve", 1, 1, 2), {"version": 1, **TOUT})
    assert refused.status_code == 403
    assert not game(2).approved_by
