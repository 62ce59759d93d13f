"""Printouts of a Durchgang as PDF (WeasyPrint, A4): table lists, table cards, blank sheets.

Rendered from the project's own templates only: the URL fetcher loads nothing but the
project's static files, so a name in the data can never make WeasyPrint read a file or the
network.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit
from urllib.request import url2pathname

from django.conf import settings
from django.template.loader import render_to_string
from django.utils.translation import gettext_lazy as _
from weasyprint import HTML
from weasyprint.urls import URLFetcher

from scoring.sheet import dealer_index, games_at_table, round_of
from tournament import models
from tournament.qr import qr_svg
from tournament.services.draw import durchgang_tables

KINDS = {
    "namen": ("tournament/print/by_name.html", _("Table list by name")),
    "tische": ("tournament/print/by_table.html", _("Table list by table")),
    "tischkarten": ("tournament/print/cards.html", _("Table cards")),
    "spiellisten": ("tournament/print/sheets.html", _("Blank scoresheets")),
}


def refuse_fetch(url: str, *args, **kwargs):
    raise ValueError(f"printouts load no resources: {url}")


class StaticFetcher(URLFetcher):
    """Loads nothing but the project's static files: no other file, no network.

    A class, as WeasyPrint 70 wants: it leaves a refused resource out with a warning, where a
    plain function such as `refuse_fetch` would stop the rendering."""

    def fetch(self, url: str, headers=None):
        parts = urlsplit(url)
        if parts.scheme.lower() == "file" and parts.netloc in ("", "localhost"):
            path = Path(url2pathname(parts.path)).resolve()
            if any(path.is_relative_to(Path(root).resolve()) for root in settings.STATICFILES_DIRS):
                return super().fetch(path.as_uri(), headers)
        return refuse_fetch(url)


def pdf_render(template: str, context: dict) -> bytes:
    html = render_to_string(template, context)
    fetcher = StaticFetcher(allowed_protocols={"file"}, allow_redirects=False)
    return HTML(string=html, url_fetcher=fetcher).write_pdf()


@dataclass(frozen=True)
class SheetRow:
    number: int
    runde: int
    dealer: str
    sitting_out: int | None  # 0-based seat index of the dealer at a table of five
    runde_end: bool


def sheet_rows(table: models.Table, seats: list[models.Seat], games_per_durchgang: int):
    n = len(seats)
    games = games_at_table(seats=n, games_per_durchgang=games_per_durchgang)
    return [
        SheetRow(
            number=g,
            runde=round_of(g, n),
            dealer=seats[dealer_index(g, n)].player.name,
            sitting_out=dealer_index(g, n) if n == 5 else None,
            runde_end=g % n == 0,
        )
        for g in range(1, games + 1)
    ]


def durchgang_pdf(durchgang: models.Durchgang, kind: str, *, public_url: str = "") -> bytes:
    """The printout `kind` (a key of `KINDS`) of all tables of the Durchgang; with the QR code
    of `public_url` (the public ranking) on the table list by name."""
    template, title = KINDS[kind]
    tournament = durchgang.tournament
    tables = durchgang_tables(durchgang)
    context = {
        "tournament": tournament,
        "durchgang": durchgang,
        "title": title,
        "tables": [
            {
                "table": t,
                "seats": list(t.seats.all()),
                "rows": sheet_rows(t, list(t.seats.all()), tournament.games_per_durchgang)
                if kind == "spiellisten"
                else (),
            }
            for t in tables
        ],
        "by_name": sorted(
            ((s.player, t.number, s.position) for t in tables for s in t.seats.all()),
            key=lambda entry: (entry[0].name.casefold(), entry[0].start_number),
        ),
        "qr": qr_svg(public_url) if public_url else "",
        "public_url": public_url,
    }
    return pdf_render(template, context)
