"""A game awaiting the supervisor's approval in the interchange file.

The file marks such a game `"approval": "pending"`: it imports as awaiting approval and scores
0, as in the app. A game that needs an approval with neither `approved_by` nor the mark is
refused, and so is a mark with any other value or beside `approved_by`. Export → import →
export gives the same document and the same standings for a sheet in every state the services
can put it in: pending, approved, struck, refused, sanctioned, closed, corrected.
"""

from __future__ import annotations

import copy
import io
import json
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command
from django.db import transaction
from django.utils import translation
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from tests.sheets.fixtures import enter, ruf, solo
from tournament.exchange.interchange.importer import tournament_import
from tournament.exchange.interchange.problems import InterchangeError
from tournament.exchange.interchange.writer import tournament_document
from tournament.models import Correction, Hand, HandScore, SheetEvent, Table, Tournament
from tournament.ranking.standings import standings_compute
from tournament.ranking.standings_export import standing_record
from tournament.sheets.services.corrections import correction_apply, correction_request
from tournament.sheets.services.hands import HandEntry
from tournament.sheets.services.sheet import seat_sign, sheet_close
from tournament.sheets.services.supervision import (
    approvals_pending,
    hand_approve,
    hand_refuse,
    hand_strike,
    sanction_record,
)

pytestmark = [pytest.mark.django_db, pytest.mark.slow]


def hand(table, number) -> Hand:
    return Hand.objects.get(table=table, number=number)


def standings(tournament) -> list[dict]:
    return [standing_record(s) for s in standings_compute(tournament)]


def games(tournament) -> list[tuple]:
    """What a sheet stores of each game: the decisions on it and every seat's points."""
    stored = (
        Hand.objects.filter(table__durchgang__tournament=tournament)
        .select_related("table", "sanction__offender")
        .order_by("table__number", "number")
    )
    out = []
    for h in stored:
        sanction = getattr(h, "sanction", None)
        scores = HandScore.objects.filter(hand=h).values_list("player__ident", "points")
        out.append(
            (
                h.table.number,
                h.number,
                h.contract,
                h.needs_approval,
                h.approved_by,
                h.struck,
                (sanction.offender.ident, sanction.reason) if sanction else None,
                dict(scores),
            )
        )
    return out


def pending_numbers(tournament) -> list[int]:
    return [h.number for h in approvals_pending(tournament)]


# The states of a sheet, each built through the services as the clerk and supervisor do.


def pending(table, p, leitung, schreiber) -> None:
    """A Wenz-Tout and the 5th and 6th single-player games, all waiting for the supervisor."""
    enter(table, 1, ruf(p))
    enter(table, 2, HandEntry(contract="wenz", declarer=p[2], won=True, tout=True))
    for number, seat in ((3, 1), (4, 3), (5, 4), (6, 2), (7, 1)):
        enter(table, number, solo(p, seat))


def approved(table, p, leitung, schreiber) -> None:
    enter(table, 1, ruf(p))
    tout = enter(table, 2, solo(p, 2, tout=True))
    hand_approve(hand=tout, user=leitung, note="Bedingungen erfüllt", version=tout.version)


def struck(table, p, leitung, schreiber) -> None:
    enter(table, 1, ruf(p))
    game = enter(table, 2, solo(p, 4, won=False))
    enter(table, 3, ruf(p, won=False))
    hand_strike(hand=game, user=leitung, struck=True, reason="Falsch gegeben", version=1)


def refused(table, p, leitung, schreiber) -> None:
    enter(table, 1, ruf(p))
    sie = enter(table, 2, HandEntry(contract="sie", declarer=p[4]))
    hand_refuse(hand=sie, user=leitung, note="Karten nicht gezeigt", version=sie.version)


def sanctioned(table, p, leitung, schreiber) -> None:
    enter(table, 1, ruf(p))
    game = enter(table, 2, solo(p, 2))
    sanction_record(
        hand=game, user=leitung, offender=p[3], reason="Bedienpflicht verletzt", version=1
    )


