"""The games of tests/data/rule_text_cases.json, each imported as an interchange file: scored
as the rule text says, or refused with the German message at its place (docs/rules.md)."""

from __future__ import annotations

from typing import Any

import pytest
from django.utils import translation

from tests.rule_tables import table
from tournament.exchange.interchange.importer import tournament_import
from tournament.exchange.interchange.problems import InterchangeError
from tournament.models import Hand, Tournament

pytestmark = pytest.mark.django_db
SEATS = ["1", "2", "3", "4"]
WHERE = "durchgaenge[0].tables[0].hands[0]"


def document(tournament: dict[str, Any], hand: dict[str, Any]) -> dict[str, Any]:
    head = {"slug": "regeltext", "name": "Regeltext", "date": "2026-11-28"} | tournament
    game = {"approved_by": "Turnierleitung"} | hand
    return {
        "format": "schafkopf-turnier",
        "version": 1,
        "tournament": head,
        "players": [{"id": p, "name": f"Spieler {p}"} for p in SEATS],
        "durchgaenge": [{"number": 1, "tables": [{"number": 1, "seats": SEATS, "hands": [game]}]}],
    }


def cases(kind: str) -> list[Any]:
    return [
        pytest.param(case, id=f"{case['rule']}-{case['name']}")
        for case in table("rule_text_cases")
        if kind in case
    ]


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
