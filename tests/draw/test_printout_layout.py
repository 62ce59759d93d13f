"""The printouts of a Durchgang as laid out on paper, measured in mm from WeasyPrint's boxes:
the wall list's QR code covers no heading and no table number; the blank scoresheets have
game rows of at least 6 mm and signature boxes of at least 12 mm, in type of at least 9 pt,
on one page where that fits and on two (the header row repeated) where it does not."""

from __future__ import annotations

import pytest

from tests.layout import pages, rects
from tests.pdfs import pdf_pages
from tournament.draw.printouts import durchgang_html, durchgang_pdf
from tournament.draw.services import durchgang_draw
from tournament.exchange.interchange.importer import tournament_import
from tournament.phones.links import table_link_issue

pytestmark = pytest.mark.django_db

LONG = "Maximilian Obermaier-Wittelsbacher"


def _tournament(players: int, games: int, long_names: bool = False):
    def name(n: int) -> str:
        return f"{LONG} {n}" if long_names else f"Spieler {n}"

    tournament = tournament_import(
        {
            "format": "schafkopf-turnier",
            "version": 1,
            "tournament": {
                "slug": "papier",
                "name": "Papier-Turnier",
                "date": "2026-11-28",
                "games_per_durchgang": games,
            },
            "players": [{"id": str(n), "name": name(n)} for n in range(1, players + 1)],
        }
    )
    return durchgang_draw(tournament=tournament, number=1, seed="papier").durchgang


def test_the_wall_list_s_qr_code_covers_no_heading_and_no_table_number():
    durchgang = _tournament(150, 32, long_names=True)  # 37 tables, several pages
    html = durchgang_html(durchgang, "namen", public_url="http://halle/turnier/papier/")

    laid_out = pages(html)

    assert len(laid_out) >= 2
    [qr] = rects(laid_out[0], "td", "qr")
    assert qr.width >= 25 and qr.height >= 25  # the code is there, 26 mm wide
    assert sum(len(rects(page, "td", "table-no")) for page in laid_out) == 150
    for number, page in enumerate(laid_out):
        covered = rects(page, "h1") + rects(page, "h2") + rects(page, "th")
        covered += rects(page, "td", "table-no")
        if number == 0:
            assert covered and not [r for r in covered if r.intersects(qr)]
        else:
            assert not rects(page, "td", "qr")  # the code is on the first page only


def _game_rows(page) -> list:
    return rects(page, "tr", "game")


def _sheets(laid_out) -> dict[int, list]:
    """The pages of each table's sheet (a page holds one sheet: each begins a page)."""
    sheets: dict[int, list] = {}
    for page in laid_out:
        table = next(
            int(box.element.get("data-table"))
            for box in page._page_box.descendants()
            if getattr(box, "element", None) is not None and box.element.get("data-table")
        )
        sheets.setdefault(table, []).append(page)
    return sheets


@pytest.mark.parametrize(
    ("players", "games", "rows", "sheet_pages"),
    [
        pytest.param(8, 20, 20, 1, id="20-games-four"),
        pytest.param(9, 20, 25, 1, id="20-games-five-25-rows"),
        pytest.param(8, 30, 30, 1, id="30-games-four"),
        pytest.param(8, 32, 32, 1, id="32-games-four"),
        pytest.param(9, 32, 40, 2, id="32-games-five-40-rows"),
        pytest.param(8, 48, 48, 2, id="48-games-four"),
        pytest.param(9, 48, 60, 2, id="48-games-five-60-rows"),
    ],
)
def test_the_blank_scoresheet_rows_are_6_mm_and_the_signature_boxes_12_mm(
    players, games, rows, sheet_pages
):
    durchgang = _tournament(players, games)
    tables = list(durchgang.tables.order_by("number"))
    last = tables[-1]  # the table of five, where there is one
    table_link_issue(table=last, user=None)  # its QR code takes room in the header too
    html = durchgang_html(durchgang, "spiellisten", phone_url=lambda token: f"http://h/{token}/")

    sheets = _sheets(pages(html))

    assert sorted(sheets) == [t.number for t in tables]
    first = sheets[tables[0].number]
    assert len(first) == (1 if games <= 32 else 2)  # a table of four: 32 games on one page
    assert len(sheets[last.number]) == sheet_pages
    assert sum(len(_game_rows(page)) for page in sheets[last.number]) == rows
    for table in tables:
        heights = [r.height for page in sheets[table.number] for r in _game_rows(page)]
        assert min(heights) >= 6.0, table
        for page in sheets[table.number]:  # the header row of the games on every page
            assert rects(page, "th", "player")
        signatures = rects(sheets[table.number][-1], "td", "signature")
        assert len(signatures) == table.seats.count() + 1  # the players and the supervisor
        assert min(s.height for s in signatures) >= 12.0


def test_long_names_on_the_blank_scoresheet_keep_rows_of_6_mm_and_the_pdf_names_them():
    durchgang = _tournament(9, 32, long_names=True)

    laid_out = pages(durchgang_html(durchgang, "spiellisten"))

    heights = [r.height for page in laid_out for r in _game_rows(page)]
    assert len(heights) == 32 + 40 and min(heights) >= 6.0
    for page in laid_out:
        for cell in rects(page, "td", "signature"):
            assert cell.height >= 12.0
    page_texts = pdf_pages(durchgang_pdf(durchgang, "spiellisten"))
    text = "".join("".join(page.split()) for page in page_texts)
    assert "".join(f"{LONG} 9".split()) in text


def test_the_blank_scoresheet_s_game_rows_are_in_type_of_9_pt_at_least():
    durchgang = _tournament(8, 32)
    [page, *_rest] = pages(durchgang_html(durchgang, "spiellisten"))
    sizes = set()
    for box in page._page_box.descendants():
        element = getattr(box, "element", None)
        if element is not None and "game" in (element.get("class") or "").split():
            for inner in box.descendants():
                if type(inner).__name__ == "TextBox":
                    sizes.add(inner.style["font_size"] * 72 / 96)  # CSS px to pt
    assert sizes and min(sizes) >= 9.0
