"""Importing the interchange format: exact standings, all or nothing, errors named by place."""

from __future__ import annotations

import copy

import pytest
from django.utils import translation

from tournament.exchange.interchange.importer import tournament_import
from tournament.exchange.interchange.problems import InterchangeError
from tournament.models import Hand, HandScore, Player, Sanction, Tournament
from tournament.ranking.standings import standings_compute
from tournament.ranking.standings_export import standing_record

pytestmark = pytest.mark.django_db


def _errors(document) -> list[str]:
    with translation.override("en"), pytest.raises(InterchangeError) as caught:
        tournament_import(document)
    assert Tournament.objects.count() == 0, "a refused file must store nothing"
    return [str(p) for p in caught.value.problems]


def test_the_worked_example_gives_exactly_the_expected_standings(
    example_document, example_standings
):
    tournament = tournament_import(example_document)
    rows = [standing_record(s) for s in standings_compute(tournament)]
    assert rows == example_standings["standings"]


def test_the_example_stores_every_game_with_a_score_row_per_seat(example_document):
    tournament = tournament_import(example_document)
    games = sum(len(t["hands"]) for d in example_document["durchgaenge"] for t in d["tables"])
    assert Hand.objects.filter(table__durchgang__tournament=tournament).count() == games
    seats = sum(
        len(t["seats"]) * len(t["hands"])
        for d in example_document["durchgaenge"]
        for t in d["tables"]
    )
    assert HandScore.objects.filter(tournament=tournament).count() == seats
    sanctions = sum(
        "sanction" in h
        for d in example_document["durchgaenge"]
        for t in d["tables"]
        for h in t["hands"]
    )
    assert sanctions > 0
    assert (
        Sanction.objects.filter(hand__table__durchgang__tournament=tournament).count() == sanctions
    )


def test_every_game_of_the_example_sums_to_zero(example_document):
    tournament = tournament_import(example_document)
    for hand in Hand.objects.filter(table__durchgang__tournament=tournament):
        assert sum(s.points for s in hand.scores.all()) == 0


def test_a_declarer_who_does_not_sit_at_the_table_is_named_with_its_place(example_document):
    doc = copy.deepcopy(example_document)
    doc["durchgaenge"][0]["tables"][1]["hands"][4]["declarer"] = "P0001"
    errors = _errors(doc)
    assert errors == [
        "durchgaenge[0].tables[1].hands[4].declarer: player P0001 does not sit at table 2"
    ]


def test_every_error_of_a_file_is_reported_at_once(example_document):
    doc = copy.deepcopy(example_document)
    hands = doc["durchgaenge"][1]["tables"][0]["hands"]
    hands[2]["suit"] = "herz" if hands[2]["contract"] == "rufspiel" else "xyz"
    hands[3]["won"] = "ja"
    doc["players"][3]["name"] = ""
    errors = _errors(doc)
    assert len(errors) == 3
    assert any(e.startswith("players[3].name:") for e in errors)
    assert any(e.startswith("durchgaenge[1].tables[0].hands[3].won:") for e in errors)


def test_points_that_differ_from_the_rules_refuse_the_file(example_document):
    doc = copy.deepcopy(example_document)
    hand = doc["durchgaenge"][0]["tables"][0]["hands"][1]  # Farbwenz won by P0001
    hand["points"] = {"P0001": 3, "P0011": -1, "P0003": -1, "P0006": -1}
    errors = _errors(doc)
    assert len(errors) == 1
    assert errors[0].startswith("durchgaenge[0].tables[0].hands[1].points:")


def test_correct_points_in_the_file_are_accepted(example_document):
    doc = copy.deepcopy(example_document)
    doc["durchgaenge"][0]["tables"][0]["hands"][1]["points"] = {
        "P0001": 6,
        "P0011": -2,
        "P0003": -2,
        "P0006": -2,
    }
    assert tournament_import(doc).slug == "beispielturnier-2026"


