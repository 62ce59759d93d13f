"""Printouts of a Durchgang as PDF (A4): table lists by name and by table, table cards, and the
blank scoresheets pre-filled with seats and dealers."""

# Declared boilerplate (duplicates): the PDF and HTML of a printout take the same parameters.

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from django.template.loader import render_to_string
from django.utils.translation import gettext_lazy as _

from scoring.seating import dealer_index, games_at_table, round_of
from tournament import models
from tournament.draw.services import durchgang_tables
from tournament.web.collation import german_sort_key
from tournament.web.pdf import html_pdf, pdf_limited
from tournament.web.qr import qr_svg

KINDS = {
    "namen": ("tournament/draw/print/by_name.html", _("Table list by name")),
    "tische": ("tournament/draw/print/by_table.html", _("Table list by table")),
    "tischkarten": ("tournament/draw/print/cards.html", _("Table cards")),
    "spiellisten": ("tournament/draw/print/sheets.html", _("Blank scoresheets")),
}


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


# The height of one page of a pre-filled sheet left for its game rows, in mm (A4 portrait less
# margins, title, header row of the games, total and signatures; less the QR code's extra room).
ROWS_MM = 214.0
ROWS_MM_WITH_QR = 207.0
ROW_MM = (6.2, 10.5)  # the least and the most a game row is high when the sheet fits one page
ROW_MM_FLOWING = 7.0  # a sheet that takes two pages


def row_height(rows: int, *, with_qr: bool) -> str:
    """The CSS height of a game row of a blank sheet with `rows` games: the rows fill the page
    when they fit it at `ROW_MM[0]` at least, else the sheet flows over two pages."""
    room = ROWS_MM_WITH_QR if with_qr else ROWS_MM
    least, most = ROW_MM
    if rows * least > room:
        return f"{ROW_MM_FLOWING:.1f}mm"
    return f"{min(most, int(room / max(rows, 1) * 10) / 10):.1f}mm"


def durchgang_pdf(
    durchgang: models.Durchgang,
    kind: str,
    *,
    public_url: str = "",
    phone_url: Callable[[str], str] | None = None,
) -> bytes:
    """The printout `kind` (a key of `KINDS`) of all tables of the Durchgang; with the QR code
    of `public_url` (the public ranking) on the table list by name, and on the table cards and
    scoresheets each table's phone link (`phone_url` of its token) with its PIN, where the
    supervisor has issued one."""
    html = durchgang_html(durchgang, kind, public_url=public_url, phone_url=phone_url)
    return pdf_limited(html_pdf, html)


def durchgang_html(
    durchgang: models.Durchgang,
    kind: str,
    *,
    public_url: str = "",
    phone_url: Callable[[str], str] | None = None,
) -> str:
    """The HTML document `durchgang_pdf` prints."""
    template, title = KINDS[kind]
    tournament = durchgang.tournament
    tables = durchgang_tables(durchgang)
    links: dict[int, models.TableLink] = {}
    urls: dict[int, str] = {}
    if phone_url is not None:
        valid = models.TableLink.objects.filter(table__durchgang=durchgang, revoked_at__isnull=True)
        links = {link.table_id: link for link in valid}
        urls = {table_id: phone_url(link.token) for table_id, link in links.items()}
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
                "row_height": row_height(
                    games_at_table(
                        seats=len(t.seats.all()), games_per_durchgang=tournament.games_per_durchgang
                    ),
                    with_qr=t.pk in links,
                ),
                "link": links.get(t.pk),
                "link_url": urls.get(t.pk, ""),
                "link_qr": qr_svg(urls[t.pk]) if t.pk in urls else "",
            }
            for t in tables
        ],
        "by_name": sorted(
            ((s.player, t.number, s.position) for t in tables for s in t.seats.all()),
            key=lambda entry: (german_sort_key(entry[0].name), entry[0].start_number),
        ),
        "qr": qr_svg(public_url) if public_url else "",
        "public_url": public_url,
    }
    return render_to_string(template, context)
