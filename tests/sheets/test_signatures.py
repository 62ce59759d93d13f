"""A player's signature on the sheet (5.3.2) through the clerk's form: the name typed by the
player, or the signature on the paper sheet, ticked on purpose. An empty name alone signs
nothing: the clerk is told in German which seat is missing what, and nothing is stored."""

from __future__ import annotations

import pytest
from django.contrib.messages import get_messages
from django.urls import reverse
from django.utils import translation

from tournament.models import Membership, SheetEvent
from tournament.sheets.services.hand_errors import HandRuleError
from tournament.sheets.services.sheet import seat_sign, sheet_state

pytestmark = pytest.mark.django_db

SIGN = reverse("manage:sign", args=["spielliste", 1, 1])
SHEET = reverse("manage:sheet", args=["spielliste", 1, 1])


@pytest.fixture
def clerk(client, table, schreiber):
    Membership.objects.create(tournament=table.durchgang.tournament, user=schreiber, role="clerk")
    client.force_login(schreiber)
    return client


def signed(table) -> list[tuple]:
    """Each seat's stored signature and whether it counts as signed."""
    return [(s.position, s.signature, s.signed_at is not None) for s in table.seats.all()]


def said(response) -> list[str]:
    return [str(m) for m in get_messages(response.wsgi_request)]


def test_an_empty_name_without_the_paper_choice_is_refused_in_german(clerk, table):
    response = clerk.post(SIGN, {"seat": 2, "signature": "  "}, follow=True)

    assert said(response) == [
        "Sitz 2 (Resi Maier): Bitte den Namen eintippen oder „nur auf Papier unterschrieben“ "
        "ankreuzen, wenn die Unterschrift auf der Spielliste aus Papier steht."
    ]
    assert [(p, s) for p, s, done in signed(table) if done or s] == []
    assert not SheetEvent.objects.filter(table=table).exists()
    assert sheet_state(table).signed == 0
    page = response.content.decode()
    assert "✓ auf Papier" not in page and "Resi Maier hat unterschrieben" not in page


def test_the_paper_choice_records_the_paper_signature(clerk, table):
    response = clerk.post(SIGN, {"seat": 2, "signature": "", "paper": "on"}, follow=True)

    assert said(response) == ["Resi Maier hat unterschrieben."]
    assert signed(table)[1] == (2, "Papier", True)
    assert "✓ auf Papier" in response.content.decode()
    event = SheetEvent.objects.get(table=table)
    assert event.after == {"seat": 2, "player": "Resi Maier", "signature": "Papier"}


def test_a_typed_name_is_stored_as_typed(clerk, table):
    response = clerk.post(SIGN, {"seat": 1, "signature": "sepp huber"}, follow=True)

    assert said(response) == ["Sepp Huber hat unterschrieben."]
    assert signed(table)[0] == (1, "sepp huber", True)
    assert "✓ getippt: sepp huber" in response.content.decode()


def test_a_typed_name_wins_over_the_paper_choice(clerk, table):
    clerk.post(SIGN, {"seat": 1, "signature": "Sepp Huber", "paper": "on"})

    assert signed(table)[0] == (1, "Sepp Huber", True)


def test_the_sheet_offers_the_paper_choice_for_each_seat_still_to_sign(clerk, table):
    page = clerk.get(SHEET).content.decode()

    assert page.count('name="paper"') == 4
    assert page.count("nur auf Papier unterschrieben</label>") == 4
    assert "Leer: Die Unterschrift auf Papier liegt vor." not in page


def test_the_service_refuses_an_empty_name_without_the_paper_choice(table, schreiber):
    seat = table.seats.get(position=3)

    with translation.override("de"), pytest.raises(HandRuleError) as caught:
        seat_sign(seat=seat, user=schreiber, signature="")

    assert "Sitz 3 (Xaver Bauer)" in str(caught.value.errors["signature"][0])
    seat.refresh_from_db()
    assert (seat.signed_at, seat.signature, seat.signed_by) == (None, "", None)
