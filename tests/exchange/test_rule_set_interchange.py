"""The rule set and the Sie in the first game in the interchange file: always written, read with
the 2007 defaults when absent (older files import as before), export → import → export
unchanged."""

from __future__ import annotations

import pytest
from django.utils import translation

from tournament.exchange.interchange.importer import tournament_import
from tournament.exchange.interchange.problems import InterchangeError
from tournament.exchange.interchange.writer import tournament_document
from tournament.models import Hand, Tournament

pytestmark = pytest.mark.django_db
SEATS = ["1", "2", "3", "4"]
SIE_IN_GAME_1 = {
    "number": 1, "contract": "sie", "declarer": "2", "approved_by": "Turnierleitung",
    "points": {"1": -8, "2": 24, "3": -8, "4": -8},
}  # fmt: skip


def document(tournament_extra: dict, hands: list[dict] | None = None) -> dict:
    head = {"slug": "regeln", "name": "Regeltest", "date": "2026-11-28"} | tournament_extra
    table = {"number": 1, "seats": SEATS, "hands": hands or []}
    return {
        "format": "schafkopf-turnier",
        "version": 1,
        "tournament": head,
        "players": [{"id": p, "name": f"Spieler {p}"} for p in SEATS],
        "durchgaenge": [{"number": 1, "tables": [table]}],
    }


@pytest.mark.parametrize(
    ("rule_set", "sie_allowed"),
    [
        pytest.param("schafkopfschule-2007", False, id="2007-2.9.1"),
        pytest.param("schafkopfschule-2024", True, id="2024-2.6"),
        pytest.param("schafkopfschule-2024", False, id="2024-with-2.9.1-deviation"),
        pytest.param("schafkopfschule-2007", True, id="2007-with-sie-deviation"),
    ],
)
def test_import_export_import_keeps_the_rule_set_and_the_sie_setting(rule_set, sie_allowed):
    hands = [SIE_IN_GAME_1] if sie_allowed else []
    doc = document({"rule_set": rule_set, "sie_first_game_allowed": sie_allowed}, hands)
    first = tournament_import(doc)
    assert (first.rule_set, first.sie_first_game_allowed) == (rule_set, sie_allowed)
    exported = tournament_document(first)
    head = exported["tournament"]
    assert (head["rule_set"], head["sie_first_game_allowed"]) == (rule_set, sie_allowed)
    again = tournament_import(exported, replace=True)
    assert (again.rule_set, again.sie_first_game_allowed) == (rule_set, sie_allowed)
    assert tournament_document(again) == exported


def test_an_old_file_without_them_imports_under_2007_and_refuses_a_sie_in_game_1():
    plain = tournament_import(document({}))
    assert (plain.rule_set, plain.first_game_rule, plain.sie_first_game_allowed) == (
        "schafkopfschule-2007", True, False,
    )  # fmt: skip
    plain.delete()
    with translation.override("de"), pytest.raises(InterchangeError) as caught:
        tournament_import(document({}, [SIE_IN_GAME_1]))
    assert "durchgaenge[0].tables[0].hands[0].contract" in str(caught.value)
    assert "2.9.1" in str(caught.value)
    assert not Tournament.objects.exists()


def test_an_old_file_without_the_first_game_rule_still_allows_its_sie_in_game_1():
    # Written when one setting covered both: without it, the Sie in game 1 counted.
    old = tournament_import(document({"first_game_rule": False}, [SIE_IN_GAME_1]))
    assert (old.first_game_rule, old.sie_first_game_allowed) == (False, True)
    assert Hand.objects.get(table__durchgang__tournament=old).contract == "sie"


@pytest.mark.parametrize(
    ("extra", "where", "message"),
    [
        pytest.param(
            {"rule_set": "turnierordnung-1999"}, "tournament.rule_set",
            "unbekanntes Regelwerk turnierordnung-1999 (erlaubt: schafkopfschule-2007, "
            "schafkopfschule-2024)",
            id="unknown-rule-set",
        ),
        pytest.param(
            {"tiebreak": "wuerfeln"}, "tournament.tiebreak",
            "unbekannte Entscheidung bei Punktgleichheit wuerfeln (erlaubt: 5.4.2, solos, lot)",
            id="unknown-tie-break",
        ),
        pytest.param(
            {"tiebreak": 5}, "tournament.tiebreak", "muss Text sein", id="tie-break-not-text",
        ),
        pytest.param(
            {"sie_first_game_allowed": "ja"}, "tournament.sie_first_game_allowed",
            "true oder false",
            id="sie-setting-not-a-boolean",
        ),
    ],
)  # fmt: skip
def test_a_bad_rule_set_or_sie_setting_is_named_in_german(extra, where, message):
    with translation.override("de"), pytest.raises(InterchangeError) as caught:
        tournament_import(document(extra))
    assert where in str(caught.value) and message in str(caught.value)
    assert not Tournament.objects.exists()
