"""The preview of a SchafkopfTurnier import of 20,000 addresses (a federation's register of many
years; the upload limit of 20 MB holds about 130,000), timed as `manage.py import_skt --dry-run`
runs it: the same reading and dry run as the web page's preview job. The file is the club
evening of tests/data/skt (written by SchafkopfTurnier's own code) with the addresses added as
its address form writes them: common Bavarian given and family names, places of the region,
slips of the pen and people entered twice, so that the likely duplicates are many, as in a real
register. Target: at most 60 s.
"""

from __future__ import annotations

import random
import shutil
import sqlite3
import time
from pathlib import Path

from report import QUICK, ROOT, Result, check, manage

ADDRESSES = 1_000 if QUICK else 20_000
TARGET = 60.0
GIVEN = [
    "Josef",
    "Sepp",
    "Johann",
    "Hans",
    "Georg",
    "Schorsch",
    "Anton",
    "Toni",
    "Franz",
    "Michael",
    "Ludwig",
    "Max",
    "Maria",
    "Theresia",
    "Anna",
    "Elisabeth",
    "Rosa",
    "Magdalena",
    "Katharina",
    "Sebastian",
    "Martin",
    "Peter",
    "Paul",
    "Thomas",
    "Stefan",
    "Andreas",
    "Wolfgang",
    "Helmut",
    "Günter",
    "Jürgen",
    "Brigitte",
    "Monika",
    "Renate",
    "Ursula",
    "Gabriele",
    "Christine",
    "Barbara",
]
STEMS = [
    "Hu",
    "Mai",
    "Bau",
    "Gru",
    "Hof",
    "Wag",
    "Schmi",
    "Web",
    "Lang",
    "Ober",
    "Unter",
    "Brand",
    "Oster",
    "Kern",
    "Zeil",
    "Stein",
    "Moos",
]
ENDS = [
    "ber",
    "er",
    "mann",
    "ner",
    "dl",
    "hammer",
    "leitner",
    "huber",
    "meier",
    "bauer",
    "stetter",
    "reiter",
    "lechner",
]
PLACES = [
    "Ebersberg",
    "Grafing",
    "Kirchseeon",
    "Moosach",
    "Wörth",
    "Aßling",
    "Emmering",
    "Glonn",
    "Zorneding",
    "Vaterstetten",
    "Poing",
    "Markt",
    "Schwaben",
    "Anzing",
    "Forstinning",
    "Hohenlinden",
]


def slip(text: str, chance: random.Random) -> str:
    k = chance.randrange(len(text))
    return text[:k] + chance.choice("aeinrst") + text[k + 1 :]


def database(work: Path, addresses: int) -> Path:
    """club-abend.sqlite3 with `addresses` addresses more."""
    path = work / f"skt-{addresses}.sqlite3"
    shutil.copy(ROOT / "tests" / "data" / "skt" / "club-abend.sqlite3", path)
    chance = random.Random(20)
    families = [f"{s}{e}" for s in STEMS for e in ENDS]
    rows: list[tuple[str, str, str]] = []
    for _n in range(addresses):
        if rows and chance.random() < 0.05:  # entered again
            vorname, nachname, wohnort = chance.choice(rows)
        else:
            vorname, nachname = chance.choice(GIVEN), chance.choice(families)
            wohnort = chance.choice(PLACES)
        if chance.random() < 0.05:
            nachname = slip(nachname, chance)
        rows.append((vorname, nachname, wohnort))
    con = sqlite3.connect(path)
    con.executemany(
        "INSERT INTO addresses (addressbook_id, nachname, vorname, wohnort) VALUES (1, ?, ?, ?)",
        [(n, v, w) for v, n, w in rows],
    )
    con.commit()
    con.close()
    return path


def bench_skt_preview(db: str, env: dict[str, str], work: Path) -> list[Result]:
    path = database(work, ADDRESSES)
    start = time.perf_counter()
    manage(env, "import_skt", str(path), "--dry-run")
    seconds = time.perf_counter() - start
    size = path.stat().st_size / 1e6
    print(f"SchafkopfTurnier preview of {ADDRESSES:,} addresses ({size:.1f} MB): {seconds:.1f} s")
    return [
        check(
            db,
            f"SchafkopfTurnier import preview of {ADDRESSES:,} addresses <= {TARGET:.0f} s",
            f"{seconds:.1f} s",
            seconds <= TARGET,
        )
    ]
