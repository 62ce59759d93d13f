"""Rule 3.4.18 by the cases of tests/data/3.4.18_mistake_by.json, each imported as an
interchange file: the one who made the mistake (`sanction.mistake_by`) scores 0, or the file is
refused with the German message at its place; the round trip keeps `mistake_by`."""

from __future__ import annotations

from typing import Any

import pytest
from django.utils import translation

from tests.exchange.rule_text_helpers import WHERE, document
from tests.rule_tables import kind_cases
from tournament.exchange.interchange.importer import tournament_import
from tournament.exchange.interchange.problems import InterchangeError
from tournament.exchange.interchange.writer import tournament_document
from tournament.models import Hand, Sanction, Tournament

pytestmark = pytest.mark.django_db


def cases(kind: str) -> list[Any]:
    return kind_cases("3.4.18_mistake_by", kind)


@pytest.mark.parametrize("case", cases("points"))
def test_3_4_18_the_import_scores_the_one_who_made_the_mistake_0(case):
    tournament = tournament_import(document({}, case["hand"]))
    hand = Hand.objects.get(table__durchgang__tournament=tournament)
    scores = {s.player.name.removeprefix("Spieler "): s.points for s in hand.scores.all()}
    assert scores == case["points"]


@pytest.mark.parametrize("case", cases("points"))
def test_3_4_18_the_file_with_the_texts_points_imports(case):
    tournament_import(document({}, case["hand"] | {"points": case["points"]}))
    assert Tournament.objects.count() == 1


@pytest.mark.parametrize("case", cases("refused"))
def test_3_4_18_a_wrong_mistake_by_is_refused_in_german_at_its_place(case):
    refused = case["refused"]
    with translation.override("de"), pytest.raises(InterchangeError) as caught:
        tournament_import(document({}, case["hand"]))
    assert f"{WHERE}.{refused['field']}: {refused['message']}" in str(caught.value)
    assert not Tournament.objects.exists()


@pytest.mark.parametrize("case", cases("points"))
def test_3_4_18_the_round_trip_keeps_mistake_by(case):
    tournament = tournament_import(document({}, case["hand"]))
    first = tournament_document(tournament)
    sanction = first["durchgaenge"][0]["tables"][0]["hands"][0]["sanction"]
    expected = case["hand"]["sanction"]
    assert sanction.get("mistake_by") == expected.get("mistake_by")
    assert ("mistake_by" in sanction) == ("mistake_by" in expected)
    again = tournament_import(first, replace=True)
    assert tournament_document(again) == first
    stored = Sanction.objects.get(hand__table__durchgang__tournament=again)
    assert (stored.mistake_by.name if stored.mistake_by else None) == (
        f"Spieler {expected['mistake_by']}" if "mistake_by" in expected else None
    )