def test_a_fifth_single_player_game_without_approval_is_refused(example_document):
    doc = copy.deepcopy(example_document)
    hand = doc["durchgaenge"][0]["tables"][0]["hands"][5]  # game 6: the 5th single-player game
    assert hand["number"] == 6 and hand["contract"] == "geier"
    del hand["approved_by"]
    errors = _errors(doc)
    assert errors == [
        "durchgaenge[0].tables[0].hands[5].approved_by: this game needs the supervisor's "
        'approval (rules 5.2.14, 5.2.16): say who approved it, or mark it "approval": "pending"'
    ]


def test_a_sie_in_the_first_game_is_refused(example_document):
    doc = copy.deepcopy(example_document)
    table = doc["durchgaenge"][1]["tables"][2]
    first = table["hands"][0]
    table["hands"][0] = {
        "number": 1,
        "contract": "sie",
        "declarer": first["declarer"],
        "approved_by": "Turnierleitung",
    }
    errors = _errors(doc)
    assert errors[0].startswith("durchgaenge[1].tables[2].hands[0].contract:")


@pytest.mark.parametrize(
    ("change", "place"),
    [
        pytest.param(lambda d: d.update(format="other"), "format", id="unknown-format"),
        pytest.param(lambda d: d.update(version=2), "format", id="unknown-version"),
        pytest.param(
            lambda d: d["durchgaenge"][0]["tables"][0]["seats"].pop(),
            "durchgaenge[0].tables[0].seats",
            id="table-of-three",
        ),
        pytest.param(
            lambda d: d["durchgaenge"][0]["tables"][1]["seats"].__setitem__(0, "P0001"),
            "durchgaenge[0].tables[1].seats[0]",
            id="player-at-two-tables",
        ),
        pytest.param(
            lambda d: d["players"][1].update(id="P0001"), "players[1].id", id="duplicate-id"
        ),
        pytest.param(
            lambda d: d["tournament"].update(contracts=["rufspiel", "solo", "wenz", "sie"]),
            "durchgaenge[0].tables[0].hands[1].contract",
            id="contract-not-allowed",
        ),
        pytest.param(
            lambda d: d["durchgaenge"][0]["tables"][0]["hands"][1].update(number=2, tout=1),
            "durchgaenge[0].tables[0].hands[1].tout",
            id="tout-not-boolean",
        ),
        pytest.param(
            lambda d: d["durchgaenge"][0]["tables"][0]["hands"][2].update(number=2),
            "durchgaenge[0].tables[0].hands[2].number",
            id="game-number-twice",
        ),
        pytest.param(
            lambda d: d["durchgaenge"][0]["tables"][2]["hands"][1].update(declarer="P0008"),
            "durchgaenge[0].tables[2].hands[1].declarer",
            id="dealer-sitting-out-declares",
        ),
        pytest.param(
            lambda d: d["players"].append({"id": "X", "name": "Ersatz", "replaces": "Y"}),
            "players[13].replaces",
            id="replaces-unknown",
        ),
        pytest.param(
            lambda d: d["durchgaenge"].append({"number": 3, "tables": []}),
            "durchgaenge[2].number",
            id="more-durchgaenge-than-planned",
        ),
    ],
)
def test_a_broken_file_is_refused_and_names_the_place(example_document, change, place):
    doc = copy.deepcopy(example_document)
    change(doc)
    errors = _errors(doc)
    assert any(e.startswith(place + ":") for e in errors), errors


def test_errors_are_german_by_default(example_document):
    doc = copy.deepcopy(example_document)
    doc["durchgaenge"][0]["tables"][1]["hands"][4]["declarer"] = "P0001"
    with translation.override("de"), pytest.raises(InterchangeError) as caught:
        tournament_import(doc)
    assert "sitzt nicht an Tisch 2" in str(caught.value)


def test_a_slug_that_exists_is_refused_unless_replacing(example_document):
    tournament_import(example_document)
    with translation.override("en"), pytest.raises(InterchangeError) as caught:
        tournament_import(example_document)
    assert "exists already" in str(caught.value)
    replaced = tournament_import(example_document, replace=True)
    assert Tournament.objects.get().pk == replaced.pk


