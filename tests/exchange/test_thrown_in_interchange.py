"""Thrown-in deals (4.1.5 of 2024) in the interchange file: the optional tournament fields
`all_pass`, `thrown_in_counts` and `stock_per_thrown_in`, a thrown-in line as a hand with
contract `zusammengeworfen`, import → export → import unchanged; files without the fields
import under the 2007 rule (5.2.5), which refuses such a hand naming its place."""

from __future__ import annotations

import io
from decimal import Decimal

import pytest
from django.utils import translation
from openpyxl import load_workbook

from tournament.exchange.exports.workbook import tournament_xlsx
from tournament.exchange.interchange.importer import tournament_import
from tournament.exchange.interchange.problems import InterchangeError
from tournament.exchange.interchange.writer import tournament_document
from tournament.models import Hand, Tournament

pytestmark = pytest.mark.django_db
SEATS = ["1", "2", "3", "4", "5"]
ZERO = dict.fromkeys(SEATS, 0)
THROWN_IN = {"number": 2, "contract": "zusammengeworfen", "points": ZERO}
SOLO = {"number": 1, "contract": "solo", "suit": "herz", "declarer": "2", "won": True}


def document(tournament_extra: dict, hands: list[dict]) -> dict:
    head = {"slug": "weiter", "name": "Alle weiter", "date": "2026-11-28"}
    table = {"number": 1, "seats": SEATS, "hands": hands}
    return {
        "format": "schafkopf-turnier",
        "version": 1,
        "tournament": head | {"games_per_durchgang": 8} | tournament_extra,
        "players": [{"id": p, "name": f"Spieler {p}"} for p in SEATS],
        "durchgaenge": [{"number": 1, "tables": [table]}],
    }


@pytest.mark.parametrize(
    ("extra", "stored"),
    [
        pytest.param(
            {"all_pass": "thrown_in"}, ("thrown_in", True, None), id="4.1.5-thrown-in-counting"
        ),
        pytest.param(
            {"all_pass": "thrown_in", "thrown_in_counts": False, "stock_per_thrown_in": 0.5},
            ("thrown_in", False, Decimal("0.50")),
            id="4.1.5-not-counting-stock-0.50",
        ),
        pytest.param(
            {"all_pass": "thrown_in", "stock_per_thrown_in": 1},
            ("thrown_in", True, Decimal("1.00")),
            id="4.1.5-stock-whole-euro",
        ),
    ],
)
def test_import_export_import_keeps_every_thrown_in_field(extra, stored):
    first = tournament_import(document(extra, [SOLO, THROWN_IN]))
    assert (first.all_pass, first.thrown_in_counts, first.stock_per_thrown_in) == stored
    thrown = Hand.objects.get(table__durchgang__tournament=first, number=2)
    assert (thrown.contract, thrown.declarer_id) == ("zusammengeworfen", None)
    exported = tournament_document(first)
    head = exported["tournament"]
    for key, value in extra.items():
        assert head[key] == value
    line = exported["durchgaenge"][0]["tables"][0]["hands"][1]
    assert line == {"number": 2, "contract": "zusammengeworfen", "points": ZERO}
    again = tournament_import(exported, replace=True)
    assert (again.all_pass, again.thrown_in_counts, again.stock_per_thrown_in) == stored
    assert tournament_document(again) == exported


def test_an_old_file_imports_under_the_2007_rule_and_refuses_a_thrown_in_hand():
    plain = tournament_import(document({}, [SOLO]))
    assert (plain.all_pass, plain.thrown_in_counts, plain.stock_per_thrown_in) == (
        "redeal",
        True,
        None,
    )
    assert tournament_document(plain)["tournament"]["all_pass"] == "redeal"
    plain.delete()
    with translation.override("de"), pytest.raises(InterchangeError) as caught:
        tournament_import(document({}, [SOLO, THROWN_IN]))
    assert (
        "durchgaenge[0].tables[0].hands[1].contract: Zeile 2: Dieses Turnier schreibt keine "
        "zusammengeworfenen Spiele auf"
    ) in str(caught.value)
    assert not Tournament.objects.exists()


@pytest.mark.parametrize(
    ("extra", "hand", "where"),
    [
        pytest.param({"all_pass": "maybe"}, THROWN_IN, "tournament.all_pass", id="unknown-rule"),
        pytest.param(
            {"all_pass": "thrown_in", "stock_per_thrown_in": 0.505},
            THROWN_IN,
            "tournament.stock_per_thrown_in",
            id="stock-three-decimals",
        ),
        pytest.param(
            {"all_pass": "thrown_in", "stock_per_thrown_in": -1},
            THROWN_IN,
            "tournament.stock_per_thrown_in",
            id="stock-negative",
        ),
        pytest.param(
            {"all_pass": "thrown_in"},
            THROWN_IN | {"declarer": "3"},
            "durchgaenge[0].tables[0].hands[1].declarer",
            id="4.1.5-thrown-in-with-a-declarer",
        ),
    ],
)
def test_faulty_thrown_in_fields_are_named(extra, hand, where):
    with translation.override("de"), pytest.raises(InterchangeError) as caught:
        tournament_import(document(extra, [SOLO, hand]))
    assert where + ":" in str(caught.value)
    assert not Tournament.objects.exists()


def test_4_1_5_not_counting_adds_a_line_and_the_workbook_tallies_the_stock():
    """8 games at a table of five are 10 lines; not counting, the thrown-in deal adds line 11.
    The Excel ranking gets a Stock column in euros (seat 2 deals line 2 and pays nothing)."""
    extra = {"all_pass": "thrown_in", "thrown_in_counts": False, "stock_per_thrown_in": 0.5}
    hands = [SOLO, THROWN_IN, SOLO | {"number": 11, "declarer": "3"}]
    tournament = tournament_import(document(extra, hands))
    out = io.BytesIO()
    with translation.override("de"):
        tournament_xlsx(tournament, out)
    workbook = load_workbook(io.BytesIO(out.getvalue()), read_only=True)
    rows = list(workbook["Rangliste"].iter_rows(values_only=True))
    column = rows[0].index("Stock (€)")
    stock = {row[2]: row[column] for row in rows[1:]}
    assert stock == {
        "Spieler 1": 0.5,
        "Spieler 2": 0,
        "Spieler 3": 0.5,
        "Spieler 4": 0.5,
        "Spieler 5": 0.5,
    }
    with translation.override("de"), pytest.raises(InterchangeError) as caught:
        tournament_import(document(extra, [*hands, SOLO | {"number": 12}]), replace=True)
    assert "hands[3].number: Spiel Nr. 12 gibt es auf dieser Spielliste nicht (1 bis 11)" in (
        str(caught.value)
    )
