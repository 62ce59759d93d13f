"""Signed scoresheets (rule 5.3) as PDF/A: the filled Spielliste of a table, one A4 page each.
What a page shows is `tournament.sheets.sheet_page`; here it is rendered.

WeasyPrint reads nothing but the project's template and static files (`StaticFetcher`), so a
name in the data can never make it read another file or the network.

A whole Durchgang is rendered by a pool of processes (both cores): this process reads the
database and renders each table's HTML; a worker lays out a chunk of tables, each as its own
document (so its pages are counted on their own, and small documents lay out faster), joins
their pages with WeasyPrint's document API and writes one PDF/A (the slow part, and the only
one that needs no database). WeasyPrint's documents cannot cross processes, so the chunks'
PDFs are joined with pypdf, which keeps the first chunk's PDF/A catalogue (XMP metadata,
output intent) and info; every chunk embeds its fonts.

Target 0.3 s per sheet at most (docs/performance.md): what the sheets share is made once per
process, the stylesheet of their <style> element parsed once (`_stylesheet`), and a worker
renders each chunk in a child it forks (`pdf_limited`, bounded in time and memory) that ends without
freeing WeasyPrint's documents: freeing them and collecting their cycles took a fifth of the
time. The chunks are as many for each worker and alike in size, so that none idles at the end.
Rendering several tables in one document, or sharing WeasyPrint's font configuration, made
nothing faster (docs/performance.md).
"""

from __future__ import annotations

import contextlib
import gc
import io
import multiprocessing
import os
from collections.abc import Callable
from concurrent.futures import Future, ProcessPoolExecutor, as_completed
from concurrent.futures import TimeoutError as FuturesTimeout
from concurrent.futures.process import BrokenProcessPool
from functools import partial
from typing import Protocol

from django.utils.translation import gettext as _
from pypdf import PdfReader, PdfWriter
from weasyprint import CSS, HTML

from tournament import models
from tournament.sheets.pdf_worker import worker_setup
from tournament.sheets.sheet_page import sheet_html, signed_sheet
from tournament.sheets.verification import sheet_tables
from tournament.web.pdf import (
    RenderLimitError,
    limit_message,
    pdf_limited,
    render_limits,
    static_fetcher,
)

PDF_VARIANT = "pdf/a-3u"
WORKERS = 2  # processes that render a Durchgang: the machine's two cores
POOL_FROM = 5  # tables: fewer are rendered in this process
CHUNK = 8  # tables at most per worker task: smaller chunks render faster per page


def _without_style(html: str) -> tuple[str, str]:
    """The document without its <style> element (print_base.html has one, in the head; the
    data in the body is escaped, so no other `<style>` can appear), and that element's CSS."""
    head, found, rest = html.partition("<style>")
    if not found:
        return html, ""
    css, _, tail = rest.partition("</style>")
    return head + tail, css


#: Each distinct <style> of the sheets, parsed once per process: every sheet of a Durchgang has
#: the same one. A pool worker parses it before it forks the chunk's child, which inherits it.
_stylesheets: dict[str, CSS] = {}


def _stylesheet(css: str) -> CSS:
    sheet = _stylesheets.get(css)
    if sheet is None:
        if len(_stylesheets) >= 8:  # a template's styles are few; a long-lived server keeps
            _stylesheets.clear()  # no more than a handful
        sheet = _stylesheets[css] = CSS(string=css, url_fetcher=static_fetcher())
    return sheet


def _pages(documents: list[str], title: str) -> tuple[bytes, list]:
    """The PDF/A of the documents, and WeasyPrint's documents it was made of."""
    fetcher = static_fetcher()
    rendered = []
    for html in documents:
        body, css = _without_style(html)
        sheets = [_stylesheet(css)] if css else []
        rendered.append(HTML(string=body, url_fetcher=fetcher).render(stylesheets=sheets))
    document = rendered[0].copy([page for r in rendered for page in r.pages])
    if title:
        document.metadata.title = title
    return document.write_pdf(pdf_variant=PDF_VARIANT), rendered


def pages_pdf(documents: list[str], title: str = "") -> bytes:
    """HTML documents as one PDF/A, their pages one after the other (fonts embedded once).

    Each document is laid out on its own (its pages counted on their own); its <style> is
    parsed once per process for all documents that share it (`_stylesheet`)."""
    return _pages(documents, title)[0]


#: What a forked child rendered; it is never freed: the child ends (`os._exit`) without it.
_left: list = []


def _chunk_render(parent: int, documents: list[str], title: str) -> bytes:
    """A chunk of tables as one PDF/A, rendered in a child that `pdf_limited` forked from the
    process `parent`: its garbage collector stays off, and nothing of WeasyPrint's documents is
    freed (freeing them and collecting the cycles among them took about a fifth of the time); the
    child's end gives its memory back at once. Run in `parent` itself (no bounds set: no
    child), it collects once after the chunk instead."""
    gc.disable()
    if os.getpid() != parent:
        pdf, rendered = _pages(documents, title)
        _left.append(rendered)
        return pdf
    try:
        return pages_pdf(documents, title)
    finally:
        gc.enable()
        gc.collect()


def _chunk(documents: list[str], title: str) -> bytes:
    """A chunk of tables as one PDF/A, in a child process of this one, bounded by
    `render_limits()` (the pool's worker, or this process with one worker). The stylesheet is
    parsed here first, so that every child of a worker inherits it."""
    css = _without_style(documents[0])[1]
    if css:
        _stylesheet(css)
    return pdf_limited(partial(_chunk_render, os.getpid()), documents, title)


def scoresheet_pdf(table: models.Table) -> bytes:
    """The signed sheet of one table: one A4 page."""
    table = sheet_tables(models.Table.objects.filter(pk=table.pk)).get()
    return pdf_limited(pages_pdf, [sheet_html(signed_sheet(table))])


