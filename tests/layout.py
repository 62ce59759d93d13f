"""The laid-out pages of a printout as WeasyPrint places them, for measuring: where the boxes
of an element are on a page, in millimetres (CSS pixels are 1/96 inch)."""

from __future__ import annotations

from dataclasses import dataclass

from weasyprint import HTML

from tournament.web.pdf import StaticFetcher

MM_PER_PX = 25.4 / 96


@dataclass(frozen=True)
class Rect:
    """A border box on a page, in mm from the page's top left corner."""

    x: float
    y: float
    width: float
    height: float

    def intersects(self, other: Rect) -> bool:
        return (
            self.x < other.x + other.width
            and other.x < self.x + self.width
            and self.y < other.y + other.height
            and other.y < self.y + self.height
        )


def pages(html: str) -> list:
    """The document's pages laid out, as `write_pdf` would print them."""
    fetcher = StaticFetcher(allowed_protocols={"file"}, allow_redirects=False)
    return HTML(string=html, url_fetcher=fetcher).render().pages


def _classes(element) -> set[str]:
    return set((element.get("class") or "").split())


def rects(page, tag: str, css_class: str | None = None) -> list[Rect]:
    """The border boxes of the page's elements `tag` (with the class `css_class`), one per
    element (the outermost box WeasyPrint made for it), in document order."""
    found: dict[int, Rect] = {}
    for box in page._page_box.descendants():
        element = getattr(box, "element", None)
        if element is None or getattr(box, "element_tag", None) != tag:
            continue
        if css_class is not None and css_class not in _classes(element):
            continue
        if id(element) in found:
            continue  # the element's outer box came first
        found[id(element)] = Rect(
            box.border_box_x() * MM_PER_PX,
            box.border_box_y() * MM_PER_PX,
            box.border_width() * MM_PER_PX,
            box.border_height() * MM_PER_PX,
        )
    return list(found.values())
