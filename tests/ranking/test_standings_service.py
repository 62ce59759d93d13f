"""Standings from the stored score rows: substitutes, lots from the seed or a physical draw."""

from __future__ import annotations

import copy

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from rules.tiebreaks import COUNTERS
from scoring.scoresheet import SEAT_TOTAL_FIELDS
from tests.sheets.fixtures import ruf, solo
from tournament.exchange.interchange.importer import tournament_import
from tournament.models import Hand, HandScore, Seat
from tournament.ranking.standings import standings_compute
from tournament.ranking.standings_export import standing_record
from tournament.sheets.services.hands import hand_delete, hand_save
from tournament.sheets.services.supervision import hand_approve, hand_strike

pytestmark = pytest.mark.django_db


def _rows(tournament, **kwargs):
    return [standing_record(s) for s in standings_compute(tournament, **kwargs)]


def test_the_standings_take_a_constant_number_of_queries(example_tournament):
    with CaptureQueriesContext(connection) as queries:
        standings_compute(example_tournament)
    assert len(queries) <= 2


def test_a_substitute_takes_over_the_points_of_the_player_replaced(example_document):
    doc = copy.deepcopy(example_document)
    doc["players"].append({"id": "P0099", "name": "Ersatz Sepp", "club": "", "replaces": "P0008"})
    for table in doc["durchgaenge"][1]["tables"]:
        table["seats"] = ["P0099" if s == "P0008" else s for s in table["seats"]]
        for hand in table["hands"]:
            for key in ("declarer", "partner"):
                if hand.get(key) == "P0008":
                    hand[key] = "P0099"
            if hand.get("sanction", {}).get("offender") == "P0008":
                hand["sanction"]["offender"] = "P0099"
    rows = _rows(tournament_import(doc))
    assert len(rows) == 13
    top = rows[0]
    assert (top["player"], top["name"], top["points"]) == ("P0099", "Ersatz Sepp", 30)
    assert top["durchgaenge"] == [2, 28] and top["solo_played"] == 5
    assert "P0008" not in {r["player"] for r in rows}


def _tied_document(example_document):
    """The example with two extra players who never play: tied in everything."""
    doc = copy.deepcopy(example_document)
    doc["players"] += [
        {"id": "Z1", "name": "Zenzi Eins", "club": ""},
        {"id": "Z2", "name": "Zenzi Zwei", "club": ""},
        {"id": "Z3", "name": "Zenzi Drei", "club": ""},
    ]
    return doc


def test_players_equal_in_everything_are_separated_by_the_seeded_lot(example_document):
    tournament = tournament_import(_tied_document(example_document))
    rows = _rows(tournament)
    tied = [r for r in rows if r["player"].startswith("Z")]
    assert sorted(r["lot"] for r in tied) == [1, 2, 3]
    assert [r["lot"] for r in tied] == [1, 2, 3]
    assert all(r["lot"] is None for r in rows if not r["player"].startswith("Z"))
    assert _rows(tournament) == rows, "the lot is reproducible"


def test_another_lot_seed_can_change_the_drawn_order(example_document):
    orders = set()
    for n in range(8):
        doc = _tied_document(example_document)
        doc["tournament"]["lot_seed"] = f"saat-{n}"
        doc["tournament"]["slug"] = f"los-{n}"
        orders.add(tuple(r["player"] for r in _rows(tournament_import(doc)) if r["lot"]))
    assert len(orders) > 1


def test_a_physical_draw_entered_by_the_supervisor_decides_the_tie(example_document):
    tournament = tournament_import(_tied_document(example_document))
    for position, ident in enumerate(["Z3", "Z1", "Z2"], start=1):
        tournament.players.filter(ident=ident).update(drawn_lot=position)
    tied = [r["player"] for r in _rows(tournament) if r["lot"]]
    assert tied == ["Z3", "Z1", "Z2"]


# --- The seats' totals, which the standings add up, always match the stored scores ----------


def _totals_from_scores(tournament) -> dict[tuple[int, int], tuple[int, ...]]:
    sums: dict[tuple[int, int], list[int]] = {}
    scores = HandScore.objects.filter(tournament=tournament).values_list(
        "hand__table_id", "player_id", "points", *COUNTERS
    )
    for table_id, player_id, points, *counters in scores:
        row = sums.setdefault((table_id, player_id), [0] * 8)
        row[0] += points
        row[1 if points > 0 else 2] += points if points else 0
        for index, value in enumerate(counters, start=3):
            row[index] += value
    return {key: tuple(row) for key, row in sums.items()}


def _totals_of_seats(tournament) -> dict[tuple[int, int], tuple[int, ...]]:
    seats = Seat.objects.filter(durchgang__tournament=tournament)
    return {
        (s.table_id, s.player_id): tuple(getattr(s, name) for name in SEAT_TOTAL_FIELDS)
        for s in seats
        if any(getattr(s, name) for name in SEAT_TOTAL_FIELDS)
    }


def test_the_seats_totals_match_the_scores_after_every_kind_of_change(
    example_tournament, table, p, supervisor
):
    assert _totals_of_seats(example_tournament) == _totals_from_scores(example_tournament)
    tournament = table.durchgang.tournament
    hand_save(table=table, number=1, game=ruf(p), version=0)
    hand_save(table=table, number=2, game=solo(p, won=False, schneider=True), version=0)
    hand_save(table=table, number=3, game=solo(p, tout=True), version=0)  # awaits approval
    assert _totals_of_seats(tournament) == _totals_from_scores(tournament)
    hand_approve(hand=Hand.objects.get(table=table, number=3), user=supervisor)
    hand_strike(
        hand=Hand.objects.get(table=table, number=1), user=supervisor, struck=True, reason="x"
    )
    assert _totals_of_seats(tournament) == _totals_from_scores(tournament)
    hand_delete(table=table, number=2, version=1, reason="Doppelt")
    assert _totals_of_seats(tournament) == _totals_from_scores(tournament)
    seat_two = Seat.objects.get(table=table, position=2)
    assert (seat_two.points, seat_two.tout_won, seat_two.solo_played) == (18, 1, 1)
    for number in (3, 1):  # approved, struck: deleted only by the supervisor
        version = Hand.objects.get(table=table, number=number).version
        hand_delete(table=table, number=number, version=version, reason="x", as_supervisor=True)
    assert _totals_of_seats(tournament) == {} == _totals_from_scores(tournament)
