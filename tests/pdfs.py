"""A printout's PDF read back as a reader of the paper would: its pages and their text.

PDFium (pypdfium2) extracts the text; pypdf, which the app uses to join PDFs, takes some thirty
times as long for a page of a scoresheet."""

from __future__ import annotations

import pypdfium2 as pdfium


def pdf_pages(pdf: bytes) -> list[str]:
    """The text of each page, lines separated by "\\n"."""
    document = pdfium.PdfDocument(pdf)
    try:
        pages = []
        for page in document:
            text = page.get_textpage()
            pages.append(text.get_text_range().replace("\r\n", "\n").replace("\r", "\n"))
            text.close()
            page.close()
        return pages
    finally:
        document.close()


def pdf_text(pdf: bytes, separator: str = "\n") -> str:
    """The text of all pages, joined by `separator`."""
    return separator.join(pdf_pages(pdf))


def pdf_page_count(pdf: bytes) -> int:
    document = pdfium.PdfDocument(pdf)
    try:
        return len(document)
    finally:
        document.close()


def pdf_page_sizes(pdf: bytes) -> list[tuple[float, float]]:
    """Each page's (width, height) in points (1/72 inch): A4 is about (595, 842)."""
    document = pdfium.PdfDocument(pdf)
    try:
        return [document.get_page_size(index) for index in range(len(document))]
    finally:
        document.close()
