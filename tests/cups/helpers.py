"""Cup tests' helpers: a cup file taken apart and put together again (to alter or unsign it)."""

from __future__ import annotations

import base64
import datetime as dt
import json
import os
import subprocess
import sys
from pathlib import Path

from tournament.models import CupEntry

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "tests" / "data" / "beispielturnier-2026.json"

#: A laptop's evening in one process of its own (its own SQLite database): migrate, import the
#: example tournament, make the cup key and write its key file, then each cup file asked for.
LAPTOP = """
import sys
import django
django.setup()
from django.core.management import call_command
example, key, *files = sys.argv[1:]
call_command("migrate", "--noinput", verbosity=0)
call_command("import_tournament", example, verbosity=0)
call_command("cup_key", "--file", key)
for path in files:
    call_command("cup_export", "beispielturnier-2026", "--output", path)
"""


def laptop_run(db: Path, key: Path, *files: Path) -> str:
    """Run the laptop's evening in one process; its output (the key's fingerprint shown)."""
    env = dict(os.environ, DATABASE_URL=f"sqlite:///{db}", DJANGO_DEBUG="1")
    env.update(DJANGO_SETTINGS_MODULE="config.settings", PYTHONPATH=str(ROOT))
    done = subprocess.run(
        [sys.executable, "-c", LAPTOP, str(EXAMPLE), str(key), *map(str, files)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def envelope_of(data: bytes) -> dict:
    return json.loads(data)


def payload_of(data: bytes) -> dict:
    return json.loads(base64.b64decode(envelope_of(data)["payload"]))


def file_with(data: bytes, **changes) -> bytes:
    """The cup file `data` with envelope fields changed (None: removed)."""
    envelope = envelope_of(data)
    for name, value in changes.items():
        if value is None:
            envelope.pop(name, None)
        else:
            envelope[name] = value
    return json.dumps(envelope).encode()


def file_altered(data: bytes, change) -> bytes:
    """The cup file with its payload changed by `change(payload)`, the signature kept."""
    payload = payload_of(data)
    change(payload)
    raw = json.dumps(payload, ensure_ascii=False, separators=(",", ":")).encode()
    return file_with(data, payload=base64.b64encode(raw).decode())


def standings_row(name: str, rank: int, points: int, counters=(0, 0, 0, 0, 0), club=""):
    return {
        "name": name,
        "public_name": name,
        "club": club,
        "rank": rank,
        "points": points,
        "counters": list(counters),
    }


def sent(cup_world, member, slug: str, day, rows):
    """An evening sent in to the cup world's cup, stored as an upload would store it."""
    return CupEntry.objects.create(
        cup=cup_world.cup,
        member=member,
        source_slug=slug,
        name=slug.title(),
        date=day,
        standings=rows,
        signed_at=dt.datetime(2026, 10, 1, tzinfo=dt.UTC),
    )