def closed(table, p, leitung, schreiber) -> None:
    """32 games (game 2 an approved Tout), signed by every player, closed."""
    enter(table, 1, ruf(p))
    tout = enter(table, 2, solo(p, 2, tout=True))
    hand_approve(hand=tout, user=leitung, version=tout.version)
    for number in range(3, 33):
        enter(table, number, ruf(p, won=number % 3 != 0))
    for seat in table.seats.all():
        seat_sign(seat=seat, user=schreiber, paper=True)
    sheet_close(table=table, user=leitung)


def corrected(table, p, leitung, schreiber) -> None:
    """A closed sheet corrected three times: a game lost, a game deleted, and a Rufspiel
    turned into a Tout that now waits for an approval on the closed sheet."""
    closed(table, p, leitung, schreiber)
    for number, game in ((9, ruf(p, won=False)), (32, None), (5, solo(p, 3, tout=True))):
        correction = correction_request(
            table=table, number=number, game=game, reason="Zettel falsch", user=schreiber
        )
        correction_apply(correction=correction, user=leitung, note="Stimmt")


STATES = [pending, approved, struck, refused, sanctioned, closed, corrected]


@pytest.mark.parametrize("build", STATES, ids=[s.__name__ for s in STATES])
def test_a_sheet_in_every_state_survives_export_and_import_unchanged(
    build, table, p, leitung, schreiber
):
    build(table, p, leitung, schreiber)
    original = table.durchgang.tournament
    exported = tournament_document(original)
    document = copy.deepcopy(exported)
    document["tournament"]["slug"] = "kopie"

    imported = tournament_import(json.dumps(document))

    assert tournament_document(imported) == document
    assert standings(imported) == standings(original)
    assert games(imported) == games(original)
    assert pending_numbers(imported) == pending_numbers(original)


def test_a_game_awaiting_approval_is_exported_with_the_pending_mark_and_no_points(
    table, p, leitung, schreiber
):
    pending(table, p, leitung, schreiber)

    hands = tournament_document(table.durchgang.tournament)["durchgaenge"][0]["tables"][0]["hands"]

    marked = [h["number"] for h in hands if h.get("approval") == "pending"]
    assert marked == [2, 6, 7] == pending_numbers(table.durchgang.tournament)
    for h in hands:
        assert "approved_by" not in h
        if h["number"] in marked:
            assert h["points"] == {"1": 0, "2": 0, "3": 0, "4": 0}
    assert hands[2]["points"] == {"1": 6, "2": -2, "3": -2, "4": -2}  # the 1st Solo counts


def test_neither_an_approved_nor_a_struck_game_carries_the_pending_mark(
    table, p, leitung, schreiber
):
    enter(table, 1, ruf(p))
    tout = enter(table, 2, solo(p, 2, tout=True))
    sie = enter(table, 3, HandEntry(contract="sie", declarer=p[4]))
    hand_approve(hand=tout, user=leitung, version=tout.version)
    hand_refuse(hand=sie, user=leitung, version=sie.version)

    hands = tournament_document(table.durchgang.tournament)["durchgaenge"][0]["tables"][0]["hands"]

    assert [("approval" in h, h.get("approved_by")) for h in hands] == [
        (False, None),
        (False, "Hanna Berg"),
        (False, None),
    ]
    assert hands[2]["disallowed"] is True


def sheet(*hands: dict) -> dict:
    """A document of one table of four (players 1 to 4) with `hands`."""
    return {
        "format": "schafkopf-turnier",
        "version": 1,
        "tournament": {"slug": "datei", "name": "Aus der Datei", "date": "2026-11-22"},
        "players": [{"id": str(n), "name": f"Spieler {n}"} for n in range(1, 5)],
        "durchgaenge": [
            {
                "number": 1,
                "tables": [{"number": 1, "seats": ["1", "2", "3", "4"], "hands": list(hands)}],
            }
        ],
    }


FIRST = {"number": 1, "contract": "rufspiel", "suit": "eichel", "declarer": "1", "partner": "3"}
FIRST |= {"won": True}
TOUT = {"number": 2, "contract": "wenz", "tout": True, "declarer": "2", "won": True}


