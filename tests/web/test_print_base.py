"""Every printout rendered as PDF extends the one print base, `tournament/web/print_base.html`:
the page, its number, the running footer, the type and the tables are said there once, and a
printout keeps only what is its own."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.template import Context
from django.template.loader import get_template
from django.template.loader_tags import ExtendsNode

PRINT_BASE = "tournament/web/print_base.html"
TEMPLATES = Path(__file__).resolve().parents[2] / "templates"

#: The templates the PDF renderers are given (tournament/web/pdf.py,
#: tournament/sheets/sheet_page.py).
PDF_TEMPLATES = [
    "tournament/draw/print/by_name.html",
    "tournament/draw/print/by_table.html",
    "tournament/draw/print/cards.html",
    "tournament/draw/print/sheets.html",
    "tournament/registration/print/start_cards.html",
    "tournament/hall/notice.html",
    "tournament/ranking/print/ranking.html",
    "tournament/checkin/cash_pdf.html",
    "tournament/seasons/season_pdf.html",
    "tournament/sheets/print/signed_sheet.html",
    "tournament/prizes/awarded_pdf.html",
    "tournament/prizes/certificates.html",
    "tournament/handbook/clerk_card.html",
]


def ancestors(name: str) -> list[str]:
    """The templates `name` extends, the nearest first."""
    chain: list[str] = []
    template = get_template(name).template
    while extends := [node for node in template.nodelist if isinstance(node, ExtendsNode)]:
        parent = extends[0].parent_name.resolve(Context())
        chain.append(parent)
        template = get_template(parent).template
    return chain


@pytest.mark.parametrize("name", PDF_TEMPLATES)
def test_every_pdf_template_extends_the_print_base(name):
    assert PRINT_BASE in ancestors(name)


def test_a_template_with_a_page_of_its_own_extends_the_print_base():
    """A printout's CSS (an @page rule) lives only in templates built on the print base: a new
    printout cannot set up a page of its own beside it."""
    with_page = [
        str(path.relative_to(TEMPLATES))
        for path in TEMPLATES.rglob("*.html")
        if "@page" in path.read_text(encoding="utf-8")
    ]
    assert PRINT_BASE in with_page
    for name in with_page:
        assert name == PRINT_BASE or PRINT_BASE in ancestors(name), name
