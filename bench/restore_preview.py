"""The restore's preview of the largest backup it takes: its peak memory, in a process of its own.

Two archives, each previewed against the tournament it names in a fresh process (`ru_maxrss`
of that process, Django's start-up included):

- the backup of a large tournament as the program writes it: the seeded 1,000 players x 3
  Durchgänge (24,000 games) with a full history (an entry for every game, a change for every
  tenth, its closing), the size docs/backup.md measures the bounds from;
- the largest upload the bounds let through, in the shape that weighs most once parsed: the
  tournament's document and its history each as large as `RESTORE_MEMBER_MAX_MB` (and together
  `RESTORE_UNPACKED_MAX_MB`), made of the densest values a backup may hold (one in 12 bytes). It is
  refused once read (no valid document); what it cost to get there is the figure.

Target: each preview's peak at most `MEMORY` (1 GB). `python bench/restore_preview.py SEEDED.json`
runs it alone on the database of DATABASE_URL (migrated).
"""

from __future__ import annotations

import hashlib
import json
import os
import resource
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

from report import PYTHON, ROOT, Result, check, megabytes

MEMORY = 1024 * 2**20
SLUG = "bench-restore"


def _django() -> None:
    sys.path.insert(0, str(ROOT))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()


def seed(source: str, out: str) -> dict[str, int]:
    """Import the seeded document as `SLUG`, give it a full history, write its backup to `out`;
    the unpacked size of every member."""
    _django()
    from django.utils import timezone

    from scoring.game import game_values
    from tournament import models
    from tournament.exchange.backup.dump import backup_write
    from tournament.exchange.interchange.importer import tournament_import

    document = json.loads(Path(source).read_text())
    document["tournament"]["slug"] = SLUG
    models.Tournament.objects.filter(slug=SLUG).delete()
    tournament = tournament_import(document)
    now, events = timezone.now(), []
    hands = models.Hand.objects.filter(table__durchgang__tournament=tournament)
    for hand in hands.select_related("table"):
        after = {"number": hand.number, **game_values(hand, player=lambda pk: f"{pk} Name")}
        after |= {"points": {"1": 30, "2": -10, "3": -10, "4": -10}, "version": 1}
        at = {"table": hand.table, "number": hand.number, "at": now}
        events.append(models.SheetEvent(**at, kind="entered", after=after))
        if hand.number % 10 == 0:  # a change of every tenth game, with its reason
            change = {"before": after, "after": after, "reason": "verschrieben"}
            events.append(models.SheetEvent(**at, kind="edited", **change))
    models.SheetEvent.objects.bulk_create(events, batch_size=2000)
    models.Table.objects.filter(durchgang__tournament=tournament).update(closed_at=now)
    with open(out, "wb") as file:
        backup_write(file, [tournament])
    with zipfile.ZipFile(out) as archive:
        return {info.filename: info.file_size for info in archive.infolist()}


def largest_allowed(out: str) -> dict[str, int]:
    """An archive of `SLUG` at the bounds, of values one in 12 bytes (`{}` and blanks)."""
    _django()
    from django.conf import settings

    member = min(
        settings.RESTORE_MEMBER_MAX_MB * 10**6, settings.RESTORE_UNPACKED_MAX_MB * 10**6 // 2
    )
    member -= 10**4  # the manifest counts too
    item = b"{}" + b" " * 22 + b","  # 25 bytes, two values: just under one in 12 bytes
    body = b"[" + item * ((member - 8) // len(item)) + b"{}]"
    names = (f"{SLUG}.json", f"{SLUG}.history.json")
    digest = hashlib.sha256(body).hexdigest()
    manifest = {"format": "schafkopf-backup", "version": 1, "tournaments": [SLUG]}
    manifest["files"] = {name: {"sha256": digest, "size": len(body)} for name in names}
    with zipfile.ZipFile(out, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("manifest.json", json.dumps(manifest))
        for name in names:
            archive.writestr(name, body)
    return {name: len(body) for name in names}


def preview(path: str) -> str:
    """The preview of the archive at `path` for `SLUG`: its answer and this process's peak."""
    _django()
    from tournament import models
    from tournament.exchange.backup import BackupError
    from tournament.exchange.backup.replace import backup_replace_preview

    tournament = models.Tournament.objects.get(slug=SLUG)
    try:
        with open(path, "rb") as source:
            answer = f"{backup_replace_preview(tournament, source).after.games} games"
    except BackupError as refused:
        answer = f"refused: {str(refused)[:80]}"
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
    return json.dumps({"answer": answer, "peak": peak})


def _run(env: dict[str, str], *args: str) -> str:
    done = subprocess.run(
        [PYTHON, "bench/restore_preview.py", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
    )
    if done.returncode:
        print(done.stderr[-3000:], file=sys.stderr)
        done.check_returncode()
    return done.stdout.strip().splitlines()[-1]


def bench_restore_preview(db: str, env: dict[str, str], work: Path, source: Path) -> list[Result]:
    results = []
    real, bound = str(work / "restore-real.zip"), str(work / "restore-bound.zip")
    document = json.loads(source.read_text())
    players, durchgaenge = len(document["players"]), len(document["durchgaenge"])
    for label, path, make in (
        (f"backup of {players:,} players x {durchgaenge} Durchgänge, full history", real, "seed"),
        ("largest upload the bounds let through", bound, "bound"),
    ):
        sizes = json.loads(_run(env, make, str(source), path))
        measured = json.loads(_run(env, "preview", path))
        unpacked = ", ".join(f"{name} {size / 1e6:.1f} MB" for name, size in sizes.items())
        packed = Path(path).stat().st_size / 1e6
        print(f"restore preview, {label}: {packed:.1f} MB packed ({unpacked})")
        print(f"      {measured['answer']}; peak memory {megabytes(measured['peak'])}")
        results.append(
            check(
                db,
                f"restore preview peak, {label} <= {megabytes(MEMORY)}",
                megabytes(measured["peak"]),
                measured["peak"] <= MEMORY,
            )
        )
    return results


def main() -> None:
    what, *args = sys.argv[1:]
    if what == "seed":
        print(json.dumps(seed(*args)))
    elif what == "bound":
        print(json.dumps(largest_allowed(args[1])))
    elif what == "preview":
        print(preview(*args))
    else:
        with tempfile.TemporaryDirectory(prefix="schafkopf-restore-") as work:
            bench_restore_preview("database", dict(os.environ), Path(work), Path(what))


if __name__ == "__main__":
    main()