def test_a_pending_game_imports_as_awaiting_approval_and_counts_once_approved(leitung):
    imported = tournament_import(sheet(FIRST, TOUT | {"approval": "pending"}))

    tout = Hand.objects.get(table__durchgang__tournament=imported, number=2)
    assert (tout.needs_approval, tout.approved_by, tout.struck) == (True, "", False)
    assert pending_numbers(imported) == [2]
    assert {s["player"]: s["points"] for s in standings(imported)} == {
        "1": 1,
        "2": -1,
        "3": 1,
        "4": -1,
    }

    hand_approve(hand=tout, user=leitung, version=tout.version)

    assert {s["player"]: s["points"] for s in standings(imported)} == {
        "1": 1 - 6,
        "2": -1 + 18,
        "3": 1 - 6,
        "4": -1 - 6,
    }


def errors(document, language="en") -> list[str]:
    with translation.override(language), pytest.raises(InterchangeError) as caught:
        tournament_import(document)
    assert not Tournament.objects.filter(slug="datei").exists(), "a refused file stores nothing"
    return [str(problem) for problem in caught.value.problems]


def test_a_game_needing_approval_with_neither_approver_nor_pending_mark_is_refused_in_german():
    assert errors(sheet(FIRST, TOUT), language="de") == [
        "durchgaenge[0].tables[0].hands[1].approved_by: dieses Spiel muss von der "
        "Turnierleitung genehmigt werden (Regeln 5.2.14, 5.2.16): angeben, wer es genehmigt "
        'hat, oder es mit "approval": "pending" als wartend kennzeichnen'
    ]


@pytest.mark.parametrize(
    ("changes", "expected"),
    [
        pytest.param(
            {"approval": "approved"},
            "hands[1].approval: unknown value approved (allowed: pending)",
            id="another-value",
        ),
        pytest.param(
            {"approval": ""},
            "hands[1].approval: unknown value  (allowed: pending)",
            id="empty",
        ),
        pytest.param({"approval": True}, "hands[1].approval: must be text", id="not-text"),
        pytest.param(
            {"approval": "pending", "approved_by": "Turnierleitung"},
            "hands[1].approval: a game is either approved (approved_by) or awaiting approval "
            '("pending"), not both',
            id="approved-and-pending",
        ),
        pytest.param(
            {"approval": "pending", "points": {"1": -6, "2": 18, "3": -6, "4": -6}},
            "hands[1].points: {'1': -6, '2': 18, '3': -6, '4': -6} differs from the points of "
            "the rules: {'1': 0, '2': 0, '3': 0, '4': 0}",
            id="pending-but-scored",
        ),
        pytest.param(
            {"approval": "pending", "tout": False},
            'hands[1].approval: this game needs no approval: remove "approval"',
            id="pending-without-need",
        ),
        pytest.param(
            {"approval": "pending", "disallowed": True},
            'hands[1].approval: this game needs no approval: remove "approval"',
            id="pending-and-struck",
        ),
    ],
)
def test_a_wrong_approval_is_refused_and_named_with_its_place(changes, expected):
    assert errors(sheet(FIRST, TOUT | changes)) == ["durchgaenge[0].tables[0]." + expected]


ANY_JSON = st.recursive(
    st.one_of(
        st.none(),
        st.booleans(),
        st.integers(),
        st.floats(allow_nan=True, allow_infinity=True),
        st.text(max_size=30),
        st.sampled_from(["pending", "Pending", "pending ", "\x00", "ä" * 300]),
    ),
    lambda inner: st.one_of(
        st.lists(inner, max_size=3), st.dictionaries(st.text(max_size=8), inner, max_size=3)
    ),
    max_leaves=6,
)


