"""The printed sheet and the Excel workbook follow the tournament's point table: a money
tariff shows euros and cents, a plus-only table has no minus column and no zero check."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.core.management import call_command
from django.urls import reverse
from openpyxl import load_workbook

from tests.pdfs import pdf_pages
from tournament.exchange.interchange.importer import tournament_import
from tournament.models import Membership, Table
from tournament.sheets.pdf import scoresheet_pdf

pytestmark = pytest.mark.django_db


def tournament_with(scoring: str, slug: str, supervisor, client):
    tournament = tournament_import(
        {
            "format": "schafkopf-turnier",
            "version": 1,
            "tournament": {"slug": slug, "name": slug.title(), "date": "2026-11-22"}
            | {"scoring": scoring},
            "players": [{"id": str(n), "name": f"Spieler {n}"} for n in range(1, 5)],
            "durchgaenge": [
                {"number": 1, "tables": [{"number": 1, "seats": ["1", "2", "3", "4"]}]}
            ],
        }
    )
    Membership.objects.create(tournament=tournament, user=supervisor, role="supervisor")
    client.force_login(supervisor)
    return tournament


def enter(client, slug, number, code):
    url = reverse("manage:hand_enter", args=[slug, 1, 1])
    response = client.post(url, {"number": number, "code": code, "version": 0})
    assert response.status_code == 302


def pdf_text(tournament) -> str:
    pdf = scoresheet_pdf(Table.objects.get(durchgang__tournament=tournament))
    page_texts = pdf_pages(pdf)
    assert len(page_texts) == 1
    return page_texts[0]


def workbook(tournament, tmp_path):
    out = tmp_path / "turnier.xlsx"
    call_command("export_xlsx", tournament.slug, "--out", str(out))
    return load_workbook(out)


def header(ws) -> list[str]:
    return [cell.value for cell in next(ws.iter_rows(max_row=1))]


def column(ws, name: str) -> list:
    index = header(ws).index(name)
    return [row[index] for row in ws.iter_rows(min_row=2)]


@pytest.fixture
def tariff(client, supervisor):
    tournament = tournament_with("preisschafkopf-tarif", "tarif", supervisor, client)
    enter(client, "tarif", 2, "s e 2 + l4 k")  # (50 + 4 x 10) x 2 from each of three: 5,40 €
    return tournament


@pytest.fixture
def gute(client, supervisor):
    tournament = tournament_with("plus-only", "gute", supervisor, client)
    enter(client, "gute", 2, "r e 1 3 + sn")  # 10 for each winner, 0 for the losers
    for number in range(3, 5):
        enter(client, "gute", number, "r e 1 3 +")
    return tournament


def test_the_signed_sheet_of_a_tariff_shows_euros_and_cents(tariff):
    text = pdf_text(tariff)
    assert "5,40 €" in text and "1,80 €" in text
    assert "Betrag" in text  # the sum row names an amount, not points
    assert "540" not in text.replace("5,40", "")


def test_the_signed_sheet_of_a_plus_only_table_has_no_minus_column_and_no_zero_check(gute):
    text = pdf_text(gute)
    assert "Nullprobe" not in text and "−" not in text
    assert "gewonnen Schneider Nr. 1 mit Nr. 3 10 10" in text  # plus only, no minus
    assert "Punkte 20 0 20 0" in text


def test_a_zero_sum_sheet_keeps_both_columns_and_the_zero_check(example_tournament):
    table = Table.objects.filter(durchgang__tournament=example_tournament).first()
    text = pdf_pages(scoresheet_pdf(table))[0]
    assert "Nullprobe" in text and "−" in text


def test_the_sheet_page_of_a_plus_only_table_shows_no_failed_zero_check(client, gute):
    page = client.get(reverse("manage:sheet", args=["gute", 1, 1])).content.decode()
    assert "✗" not in page


def test_the_workbook_of_a_tariff_holds_euros_in_a_euro_format(tariff, tmp_path):
    ranking = workbook(tariff, tmp_path)["Rangliste"]
    assert "Betrag" in header(ranking)
    amounts = {row[2].value: row[4] for row in ranking.iter_rows(min_row=2)}
    assert Decimal(str(amounts["Spieler 2"].value)) == Decimal("5.40")
    assert Decimal(str(amounts["Spieler 1"].value)) == Decimal("-1.80")
    assert "€" in amounts["Spieler 2"].number_format
    games = workbook(tariff, tmp_path)["Spiele"]
    seat_two = column(games, "Betrag Platz 2")
    assert [float(c.value) for c in seat_two if c.value is not None] == [5.4]


def test_the_workbook_of_a_plus_only_table_has_no_minus_column(gute, tmp_path):
    ranking = workbook(gute, tmp_path)["Rangliste"]
    assert "Minus" not in header(ranking) and "Plus" in header(ranking)
    assert sorted(c.value for c in column(ranking, "Punkte")) == [0, 0, 20, 20]


def test_a_zero_sum_workbook_keeps_the_minus_column(example_tournament, tmp_path):
    assert "Minus" in header(workbook(example_tournament, tmp_path)["Rangliste"])
