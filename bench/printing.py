"""Benchmark: the signed scoresheets of a Durchgang of 250 tables as one PDF/A.

Target: `manage.py print_scoresheets` as a user runs it (the whole process: start-up, reading
the database, the HTML, the pool of two workers, joining the PDFs) takes at most 1.5 x the time
WeasyPrint alone needs, in one process, for 250 plain one-page tables: for each table a trivial
HTML page holding one unstyled <table> of the same rows and columns (game, dealer, contract,
declarer, a plus and a minus column per player), rendered to PDF one after the other. Only the
rendering of the baseline is timed, so the comparison is, if anything, unfair to the batch.
Second target: the batch's peak memory, the command and its workers together, stays <= 1 GB.

Third target: the signed sheets of a Durchgang of 100 tables (`seed_demo`'s 400
players) take at most 0.3 s per sheet, `print_scoresheets` as a whole process, the median of
three runs (one with `BENCH_QUICK`); the CPU time of the command and its workers per sheet and
the machine's load are printed beside it, since a busy neighbour stretches the wall time.

The tournament is `seed_demo`'s, 1,000 players in one Durchgang, on a temporary SQLite database.
`python bench/printing.py` runs this benchmark alone (`python bench/printing.py sheets`: only the
third target); `bench/run.py` calls `main()`.
`python bench/printing.py --baseline SLUG` is the baseline's process: it prints its seconds.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from report import PYTHON, QUICK, ROOT, Result, check, manage, measured, megabytes

PLAYERS = 250 if QUICK else 1000
TARGET = 1.5
MEMORY = 2**30  # 1 GB for the command and its pool of workers together
SLUG = "bench-print"
SHEETS_PLAYERS = 400  # 100 tables, a Durchgang of a full hall
PER_SHEET = 0.3  # seconds per sheet at most
#: Seconds per sheet measured before the shared parts were made once (a background job, a
#: quiet machine).
BEFORE = 0.46


def plain_page(table) -> str:
    """One table's sheet as a trivial HTML page: one unstyled table, no marks, no signatures."""
    # Imported here: this runs in the child process that measures, after Django is set up.
    from django.utils.html import escape

    from tournament.sheets.display import contract_text, sheet_rows, sheet_seats

    seats = sheet_seats(table)
    head = "".join(f"<th>{escape(s.player.name)} +</th><th>−</th>" for s in seats)
    lines = []
    for row in sheet_rows(table, seats):
        hand = row.hand
        contract = contract_text(hand.contract, hand.suit, hand.tout) if hand else ""
        declarer = escape(hand.declarer.name) if hand and hand.declarer else ""
        cells = "".join(f"<td>{c.plus or ''}</td><td>{c.minus or ''}</td>" for c in row.cells)
        lines.append(
            f"<tr><td>{row.number}</td><td>{escape(row.dealer.name)}</td><td>{contract}</td>"
            f"<td>{declarer}</td>{cells}</tr>"
        )
    return (
        f"<!DOCTYPE html><html><body><h1>Tisch {table.number}</h1><table><tr><th>Spiel</th>"
        f"<th>Geber</th><th>Spielart</th><th>Spielmacher</th>{head}</tr>{''.join(lines)}"
        "</table></body></html>"
    )


def baseline(slug: str) -> None:
    sys.path.insert(0, str(ROOT))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    # Imports here: this runs in the child process that measures, which sets Django up first.
    import django

    django.setup()
    from weasyprint import HTML

    from tournament.models import Table

    tables = Table.objects.filter(durchgang__tournament__slug=slug, durchgang__number=1)
    pages = [plain_page(t) for t in tables.select_related("durchgang__tournament")]
    HTML(string="<p>warm-up</p>").write_pdf()
    start = time.perf_counter()
    for page in pages:
        HTML(string=page).write_pdf()
    print(f"{time.perf_counter() - start:.3f} {len(pages)}")


