"""The corrected rules through the ways a game gets in: the interchange import and the clerks'
entry (`hand_save`) refuse more Laufende than the cards allow (6.2.2 of 2024), naming the game,
and store nothing; a file from before the Sie stopped counting towards the 5th single-player game
(5.2.16) still imports, keeping the approvals it records.
"""

from __future__ import annotations

import pytest
from django.utils import translation

from tests.rule_tables import laufende_cases, laufende_message
from tournament.exchange.interchange.importer import tournament_import
from tournament.exchange.interchange.problems import InterchangeError
from tournament.exchange.interchange.writer import tournament_document
from tournament.models import Hand, Table, Tournament
from tournament.sheets.services.hand_errors import HandRuleError
from tournament.sheets.services.hands import HandEntry, hand_save

pytestmark = pytest.mark.django_db

SEATS = ["1", "2", "3", "4"]
CONTRACTS = ["rufspiel", "solo", "wenz", "farbwenz", "geier", "farbgeier", "sie"]


def document(hands: list[dict], **tournament) -> dict:
    return {
        "format": "schafkopf-turnier",
        "version": 1,
        "tournament": {"slug": "regeln", "name": "Regeln", "date": "2026-11-23"} | tournament,
        "players": [{"id": n, "name": f"Spieler {n}"} for n in SEATS],
        "durchgaenge": [{"number": 1, "tables": [{"number": 1, "seats": SEATS, "hands": hands}]}],
    }


def solo(number: int) -> dict:
    return {"number": number, "contract": "solo", "suit": "herz", "declarer": "2", "won": True}


@pytest.mark.parametrize(("case", "laufende"), laufende_cases(over=True))
def test_an_import_with_too_many_laufende_names_the_game_and_stores_nothing(case, laufende):
    hand = {"number": 3, "contract": case["contract"], "declarer": "2", "laufende": laufende}
    doc = document(
        [solo(2), hand | case["game"]], scoring="preisschafkopf-tarif", contracts=CONTRACTS
    )
    with pytest.raises(InterchangeError) as refused:
        tournament_import(doc)
    assert [str(p) for p in refused.value.problems] == [
        f"durchgaenge[0].tables[0].hands[1].laufende: {laufende_message(case, laufende)}"
    ]
    assert not Tournament.objects.exists() and not Hand.objects.exists()


def test_an_import_with_laufende_at_the_bound_is_stored():
    hand = {"number": 3, "contract": "wenz", "declarer": "2", "won": True, "laufende": 4}
    tournament_import(document([hand], scoring="preisschafkopf-tarif"))
    assert Hand.objects.get(number=3).laufende == 4


@pytest.mark.parametrize("laufende", [4, 5])
def test_the_clerks_entry_refuses_more_laufende_than_the_cards_allow(laufende):
    tournament_import(document([]))
    table = Table.objects.get()
    declarer = table.durchgang.tournament.players.get(ident="2")
    game = HandEntry(contract="wenz", declarer=declarer, won=True, laufende=laufende)
    if laufende == 4:
        assert hand_save(table=table, number=3, game=game, version=0).laufende == 4
        return
    with translation.override("de"), pytest.raises(HandRuleError) as refused:
        hand_save(table=table, number=3, game=game, version=0)
    assert refused.value.errors == {
        "laufende": ["Ein Wenz hat höchstens 4 Laufende (Regel 6.2.2 von 2024), nicht 5."]
    }
    assert not Hand.objects.exists()


def test_5_2_16_an_older_file_approving_the_fifth_game_after_a_sie_imports_unchanged():
    """Written when the Sie still counted: game 6 was the 5th single-player game and approved.
    Now the 5th is game 7; game 6 keeps its recorded approval and counts."""
    sie = {"number": 2, "contract": "sie", "declarer": "3", "approved_by": "Leitung"}
    solos = [solo(n) for n in range(3, 6)]
    approved = [solo(n) | {"approved_by": "Leitung"} for n in (6, 7)]
    tournament_import(document([sie, *solos, *approved]))
    stored = {h.number: h for h in Hand.objects.all()}
    assert stored[6].approved_by == "Leitung" and not stored[6].needs_approval
    assert stored[7].needs_approval and stored[2].needs_approval
    assert dict(stored[6].scores.values_list("player__ident", "points"))["2"] == 6


def test_5_2_16_after_a_sie_the_fifth_solo_waits_for_approval():
    hands = [{"number": 2, "contract": "sie", "declarer": "3", "approval": "pending"}]
    hands += [solo(n) for n in range(3, 7)] + [solo(7) | {"approval": "pending"}]
    tournament_import(document(hands))
    assert [h.number for h in Hand.objects.filter(needs_approval=True).order_by("number")] == [2, 7]


@pytest.mark.parametrize(
    ("scoring", "tout", "sie"),
    [
        pytest.param("solo-15-5", 42, 84, id="self-2022-tout-42-sie-84"),
        pytest.param("donau-ries-15-5", 30, 60, id="donau-ries-5-tout-doppelt-sie-vierfach"),
    ],
)
def test_each_15_5_preset_is_kept_by_its_key_through_import_and_export(scoring, tout, sie):
    hands = [solo(2) | {"tout": True, "approved_by": "Leitung"}]
    hands += [{"number": 3, "contract": "sie", "declarer": "3", "approved_by": "Leitung"}]
    tournament = tournament_import(document(hands, scoring=scoring))
    points = {
        h.number: dict(h.scores.values_list("player__ident", "points")) for h in Hand.objects.all()
    }
    assert (points[2]["2"], points[2]["1"], points[3]["3"]) == (tout, -tout // 3, sie)
    assert tournament_document(tournament)["tournament"]["scoring"] == scoring
