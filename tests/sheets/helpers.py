"""What the sheet tests share: the `evening` tournament's addresses and games, a sheet filled
and signed through the services, a PDF's text, and writers released at once."""

from __future__ import annotations

import io
import threading
from collections.abc import Callable

from django.db import connection
from django.urls import reverse
from pypdf import PdfReader

from tests.pdfs import pdf_pages
from tests.sheets.fixtures import ruf
from tournament.models import Hand, Table
from tournament.sheets.services.hands import HandEntry, hand_save
from tournament.sheets.services.sheet import seat_sign

SLUG = "abend"  # the `evening` tournament of conftest.py


def url(name, *args):
    return reverse(f"manage:{name}", args=[SLUG, *args])


def enter(client, code, number, table=1, version=0):
    return client.post(
        url("hand_enter", 1, table), {"number": number, "code": code, "version": version}
    )


def table_of(number):
    return Table.objects.get(durchgang__tournament__slug=SLUG, number=number)


def game(number, table=1):
    return Hand.objects.get(table=table_of(table), number=number)


def fill(table, p, numbers=range(1, 33), **special: HandEntry) -> None:
    """Enter Rufspiele as `numbers`; `special` gives other games by number (`g7=...`)."""
    for number in numbers:
        game = special.get(f"g{number}") or ruf(p)
        hand_save(table=table, number=number, game=game, version=0)


def sign(table, user, seats=(1, 2, 3, 4)) -> None:
    for seat in table.seats.filter(position__in=seats):
        seat_sign(seat=seat, user=user, paper=True)


def read(pdf: bytes) -> tuple[PdfReader, list[str]]:
    """The PDF's structure (fonts, images) and each page's text."""
    return PdfReader(io.BytesIO(pdf)), pdf_pages(pdf)


def squeezed(text: str) -> str:
    """The text without white space: a PDF may break a long name across lines."""
    return "".join(text.split())


def all_at_once(count: int, action: Callable[[int], object]) -> list[object]:
    """Run `action(0)` … `action(count - 1)` in threads released together; each result is the
    return value or the exception raised."""
    barrier = threading.Barrier(count)
    results: list[object] = [None] * count

    def run(index: int) -> None:
        try:
            barrier.wait(timeout=30)
            results[index] = action(index)
        except Exception as exc:  # collected and asserted on by the test
            results[index] = exc
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    assert not any(t.is_alive() for t in threads), "a writer hung"
    return results