def test_a_missing_slug_is_derived_from_name_and_date(example_document):
    doc = copy.deepcopy(example_document)
    del doc["tournament"]["slug"]
    assert tournament_import(doc).slug == "beispielturnier-2026-11-21"
    assert tournament_import(doc).slug == "beispielturnier-2026-11-21-2"


def test_numeric_ids_become_start_numbers(example_document):
    doc = copy.deepcopy(example_document)
    text = __import__("json").dumps(doc).replace('"P00', '"')
    tournament = tournament_import(text)
    assert sorted(tournament.players.values_list("start_number", flat=True)) == list(range(1, 14))


def test_invalid_json_names_the_line():
    with translation.override("en"), pytest.raises(InterchangeError) as caught:
        tournament_import('{"format": "schafkopf-turnier",\n "version": 1,,}')
    assert "line 2" in str(caught.value)
    assert Player.objects.count() == 0


def test_points_may_leave_out_the_dealer_sitting_out(example_document):
    doc = copy.deepcopy(example_document)
    table = doc["durchgaenge"][0]["tables"][2]  # a table of five; seat 1 deals game 1
    first = table["hands"][0]
    assert first["declarer"] == "P0008" and first["partner"] == "P0009"
    first["points"] = {"P0008": 2, "P0009": 2, "P0010": -2, "P0007": -2}
    assert tournament_import(doc).slug == "beispielturnier-2026"


def test_points_for_a_player_who_is_not_seated_refuse_the_file(example_document):
    doc = copy.deepcopy(example_document)
    table = doc["durchgaenge"][0]["tables"][2]
    table["hands"][0]["points"] = {"P0008": 2, "P0009": 2, "P0010": -2, "P0007": -2, "P0001": 0}
    assert _errors(doc)[0].startswith("durchgaenge[0].tables[2].hands[0].points:")


@pytest.mark.parametrize(
    ("change", "place"),
    [
        pytest.param(
            lambda d: d["players"][0].update(name="x" * 201), "players[0].name", id="long-name"
        ),
        pytest.param(
            lambda d: d["players"][0].update(club="a\x00b"), "players[0].club", id="nul-in-club"
        ),
        pytest.param(
            lambda d: d["players"][1].update(name="Anna \ud800"), "players[1].name", id="surrogate"
        ),
        pytest.param(
            lambda d: d["players"][2].update(name="\u200b\u200c"), "players[2].name", id="invisible"
        ),
        pytest.param(
            lambda d: d["players"][2].update(name="\u200b\u0301"), "players[2].name", id="mark-only"
        ),
        pytest.param(
            lambda d: d["durchgaenge"][0]["tables"][0].update(number=10**12),
            "durchgaenge[0].tables[0].number",
            id="huge-table-number",
        ),
        pytest.param(
            lambda d: d["tournament"].update(contracts=["rufspiel", {"x": 1}]),
            "tournament.contracts[1]",
            id="contract-not-text",
        ),
        pytest.param(
            lambda d: d["durchgaenge"][0]["tables"][0]["hands"][0]["sanction"].update(reason=["?"]),
            "durchgaenge[0].tables[0].hands[0].sanction.reason",
            id="reason-not-text",
        ),
    ],
)
def test_values_the_database_cannot_hold_are_refused_with_their_place(
    example_document, change, place
):
    doc = copy.deepcopy(example_document)
    change(doc)
    assert any(e.startswith(place + ":") for e in _errors(doc))


def test_json_nested_too_deeply_is_refused_without_a_traceback(db):
    with translation.override("en"), pytest.raises(InterchangeError) as caught:
        tournament_import("[" * 100_000 + "]" * 100_000)
    assert "nested too deeply" in str(caught.value)


def test_imported_names_are_composed_without_invisible_characters_at_their_ends(
    example_document,
):
    doc = copy.deepcopy(example_document)
    doc["players"][0].update(name="\ufeffJo\u0308rg Weiß\u200b")
    tournament = tournament_import(doc)
    assert tournament.players.filter(name="J\u00f6rg Weiß").count() == 1
