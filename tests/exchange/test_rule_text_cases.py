"""The games of tests/data/rule_text_cases.json, each imported as an interchange file: scored
as the rule text says, or refused with the German message at its place (docs/rules.md)."""

from __future__ import annotations

from typing import Any

import pytest
from django.utils import translation

from tests.exchange.rule_text_helpers import SEATS, WHERE, document
from tests.rule_tables import games_cases, kind_cases
from tournament.exchange.interchange.importer import tournament_import
from tournament.exchange.interchange.problems import InterchangeError
from tournament.models import Hand, Tournament

pytestmark = pytest.mark.django_db


def cases(kind: str) -> list[Any]:
    return kind_cases("rule_text_cases", kind)


@pytest.mark.parametrize("case", cases("points"))
def test_the_game_scores_as_the_rule_text_says(case):
    # Without `points` in the file the importer scores the game itself; the stored scores are
    # what the sheet shows.
    tournament = tournament_import(document(case["tournament"], case["hand"]))
    hand = Hand.objects.get(table__durchgang__tournament=tournament)
    scores = {s.player.name.removeprefix("Spieler "): s.points for s in hand.scores.all()}
    assert scores == case["points"]


@pytest.mark.parametrize("case", cases("points"))
def test_the_file_with_the_texts_points_imports(case):
    # The same points written into the file agree with what the importer computes.
    hand = case["hand"] | {"points": case["points"]}
    tournament_import(document(case["tournament"], hand))
    assert Tournament.objects.count() == 1


@pytest.mark.parametrize("case", cases("refused"))
def test_the_game_is_refused_with_the_german_message_at_its_place(case):
    refused = case["refused"]
    with translation.override("de"), pytest.raises(InterchangeError) as caught:
        tournament_import(document(case["tournament"], case["hand"]))
    assert f"{WHERE}.{refused['field']}: {refused['message']}" in str(caught.value)
    assert not Tournament.objects.exists()


def test_a_2024_file_without_contracts_and_all_pass_takes_the_2024_defaults():
    # 4.1.5 of 2024: a thrown-in deal is a line of the sheet; section 2 of 2024: the Farbwenz.
    hands = [
        {"number": 1, "contract": "zusammengeworfen"},
        {"number": 2, "contract": "farbwenz", "suit": "gras", "declarer": "3", "won": True},
    ]
    doc = document({"rule_set": "schafkopfschule-2024"}, hands[0])
    doc["durchgaenge"][0]["tables"][0]["hands"] = hands
    tournament = tournament_import(doc)
    assert tournament.all_pass == "thrown_in"
    assert "farbwenz" in tournament.contracts
    assert tournament.sie_first_game_allowed
    assert Hand.objects.filter(table__durchgang__tournament=tournament).count() == 2


def test_a_2007_file_without_them_still_refuses_the_farbwenz():
    hand = {"number": 2, "contract": "farbwenz", "suit": "gras", "declarer": "3", "won": True}
    with translation.override("de"), pytest.raises(InterchangeError) as caught:
        tournament_import(document({}, hand))
    assert f"{WHERE}.contract" in str(caught.value)
    assert not Tournament.objects.exists()


@pytest.mark.parametrize(("games", "message"), games_cases("games", "message", games=(30, 38)))
def test_a_file_with_a_table_of_five_refuses_games_that_are_no_multiple_of_4(games, message):
    doc = document(
        {"games_per_durchgang": games}, {"number": 2, "contract": "sie", "declarer": "3"}
    )
    doc["players"].append({"id": "5", "name": "Spieler 5"})
    doc["durchgaenge"][0]["tables"][0]["seats"] = [*SEATS, "5"]
    with translation.override("de"), pytest.raises(InterchangeError) as caught:
        tournament_import(doc)
    assert f"tournament.games_per_durchgang: {message}" in str(caught.value)
    assert not Tournament.objects.exists()