def import_or_refuse(source, approver=None) -> None:
    """Stored, or refused with every error at the game's own place and nothing stored. Stored
    are only the mark "pending", and then the Tout waits for its approval, unapproved, or (an
    `approval` of null being no mark, as every optional field's null) the file's own
    `approver`, who then approved it."""
    with transaction.atomic():
        try:
            imported = tournament_import(source)
        except InterchangeError as error:
            assert error.problems
            for problem in error.problems:
                assert problem.path.startswith("durchgaenge[0].tables[0].hands[1]."), problem
            assert not Tournament.objects.filter(slug="datei").exists()
        else:
            tout = Hand.objects.get(table__durchgang__tournament=imported, number=2)
            if tout.approved_by:
                assert tout.approved_by == approver
                assert (tout.needs_approval, tout.struck, pending_numbers(imported)) == (
                    True,
                    False,
                    [],
                )
            else:
                assert (tout.needs_approval, tout.approved_by, tout.struck) == (True, "", False)
                assert pending_numbers(imported) == [2]
        transaction.set_rollback(True)


@settings(max_examples=40, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(value=ANY_JSON, approver=st.one_of(st.none(), ANY_JSON))
@example(value=None, approver="0")  # null is no mark: the name approves the Tout
def test_any_value_of_approval_is_stored_or_refused_with_its_place(value, approver):
    hand = TOUT | {"approval": value}
    if approver is not None:
        hand["approved_by"] = approver
    import_or_refuse(sheet(FIRST, hand), approver)
    import_or_refuse(json.dumps(sheet(FIRST, hand), allow_nan=True).encode(), approver)


def test_the_commands_export_and_import_a_pending_game(table, p, leitung, schreiber, tmp_path):
    pending(table, p, leitung, schreiber)
    first, second = tmp_path / "erst.json", tmp_path / "wieder.json"
    call_command("export_tournament", "spielliste", "--out", str(first))

    out = io.StringIO()
    call_command("import_tournament", str(first), "--replace", stdout=out)
    call_command("export_tournament", "spielliste", "--out", str(second))

    assert out.getvalue().strip() == "spielliste"
    assert json.loads(second.read_text()) == json.loads(first.read_text())
    assert '"approval": "pending"' in first.read_text()


def test_the_import_command_names_a_missing_approval_and_stores_nothing(tmp_path):
    path = tmp_path / "datei.json"
    path.write_text(json.dumps(sheet(FIRST, TOUT)), encoding="utf-8")
    err = io.StringIO()

    with translation.override("de"), pytest.raises(CommandError) as caught:
        call_command("import_tournament", str(path), stderr=err)

    assert "durchgaenge[0].tables[0].hands[1].approved_by: dieses Spiel muss" in err.getvalue()
    assert "nichts" in str(caught.value)
    assert not Tournament.objects.filter(slug="datei").exists()


def test_an_export_imported_under_another_slug_keeps_the_lot_of_tied_players(table, p):
    enter(table, 1, ruf(p))  # 1 and 3 win alike, 2 and 4 lose alike: a lot orders each pair
    original = table.durchgang.tournament
    document = tournament_document(original)
    document["tournament"]["slug"] = "kopie"

    imported = tournament_import(document)

    assert document["tournament"]["lot_seed"] == original.lot_seed == "spielliste"
    assert imported.lot_seed == "spielliste"
    assert standings(imported) == standings(original)


def test_replacing_a_tournament_with_a_history_replaces_it_whole(table, p, leitung, schreiber):
    corrected(table, p, leitung, schreiber)
    document = tournament_document(table.durchgang.tournament)
    assert SheetEvent.objects.exists() and Correction.objects.exists()

    replaced = tournament_import(document, replace=True)

    assert Tournament.objects.get() == replaced
    assert tournament_document(replaced) == document
    assert not SheetEvent.objects.exists() and not Correction.objects.exists()
    assert Table.objects.get(durchgang__tournament=replaced).closed_at is None


def test_the_example_of_the_format_description_is_what_export_and_standings_write():
    text = (Path(__file__).resolve().parents[2] / "docs" / "interchange-format.md").read_text(
        encoding="utf-8"
    )
    document, ranking = (json.loads(block.split("```")[0]) for block in text.split("```json\n")[1:])

    imported = tournament_import(document)

    assert tournament_document(imported) == document
    assert pending_numbers(imported) == [4]
    assert standings(imported)[0] == ranking["standings"][0]
