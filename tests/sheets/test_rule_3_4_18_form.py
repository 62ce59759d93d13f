"""Rule 3.4.18 on the game's page: the sanction form records who made the mistake the offender
revealed his cards after; he scores 0, the game is rescored, the page and the sheet's history
say so; a wrong choice is refused in German and nothing is stored."""

from __future__ import annotations

import pytest
from django.core.management import call_command
from django.utils import translation
from openpyxl import load_workbook

from tests.sheets.decision_helpers import decide, game, page, players, url
from tournament.models import Sanction, SheetEvent
from tournament.sheets.services.supervision import sanction_record

pytestmark = pytest.mark.django_db


def scores(hand) -> dict[int, int]:
    return {s.player.start_number: s.points for s in hand.scores.select_related("player")}


def test_3_4_18_the_sanction_form_stores_the_maker_and_scores_him_0(client, evening, supervisor):
    decide("approved", supervisor)  # games 1 and 2; game 2 a Wenz-Tout of seat 2, approved
    p, hand = players(), game()
    client.force_login(supervisor)
    data = {"offender": p[1].pk, "mistake_by": p[2].pk, "reason": "Karten aufgedeckt"}

    response = client.post(url("sanction", 1, 1, 2), data | {"version": hand.version})

    assert response.status_code == 302
    sanction = Sanction.objects.get(hand=hand)
    assert (sanction.offender, sanction.mistake_by) == (p[1], p[2])
    # A Tout: the defender who revealed takes -18, the declarer who made the mistake 0.
    assert scores(game()) == {1: -18, 2: 0, 3: 0, 4: 0}
    shown = page(client.get(url("hand", 1, 1, 2)))
    assert "Fehler gemacht von Nr. 2 Spieler 2, Regel 3.4.18" in shown
    event = SheetEvent.objects.filter(kind=SheetEvent.Kind.SANCTIONED).latest("pk")
    assert event.after["sanction"]["mistake_by"] == "2 Spieler 2"


@pytest.mark.parametrize(
    ("offender", "mistake_by", "message"),
    [
        (1, 1, "Der Schuldige kann nicht derjenige sein, der den Fehler gemacht hat"),
        (None, 2, "Wer den Fehler gemacht hat (Regel 3.4.18), wird nur mit dem Schuldigen"),
    ],
    ids=["maker-is-offender", "maker-without-offender"],
)
def test_3_4_18_a_wrong_maker_is_refused_in_german_and_nothing_is_stored(
    client, evening, supervisor, offender, mistake_by, message
):
    decide("approved", supervisor)
    p, hand = players(), game()
    before = scores(hand)
    client.force_login(supervisor)
    data = {"offender": p[offender].pk if offender else "", "mistake_by": p[mistake_by].pk}

    response = client.post(
        url("sanction", 1, 1, 2), data | {"reason": "Aufgedeckt", "version": hand.version}
    )

    assert response.status_code == 400
    assert message in page(response)
    assert not Sanction.objects.filter(hand=hand).exists()
    assert scores(game()) == before


def test_3_4_18_the_excel_sanctions_sheet_names_the_maker(evening, supervisor, tmp_path):
    decide("approved", supervisor)
    p, hand = players(), game()
    sanction_record(
        hand=hand,
        user=supervisor,
        offender=p[1],
        mistake_by=p[2],
        reason="Karten aufgedeckt",
        version=hand.version,
    )
    out = tmp_path / "abend.xlsx"
    with translation.override("en"):
        call_command("export_xlsx", "abend", "--out", str(out))
    sheet = load_workbook(out)["Strafen"]
    header, *rows = [list(row) for row in sheet.iter_rows(values_only=True)]
    row = dict(zip(header, rows[0], strict=True))
    assert row["Offender"] == "1 Spieler 1"
    assert row["Mistake made by (rule 3.4.18)"] == "2 Spieler 2"
    assert row["Points"] == -18
