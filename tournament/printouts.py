"""Printouts of a Durchgang as PDF (WeasyPrint, A4): table lists, table cards, blank sheets;
and the players' own start cards with their personal codes.

Rendered from the project's own templates only: the URL fetcher loads nothing but the
project's static files, so a name in the data can never make WeasyPrint read a file or the
network.
"""

from __future__ import annotations

import multiprocessing
import resource
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit
from urllib.request import url2pathname

from django.conf import settings
from django.template.loader import render_to_string
from django.utils.translation import gettext
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


class RenderLimitError(Exception):
    """A PDF took longer than `PDF_RENDER_TIMEOUT` seconds or more memory than
    `PDF_RENDER_MEMORY_MB`; the message (translated) says so. Views answer 503."""


def render_limits() -> tuple[float, int]:
    """(seconds, megabytes) a render may take; 0 switches a bound off."""
    return (
        float(settings.PDF_RENDER_TIMEOUT),
        int(settings.PDF_RENDER_MEMORY_MB),
    )


def _limited_child(sender, megabytes: int, render: Callable[..., bytes], args: tuple) -> None:
    try:
        if megabytes:  # the child's own bound, never the server's
            limit = megabytes * 1024 * 1024
            resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
        sender.send((True, render(*args)))
    except (MemoryError, SystemError):  # C code out of memory may fail with a SystemError
        sender.send((False, "memory"))
    except BaseException as exc:  # reported to the parent, which raises it as a bug
        sender.send((False, f"{type(exc).__name__}: {exc}"))


def limit_message(kind: str) -> str:
    seconds, megabytes = render_limits()
    if kind == "memory":
        return gettext(
            "The PDF needs more than %(mb)s MB of memory and was stopped. Print fewer tables "
            "at once, or ask the administrator to raise PDF_RENDER_MEMORY_MB."
        ) % {"mb": megabytes}
    return gettext(
        "The PDF took longer than %(seconds)s seconds and was stopped. Print fewer tables "
        "at once, or ask the administrator to raise PDF_RENDER_TIMEOUT."
    ) % {"seconds": f"{seconds:g}"}


def pdf_limited(render: Callable[..., bytes], *args) -> bytes:
    """`render(*args)` (HTML in, PDF out; no database) in a forked child process bounded by
    `render_limits()`: the server never hangs on a PDF. Raises `RenderLimitError` when a bound
    is exceeded."""
    seconds, megabytes = render_limits()
    if not seconds and not megabytes:
        return render(*args)
    context = multiprocessing.get_context("fork")  # the child has every module loaded already
    receiver, sender = context.Pipe(duplex=False)
    child = context.Process(target=_limited_child, args=(sender, megabytes, render, args))
    child.start()
    sender.close()
    try:
        if seconds and not receiver.poll(seconds):
            raise RenderLimitError(limit_message("time"))
        ok, result = receiver.recv()
    except EOFError:  # the child died without an answer: killed by the memory bound
        raise RenderLimitError(limit_message("memory")) from None
    finally:
        if child.is_alive():
            child.kill()
        child.join()
        receiver.close()
    if not ok:
        if result == "memory":
            raise RenderLimitError(limit_message("memory"))
        raise RuntimeError(f"rendering the PDF failed: {result}")
    return result


def html_pdf(html: str) -> bytes:
    fetcher = StaticFetcher(allowed_protocols={"file"}, allow_redirects=False)
    return HTML(string=html, url_fetcher=fetcher).write_pdf()


def pdf_render(template: str, context: dict) -> bytes:
    return pdf_limited(html_pdf, render_to_string(template, context))


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
    supervisor has issued one (issue 9)."""
    template, title = KINDS[kind]
    tournament = durchgang.tournament
    tables = durchgang_tables(durchgang)
    links = {}
    if phone_url is not None:
        valid = models.TableLink.objects.filter(table__durchgang=durchgang, revoked_at__isnull=True)
        links = {link.table_id: link for link in valid}
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
                "link": links.get(t.pk),
                "link_qr": qr_svg(phone_url(links[t.pk].token)) if t.pk in links else "",
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


#: Start cards on one A4 page: two across, four down (A7 each, to cut).
CARDS_ACROSS, CARDS_DOWN = 2, 4


def start_cards_pdf(tournament: models.Tournament, players: list[models.Player]) -> bytes:
    """The start cards of `players` (issue 14), eight to an A4 page: tournament, start number,
    name, club and the player's personal code, with which the player confirms the own sheet on
    the table's phone. Handed to each player alone: the code is on no other printout."""
    rows = [players[i : i + CARDS_ACROSS] for i in range(0, len(players), CARDS_ACROSS)]
    pages = [rows[i : i + CARDS_DOWN] for i in range(0, len(rows), CARDS_DOWN)]
    context = {"tournament": tournament, "pages": pages, "title": gettext("Start cards")}
    return pdf_render("tournament/print/start_cards.html", context)
