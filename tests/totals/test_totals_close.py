"""Closing a table recorded by its totals (Summenliste): complete once its totals are entered,
not by its games; the signatures are asked for as on any sheet, except where the sheet comes
closed from a program that keeps none."""

from __future__ import annotations

import pytest

from scoring.totals import SeatTotals
from tournament import models
from tournament.exchange.demo import demo_document
from tournament.exchange.interchange.importer import tournament_import
from tournament.sheets.services.hand_errors import HandRuleError
from tournament.sheets.services.sheet import seat_sign, sheet_close, sheet_state
from tournament.totals.services import table_recording_set, totals_save

pytestmark = pytest.mark.django_db


@pytest.fixture
def totals_table(leitung) -> models.Table:
    document = demo_document(players=8, durchgaenge=1, seed=5, slug="schluss")
    for table in document["durchgaenge"][0]["tables"]:
        table["hands"] = []
    tournament = tournament_import(document)
    table = models.Table.objects.get(durchgang__tournament=tournament, number=1)
    return table_recording_set(table=table, recording="totals", user=leitung)


def test_a_totals_table_is_complete_once_its_totals_are_entered(totals_table, leitung):
    assert not sheet_state(totals_table).complete
    with pytest.raises(HandRuleError) as refused:
        sheet_close(table=totals_table, user=leitung)
    assert "Die Summen des Tisches sind noch nicht eingegeben." in refused.value.errors["__all__"]
    totals_save(
        table=totals_table,
        lines=[SeatTotals(10), SeatTotals(-10), SeatTotals(5), SeatTotals(-5)],
        version=0,
        user=leitung,
    )
    assert sheet_state(totals_table).complete
    with pytest.raises(HandRuleError) as refused:
        sheet_close(table=totals_table, user=leitung)
    assert refused.value.errors["__all__"] == ["0 von 4 Spielern haben unterschrieben."]
    for seat in totals_table.seats.all():
        seat_sign(seat=seat, user=leitung, paper=True)
    sheet_close(table=totals_table, user=leitung)
    totals_table.refresh_from_db()
    assert totals_table.closed


def test_a_sheet_taken_over_closed_needs_no_signatures_but_its_totals(totals_table, leitung):
    with pytest.raises(HandRuleError):
        sheet_close(table=totals_table, user=None, signatures=False)
    totals_save(
        table=totals_table,
        lines=[SeatTotals(10), SeatTotals(-10), SeatTotals(5), SeatTotals(-5)],
        version=0,
    )
    sheet_close(table=totals_table, user=None, signatures=False)
    totals_table.refresh_from_db()
    assert totals_table.closed and totals_table.closed_by is None
