"""The handbook's text: the Markdown chapters in `chapters/`, rendered once per process.

Each chapter is a file `NN-name.md`, in the order of its number. A heading carries its anchor
explicitly (`## Die Tür {#tuer}`), so that a page's "?" (`pages.HELP_SECTIONS`) and an error's
link keep pointing at the same place when a title is reworded. A picture is written
`![Text](bilder/NAME.png)`; NAME is one of `pictures.PICTURES`, made by `make screenshots`.
A page of the app is named `[Einlass](seite:manage:checkin)`, with its URL name: shown as the
page's name in bold, and checked to exist (tests/handbook/test_handbook_text.py).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import markdown
from django.templatetags.static import static

CHAPTERS_DIR = Path(__file__).resolve().parent / "chapters"
PICTURES_STATIC = "handbook/bilder/"  # under static/, so WeasyPrint's StaticFetcher reads them
PICTURE_REF = re.compile(r"\]\(bilder/([a-z0-9-]+)\.png\)")
PAGE_REF = re.compile(r"\]\(seite:([a-z_]+:[a-z_]+)\)")
PAGE_LINK = re.compile(r'<a href="seite:([a-z_]+:[a-z_]+)">(.*?)</a>', re.S)
HEADING = re.compile(r'<h([1-3]) id="([^"]+)">(.*?)</h\1>', re.S)
TABLE = re.compile(r"<table>.*?</table>", re.S)


@dataclass(frozen=True)
class Section:
    level: int  # 1 chapter, 2 section, 3 subsection
    anchor: str
    title: str


@dataclass(frozen=True)
class Chapter:
    anchor: str
    title: str
    html: str  # the pictures' addresses left as "bilder/NAME.png": see `chapter_html`
    sections: tuple[Section, ...]


def _render(text: str) -> str:
    html = markdown.markdown(
        text,
        extensions=["attr_list", "tables", "toc", "def_list", "admonition"],
        extension_configs={"toc": {"permalink": False}},
        output_format="html",
    )
    html = PAGE_LINK.sub(
        lambda match: (
            f'<strong class="page-name" data-page="{match.group(1)}">{match.group(2)}</strong>'
        ),
        html,
    )
    return _table_regions(html)


def _table_regions(html: str) -> str:
    """Each table in a region named by the heading above it, as `{% table_region %}` makes
    them (tournament/templatetags/regions.py): on a phone it scrolls sideways, by keyboard too."""
    parts, last = [], 0
    for match in TABLE.finditer(html):
        headings = HEADING.findall(html, 0, match.start())
        label = headings[-1][1] if headings else ""
        parts += [
            html[last : match.start()],
            f'<div class="table-container" role="region" tabindex="0" '
            f'aria-labelledby="{label}">{match.group(0)}</div>',
        ]
        last = match.end()
    return "".join([*parts, html[last:]])


def _sections(html: str) -> tuple[Section, ...]:
    return tuple(
        Section(int(level), anchor, re.sub(r"<[^>]+>", "", title).strip())
        for level, anchor, title in HEADING.findall(html)
    )


@cache
def chapters() -> tuple[Chapter, ...]:
    found = []
    for path in sorted(CHAPTERS_DIR.glob("[0-9][0-9]-*.md")):
        html = _render(path.read_text(encoding="utf-8"))
        sections = _sections(html)
        first = sections[0]
        found.append(Chapter(first.anchor, first.title, html, sections))
    return tuple(found)


def anchors() -> set[str]:
    return {section.anchor for chapter in chapters() for section in chapter.sections}


def picture_names() -> set[str]:
    """Every picture the text shows."""
    return {
        name
        for path in CHAPTERS_DIR.glob("*.md")
        for name in PICTURE_REF.findall(path.read_text(encoding="utf-8"))
    }


def page_names() -> set[str]:
    """Every page of the app the text names, as URL names (`manage:checkin`)."""
    return {
        name
        for path in CHAPTERS_DIR.glob("*.md")
        for name in PAGE_REF.findall(path.read_text(encoding="utf-8"))
    }


def chapter_html(chapter: Chapter, picture_url) -> str:
    """The chapter's HTML with each picture's address made by `picture_url(NAME)`: the static
    URL on the page, a file URL in the PDF."""
    return re.sub(
        r'src="bilder/([a-z0-9-]+)\.png"',
        lambda match: f'src="{picture_url(match.group(1))}"',
        chapter.html,
    )


def picture_static_url(name: str) -> str:
    return static(f"{PICTURES_STATIC}{name}.png")
