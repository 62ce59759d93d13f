"""A refused game names its players as the people at the table know them: start number and
name, never the database's id."""

from __future__ import annotations

import pytest
from django.urls import reverse

from scoring.hand import Violation
from tournament.exchange.interchange.importer import tournament_import
from tournament.models import Hand, Membership, Player
from tournament.sheets.services.hand_errors import violations_as_errors

pytestmark = pytest.mark.django_db


@pytest.fixture
def hall(evening, supervisor, clerk):
    """A table of five whose first seat holds start number 9, Michael Schmid; imported after
    the `evening` tournament, so that no player's id equals their start number."""
    tournament = tournament_import(
        {
            "format": "schafkopf-turnier",
            "version": 1,
            "tournament": {"slug": "halle", "name": "Hallenturnier", "date": "2026-11-28"},
            "players": [
                {"id": str(n), "name": "Michael Schmid" if n == 9 else f"Gast {n}"}
                for n in range(5, 10)
            ],
            "durchgaenge": [
                {"number": 1, "tables": [{"number": 1, "seats": ["9", "5", "6", "7", "8"]}]}
            ],
        }
    )
    Membership.objects.create(tournament=tournament, user=clerk, role="clerk")
    return tournament


def test_the_dealer_declaring_at_a_table_of_five_is_named_by_start_number_and_name(
    client, clerk, hall
):
    schmid = Player.objects.get(tournament=hall, start_number=9)
    assert schmid.pk != 9
    client.force_login(clerk)
    response = client.post(
        reverse("manage:hand_enter", args=["halle", 1, 1]),
        {"number": 1, "code": "s e 1 +", "version": 0},
    )
    assert response.status_code == 400
    page = response.content.decode()
    assert "Nr. 9 Michael Schmid gibt in Spiel 1 und setzt aus." in page
    assert f"Spieler {schmid.pk} " not in page
    assert not Hand.objects.filter(table__durchgang__tournament=hall).exists()


def test_a_player_not_at_the_table_is_named_too(hall):
    schmid = Player.objects.get(tournament=hall, start_number=9)
    errors = violations_as_errors(
        [Violation("sanction.offender", "not_seated", {"player": str(schmid.pk)})]
    )
    assert errors == {"sanction.offender": ["Nr. 9 Michael Schmid sitzt nicht an diesem Tisch."]}
