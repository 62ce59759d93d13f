"""The Hallen-Aushang: one A4 page for the hall's wall with the address of the tournament's
public pages in large type, their QR code and what the players do."""

from __future__ import annotations

from urllib.parse import urlsplit

from django.utils.translation import gettext

from tournament import models
from tournament.web.pdf import pdf_render
from tournament.web.qr import qr_svg


def hall_notice_pdf(tournament: models.Tournament, *, public_url: str) -> bytes:
    """The notice of `tournament`; `public_url` is the absolute address of its public page
    (tournament/web/site_url.py), printed with its site's address on its own, to type."""
    parts = urlsplit(public_url)
    context = {
        "tournament": tournament,
        "title": gettext("Hall notice"),
        "public_url": public_url,
        "site": f"{parts.scheme}://{parts.netloc}" if parts.netloc else public_url,
        "path": parts.path,
        "qr": qr_svg(public_url, scale=8),
    }
    return pdf_render("tournament/hall/notice.html", context)
