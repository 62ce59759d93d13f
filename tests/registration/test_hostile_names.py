"""Names with markup, formula prefixes, control characters and RTL marks are data: they reach
the HTML escaped, the PDF as text and the Excel workbook as text cells, never as markup or a
formula."""

from __future__ import annotations

import pytest
from django.urls import reverse
from django.utils.html import escape
from openpyxl import load_workbook

from tests.pdfs import pdf_pages
from tournament import models
from tournament.exchange.exports.workbook import tournament_xlsx
from tournament.exchange.interchange.importer import tournament_import
from tournament.sheets.pdf import scoresheet_pdf

pytestmark = pytest.mark.django_db

NAMES = [
    "<script>alert(1)</script>",
    '=HYPERLINK("x")',
    "+1",
    "-1",
    "@SUM(A1)",
    "\x07bell",
    "\u202eRTL\u202c Maier",
    "Tab\there",
]
PRINTABLE = {  # what a reader of the PDF sees of each name: invisible characters are left out
    "<script>alert(1)</script>": "<script>alert(1)</script>",
    '=HYPERLINK("x")': '=HYPERLINK("x")',
    "@SUM(A1)": "@SUM(A1)",
    "\x07bell": "bell",
}


@pytest.fixture
def hostile(django_user_model):
    tournament = tournament_import(
        {
            "format": "schafkopf-turnier",
            "version": 1,
            "tournament": {
                "slug": "feindlich",
                "name": "=1+1 <b>Turnier</b>",
                "date": "2026-11-22",
            },
            "players": [
                {"id": str(n), "name": name, "club": name} for n, name in enumerate(NAMES, 1)
            ],
            "durchgaenge": [
                {
                    "number": 1,
                    "tables": [
                        {
                            "number": 1,
                            "seats": ["1", "2", "3", "4"],
                            "hands": [
                                {
                                    "number": 1,
                                    "contract": "rufspiel",
                                    "suit": "eichel",
                                    "declarer": "1",
                                    "partner": "3",
                                    "won": True,
                                }
                            ],
                        },
                        {"number": 2, "seats": ["5", "6", "7", "8"]},
                    ],
                }
            ],
        }
    )
    boss = django_user_model.objects.create_user("feind-leitung")
    models.Membership.objects.create(tournament=tournament, user=boss, role="supervisor")
    return tournament


def test_the_import_keeps_every_name_as_written_but_for_invisible_ends(hostile):
    """A direction mark opening a name goes (tournament/web/names.py); inside it stays."""
    stored = NAMES[:6] + ["RTL\u202c Maier"] + NAMES[7:]
    assert list(hostile.players.order_by("start_number").values_list("name", flat=True)) == stored


@pytest.mark.parametrize("page", ["players", "sheet", "ranking"])
def test_names_are_escaped_in_html(client, hostile, page):
    client.force_login(hostile.memberships.get().user)
    slug = hostile.slug
    url = {
        "players": reverse("manage:players", args=[slug]),
        "sheet": reverse("manage:sheet", args=[slug, 1, 1]),
        "ranking": reverse("tournament:ranking", args=[slug]),
    }[page]
    response = client.get(url)
    assert response.status_code == 200
    html = response.content.decode()
    assert "<script>alert(1)</script>" not in html
    assert "<b>Turnier</b>" not in html
    seated = NAMES[:4] if page == "sheet" else NAMES
    for name in seated:
        if name.isprintable():
            assert escape(name) in html, name


def test_names_appear_as_text_in_the_scoresheet_pdf(hostile):
    table = models.Table.objects.get(durchgang__tournament=hostile, number=1)
    text = pdf_pages(scoresheet_pdf(table))[0]
    for name in NAMES[:4]:
        assert PRINTABLE.get(name, name) in text, name


def test_names_are_text_cells_in_the_workbook_never_formulas(hostile, tmp_path):
    out = tmp_path / "turnier.xlsx"
    tournament_xlsx(hostile, str(out))
    workbook = load_workbook(out)
    cells = [c for ws in workbook.worksheets for row in ws.iter_rows() for c in row]
    assert not [c.coordinate for c in cells if c.data_type == "f"]
    values = {c.value for c in cells if isinstance(c.value, str)}
    for name in NAMES:
        shown = name.replace("\x07", "_x0007_")  # the file's escape: what openpyxl reads back
        assert name in values or shown in values, name
