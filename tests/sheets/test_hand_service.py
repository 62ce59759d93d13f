"""Recording games through the service: scores computed once on save, rules enforced."""

from __future__ import annotations

import pytest
from django.utils import translation

from tournament.exchange.interchange.importer import tournament_import
from tournament.models import Hand, HandScore, Table
from tournament.ranking.standings import standings_compute
from tournament.sheets.services.hand_errors import HandConflict, HandRuleError
from tournament.sheets.services.hands import SanctionInput, hand_record

pytestmark = pytest.mark.django_db


@pytest.fixture
def table():
    tournament = tournament_import(
        {
            "format": "schafkopf-turnier",
            "version": 1,
            "tournament": {"slug": "klein", "name": "Klein", "date": "2026-11-22"},
            "players": [{"id": str(n), "name": f"Spieler {n}"} for n in range(1, 5)],
            "durchgaenge": [
                {"number": 1, "tables": [{"number": 1, "seats": ["1", "2", "3", "4"]}]}
            ],
        }
    )
    return Table.objects.get(durchgang__tournament=tournament)


def _players(table):
    return {p.ident: p for p in table.durchgang.tournament.players.all()}


def _points(hand):
    return {s.player.ident: s.points for s in hand.scores.select_related("player")}


def test_a_recorded_rufspiel_stores_each_seats_points(table):
    p = _players(table)
    hand = hand_record(
        table=table,
        number=2,
        contract="rufspiel",
        suit="eichel",
        declarer=p["1"],
        partner=p["3"],
        won=True,
        schneider=True,
    )
    assert _points(hand) == {"1": 2, "2": -2, "3": 2, "4": -2}


def test_a_game_breaking_a_rule_stores_nothing_and_names_the_field(table):
    p = _players(table)
    with translation.override("de"), pytest.raises(HandRuleError) as caught:
        hand_record(
            table=table,
            number=2,
            contract="rufspiel",
            suit="herz",
            declarer=p["1"],
            partner=p["1"],
            won=True,
        )
    assert set(caught.value.errors) == {"suit", "partner"}
    assert "Partner" in caught.value.errors["partner"][0]
    assert Hand.objects.count() == 0 and HandScore.objects.count() == 0


def test_the_fifth_single_player_game_waits_for_approval_and_scores_nothing_until_then(table):
    p = _players(table)
    for number in range(1, 5):
        hand_record(table=table, number=number, contract="wenz", declarer=p["2"], won=True)
    fifth = hand_record(table=table, number=5, contract="wenz", declarer=p["2"], won=True)
    fifth.refresh_from_db()
    assert fifth.needs_approval and not fifth.scored
    assert set(_points(fifth).values()) == {0}
    assert standings_compute(table.durchgang.tournament)[0].totals.points == 4 * 6
    hand_record(
        table=table,
        number=5,
        contract="wenz",
        declarer=p["2"],
        won=True,
        approved_by="Turnierleitung",
    )
    assert _points(fifth) == {"1": -2, "2": 6, "3": -2, "4": -2}


def test_an_earlier_solo_entered_late_makes_a_later_one_need_approval(table):
    p = _players(table)
    for number in (2, 3, 4, 6):
        hand_record(
            table=table, number=number, contract="solo", suit="gras", declarer=p["3"], won=False
        )
    assert not Hand.objects.get(number=6).needs_approval
    hand_record(table=table, number=1, contract="solo", suit="gras", declarer=p["3"], won=False)
    assert Hand.objects.get(number=6).needs_approval
    assert set(_points(Hand.objects.get(number=6)).values()) == {0}


def test_a_sanction_is_scored_by_the_offence(table):
    p = _players(table)
    hand = hand_record(
        table=table,
        number=3,
        contract="solo",
        suit="eichel",
        declarer=p["1"],
        sanction=SanctionInput(offender=p["4"], reason="Vorwerfen"),
    )
    assert _points(hand) == {"1": 9, "2": 0, "3": 0, "4": -9}
    assert hand.sanction.reason == "Vorwerfen"


def test_changing_a_game_needs_the_version_that_was_edited(table):
    p = _players(table)
    hand = hand_record(table=table, number=2, contract="wenz", declarer=p["1"], won=True)
    changed = hand_record(
        table=table, number=2, contract="wenz", declarer=p["1"], won=False, version=hand.version
    )
    assert changed.version == hand.version + 1
    assert _points(changed)["1"] == -6
    with pytest.raises(HandConflict):
        hand_record(
            table=table, number=2, contract="wenz", declarer=p["1"], won=True, version=hand.version
        )
    assert _points(Hand.objects.get(number=2))["1"] == -6
