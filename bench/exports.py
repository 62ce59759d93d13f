"""The Excel export of 1,000 players x 3 Durchgänge: time and peak memory.

`manage.py export_xlsx` writes the ranking, the Durchgänge, every game (24,000) and the
sanctions; it is timed as a whole process against the `standings` command of the same
tournament measured in the same run (which writes 1,000 rows). Targets: at most 8 x the
standings command, and a peak of at most 512 MB. (The PDF batch's time and memory are in
`bench/printing.py`.)
"""

from __future__ import annotations

from pathlib import Path

from report import Result, check, measured, megabytes

RATIO = 8
MEMORY = 512 * 2**20


def bench_xlsx(
    db: str, env: dict[str, str], work: Path, slug: str, standings: float
) -> list[Result]:
    out = work / f"{slug}.xlsx"
    footprint = measured(env, "export_xlsx", slug, "--out", str(out))
    ratio = footprint.seconds / standings
    print(
        f"export_xlsx {slug}: {footprint.seconds:.2f} s, {out.stat().st_size / 1e6:.1f} MB,"
        f" peak memory {megabytes(footprint.peak_tree)}"
    )
    return [
        check(
            db,
            f"Excel export {slug} <= {RATIO} x standings",
            f"{footprint.seconds:.2f} vs {standings:.2f} s = {ratio:.2f} x",
            ratio <= RATIO,
        ),
        check(
            db,
            f"Excel export peak memory <= {megabytes(MEMORY)}",
            megabytes(footprint.peak_tree),
            footprint.peak_tree <= MEMORY,
        ),
    ]
