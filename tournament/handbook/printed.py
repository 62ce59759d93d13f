"""The handbook as one PDF (A4, with a table of contents and page numbers): the same chapters
as the page, the pictures read from the static files."""

from __future__ import annotations

from functools import cache

from django.conf import settings
from django.utils import translation

from tournament.handbook.book import PICTURES_STATIC, chapter_html, chapters
from tournament.web.pdf import pdf_render


def picture_file_url(name: str) -> str:
    return (settings.STATICFILES_DIRS[0] / PICTURES_STATIC / f"{name}.png").as_uri()


@cache
def handbook_pdf() -> bytes:
    """Rendered once per process: the text and pictures change only with a new release."""
    shown = [(chapter, chapter_html(chapter, picture_file_url)) for chapter in chapters()]
    with translation.override("de"):  # the handbook is German; so is its printed frame
        return pdf_render("tournament/handbook/handbook_pdf.html", {"chapters": shown})