def pdf_join(parts: list[bytes]) -> bytes:
    """PDFs one after the other; the first one's catalogue (PDF/A metadata) is kept."""
    if len(parts) == 1:
        return parts[0]
    writer = PdfWriter(clone_from=PdfReader(io.BytesIO(parts[0])))
    for part in parts[1:]:
        writer.append(PdfReader(io.BytesIO(part)))
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def durchgang_title(durchgang: models.Durchgang) -> str:
    return " – ".join(
        [
            _("Signed scoresheets"),
            durchgang.tournament.name,
            _("Durchgang %(n)s") % {"n": durchgang.number},
        ]
    )


def _ignore(done: int, total: int) -> None:
    pass


class PartStore(Protocol):
    """Where a job keeps the chunks of its PDF that are done (its storage): a job run again
    after its worker died resumes after the last chunk finished instead of from table 1."""

    def get(self, key: str) -> bytes | None: ...

    def put(self, key: str, content: bytes) -> None: ...


def durchgang_sheets_pdf(
    durchgang: models.Durchgang,
    *,
    workers: int | None = None,
    chunk: int | None = None,
    progress: Callable[[int, int], None] = _ignore,
    parts: PartStore | None = None,
) -> bytes:
    """The signed sheets of every table of the Durchgang, one page per table.

    This process reads the database and renders each chunk's HTML; `workers` processes turn
    the chunks into PDFs (default: `WORKERS` from `POOL_FROM` tables on, since starting a
    worker costs about as much as rendering three sheets). `progress(done, total)` is called
    as tables are finished. `parts`: each chunk done is kept there, and a chunk kept there
    already (by an earlier attempt) is not rendered again.
    """
    tables = list(sheet_tables(durchgang.tables.all()))
    if not tables:
        raise ValueError(f"{durchgang} has no tables: it is not drawn")
    total = len(tables)
    if workers is None:
        workers = WORKERS if total >= POOL_FROM else 1
    size = chunk or max(1, min(CHUNK, -(-total // (2 * workers))))
    count = -(-total // size)
    if chunk is None:  # as many chunks for each worker, alike in size: none idles at the end
        count = min(total, -(-count // workers) * workers)
    chunks = [tables[i * total // count : (i + 1) * total // count] for i in range(count)]
    keys = [f"{i:04d}-{c[0].pk}-{len(c)}" for i, c in enumerate(chunks)]
    done: dict[int, bytes] = {}
    if parts is not None:
        done = {i: kept for i, key in enumerate(keys) if (kept := parts.get(key)) is not None}

    def finish(index: int, content: bytes) -> None:
        done[index] = content
        if parts is not None:
            parts.put(keys[index], content)

    def tables_done() -> int:
        return sum(len(chunks[i]) for i in done)

    progress(tables_done(), total)
    title = durchgang_title(durchgang)
    missing = [i for i in range(len(chunks)) if i not in done]
    if workers <= 1:
        for index in missing:
            documents = [sheet_html(signed_sheet(t)) for t in chunks[index]]
            finish(index, _chunk(documents, title))
            progress(tables_done(), total)
        return pdf_join([done[i] for i in range(len(chunks))])
    context = multiprocessing.get_context("spawn")
    pool = ProcessPoolExecutor(
        workers,
        mp_context=context,
        # A worker imports this module, so it needs Django's apps (never the database);
        # DJANGO_SETTINGS_MODULE comes with the environment, as manage.py and wsgi.py set it.
        initializer=worker_setup,  # bounded by PDF_RENDER_MEMORY_MB, with Django's apps
        initargs=(render_limits()[1],),
    )
    futures: dict[Future, int] = {}
    try:
        for index in missing:
            documents = [sheet_html(signed_sheet(t)) for t in chunks[index]]
            futures[pool.submit(_chunk, documents, title)] = index
        seconds = render_limits()[0]
        rounds = -(-len(missing) // workers)  # each worker renders this many chunks at most
        try:
            for future in as_completed(futures, timeout=seconds * rounds or None):
                finish(futures[future], future.result())
                progress(tables_done(), total)
        except FuturesTimeout:
            raise RenderLimitError(limit_message("time")) from None
        except (MemoryError, BrokenProcessPool):
            raise RenderLimitError(limit_message("memory")) from None
    except BaseException:
        _pool_abandon(pool, futures)
        raise
    pool.shutdown(wait=True)
    return pdf_join([done[i] for i in range(len(chunks))])


#: Seconds the pool's own thread gets to end after its processes were killed.
POOL_GRACE = 5.0


def _pool_abandon(pool: ProcessPoolExecutor, futures: dict[Future, int]) -> None:
    """End a pool whose work was cut off (the database or the disk failed, a bound was hit)
    without waiting on it: kill its processes, and close this process's end of the pipe they
    answer through, so that the pool's thread, if it was reading an answer that a killed
    process left half written, reads its end instead of waiting for ever (its other writers,
    the killed processes and their render children, are gone or end with them). Its thread
    is waited for `POOL_GRACE` seconds at most: a thread left waiting on a pipe is never what
    keeps the worker from going on or from ending (job_worker bounds its end too)."""
    for future in futures:
        future.cancel()
    for process in list((pool._processes or {}).values()):  # a render that hangs
        process.kill()
    results = getattr(pool, "_result_queue", None)
    with contextlib.suppress(OSError, AttributeError):
        results._writer.close()  # type: ignore[union-attr]
    pool.shutdown(wait=False, cancel_futures=True)
    thread = getattr(pool, "_executor_manager_thread", None)
    if thread is not None:
        thread.join(timeout=POOL_GRACE)