def bench_per_sheet() -> list[Result]:
    """Seconds per signed sheet in a Durchgang of 100 tables."""
    # Imported here, after the child process below has set Django up.
    from pypdf import PdfReader

    tables = SHEETS_PLAYERS // 4
    print(f"\n== signed sheets: seconds per sheet for {tables} tables ==")
    with tempfile.TemporaryDirectory(prefix="schafkopf-sheets-") as tmp:
        work = Path(tmp)
        env = {
            **os.environ,
            "DJANGO_DEBUG": "0",
            "DJANGO_SECRET_KEY": "benchmark-only",
            "DATABASE_URL": f"sqlite:///{work / 'sheets.sqlite3'}",
        }
        manage(env, "migrate", "--noinput", "-v0")
        slug = "bench-sheets"
        players = str(SHEETS_PLAYERS)
        manage(env, "seed_demo", "--players", players, "--durchgaenge", "1", "--slug", slug)
        out = work / "spiellisten.pdf"
        load = os.getloadavg()[0]
        runs = [
            measured(env, "print_scoresheets", slug, "--durchgang", "1", "--out", str(out))
            for _ in range(1 if QUICK else 3)
        ]
        reader = PdfReader(out)
        pages = len(reader.pages)
        xmp = reader.xmp_metadata
        pdf_a = xmp is not None and xmp.pdfaid_part == "3"
    seconds = statistics.median(run.seconds for run in runs) / pages
    cpu = statistics.median(run.cpu for run in runs) / pages
    load = max(load, os.getloadavg()[0])
    print(
        f"      signed sheets: {seconds:.2f} s per sheet for {pages} tables (target <= "
        f"{PER_SHEET} s; before: {BEFORE} s); CPU {cpu:.2f} s per sheet (command "
        f"and workers); load average up to {load:.1f} on {os.cpu_count()} cores"
    )
    complete = pages == tables and pdf_a
    return [
        check(
            "SQLite",
            f"signed sheets of {tables} tables <= {PER_SHEET} s per sheet",
            f"{seconds:.2f} s per sheet (CPU {cpu:.2f} s, load {load:.1f})"
            + ("" if complete else f", {pages} pages, PDF/A {pdf_a}"),
            seconds <= PER_SHEET and complete,
        )
    ]


def main() -> list[Result]:
    # Imported here, after the child process below has set Django up.
    from pypdf import PdfReader

    print(f"\n== signed scoresheets of {PLAYERS // 4} tables as PDF/A (SQLite, 2 workers) ==")
    with tempfile.TemporaryDirectory(prefix="schafkopf-print-") as tmp:
        work = Path(tmp)
        env = {
            **os.environ,
            "DJANGO_DEBUG": "0",
            "DJANGO_SECRET_KEY": "benchmark-only",
            "DATABASE_URL": f"sqlite:///{work / 'print.sqlite3'}",
        }
        manage(env, "migrate", "--noinput", "-v0")
        manage(env, "seed_demo", "--players", str(PLAYERS), "--durchgaenge", "1", "--slug", SLUG)
        done = subprocess.run(
            [PYTHON, str(Path(__file__).resolve()), "--baseline", SLUG],
            cwd=ROOT,
            env=env,
            check=True,
            capture_output=True,
            text=True,
        )
        plain, tables = done.stdout.split()
        out = work / "spiellisten.pdf"
        footprint = measured(env, "print_scoresheets", SLUG, "--durchgang", "1", "--out", str(out))
        batch = footprint.seconds
        reader = PdfReader(out)
        pages, size = len(reader.pages), out.stat().st_size
        xmp = reader.xmp_metadata
        pdf_a = xmp is not None and xmp.pdfaid_part == "3"
    ratio = batch / float(plain)
    print(f"      baseline: {tables} plain one-table pages, one process: {float(plain):7.2f} s")
    print(f"      print_scoresheets (whole process): {batch:7.2f} s, {pages} pages, PDF/A-3u")
    print(f"      {size / 1e6:.1f} MB, {batch / pages * 1000:.0f} ms per table")
    print(
        f"      peak memory: {megabytes(footprint.peak_tree)} for the command and its workers,"
        f" {megabytes(footprint.peak_process)} the largest process"
    )
    complete = pages == int(tables) and pdf_a
    return [
        check(
            "SQLite",
            f"PDF batch of {tables} sheets <= {TARGET} x WeasyPrint baseline",
            f"{batch:.1f} vs {float(plain):.1f} s = {ratio:.2f} x"
            + ("" if complete else f", {pages} pages, PDF/A {pdf_a}"),
            ratio <= TARGET and complete,
        ),
        check(
            "SQLite",
            f"PDF batch peak memory (all processes) <= {megabytes(MEMORY)}",
            megabytes(footprint.peak_tree),
            footprint.peak_tree <= MEMORY,
        ),
        *bench_per_sheet(),
    ]


if __name__ == "__main__":
    if sys.argv[1:2] == ["--baseline"]:
        baseline(sys.argv[2])
    elif sys.argv[1:2] == ["sheets"]:
        bench_per_sheet()
    else:
        main()
