"""/hilfe/ answers in German with every chapter and section, for everybody; in English or
Swedish it says the handbook is German only; the same text comes as one PDF."""

from __future__ import annotations

import pytest

from tests.pdfs import pdf_page_sizes, pdf_pages
from tournament.handbook.book import chapters
from tournament.handbook.printed import handbook_pdf

pytestmark = pytest.mark.django_db


def test_the_handbook_answers_in_german_with_every_section(client):
    response = client.get("/hilfe/")
    assert response.status_code == 200
    html = response.content.decode()
    assert '<div class="handbook" lang="de">' in html
    for chapter in chapters():
        for section in chapter.sections:
            assert f'id="{section.anchor}"' in html
            if section.level <= 2:  # the contents list the chapters and their sections
                assert f'href="#{section.anchor}"' in html
    for title in ("Das Turnier anlegen", "Der Einlass", "Genehmigungen", "Die Kürzel"):
        assert title in html
    assert 'href="/hilfe/handbuch.pdf"' in html
    assert "nur auf Deutsch" not in html  # the note is for the other languages


@pytest.mark.parametrize(
    ("language", "note"),
    [("en", "The handbook is written in German only"), ("sv", "Handboken finns bara på tyska")],
)
def test_other_languages_link_to_the_german_handbook_and_say_so(client, language, note):
    client.cookies["django_language"] = language
    html = client.get("/", headers={"accept-language": language}).content.decode()
    assert 'href="/hilfe/"' in html
    html = client.get("/hilfe/", headers={"accept-language": language}).content.decode()
    assert note in html
    assert "Für die Turnierleitung" in html


@pytest.mark.slow  # the whole handbook rendered and read back: a hundred pages with pictures
def test_the_printed_handbook_has_contents_and_every_chapter(client):
    handbook_pdf.cache_clear()
    response = client.get("/hilfe/handbuch.pdf")
    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    assert pdf_page_sizes(response.content)[0][0] == pytest.approx(595, abs=1)  # A4
    pages = pdf_pages(response.content)
    first = pages[0]
    assert "Inhalt" in first
    text = "\n".join(pages)
    for chapter in chapters():
        assert chapter.title in text
    # Each chapter begins a page: at least a cover and one page per chapter.
    assert len(pages) >= 1 + len(chapters())
    # The contents give each chapter's page: "Für den Schreiber ....... 7".
    start = {
        chapter.title: next(
            number
            for number, page in enumerate(pages, 1)
            if page.lstrip().startswith(chapter.title)
        )
        for chapter in chapters()[1:]
    }
    for title, number in start.items():
        assert any(
            line.startswith(title) and line.rstrip().endswith(f" {number}")
            for line in first.splitlines()
        ), (title, number)
