"""The handbook's pictures: every one the text shows is made by `make screenshots`
(tournament/handbook/pictures.py) and lies in static/handbook/bilder/, none is missing or left
over, each of the width it is taken at; and the command takes them from a fresh demo."""

from __future__ import annotations

import math
import os
import struct
import subprocess
import sys
from pathlib import Path

import pytest

from tests.browser import chromium_required
from tournament.handbook import shots
from tournament.handbook.book import picture_names
from tournament.handbook.pictures import PDF_DPI, PICTURES, picture_width

ROOT = Path(__file__).resolve().parents[2]
FOLDER = ROOT / "static" / "handbook" / "bilder"
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
# An A4 page's sides at pdftoppm's resolution (it rounds a part of a pixel up).
A4_SIDES = {math.ceil(mm / 25.4 * PDF_DPI) for mm in (210, 297)}


def png_size(path: Path) -> tuple[int, int]:
    """Width and height from the PNG's header (its IHDR chunk)."""
    head = path.read_bytes()[:24]
    assert head[:8] == PNG_SIGNATURE and head[12:16] == b"IHDR", f"{path.name} is no PNG"
    width, height = struct.unpack(">II", head[16:24])
    return width, height


def test_every_picture_the_text_shows_is_made_and_there():
    shown = picture_names()
    assert shown - set(PICTURES) == set(), "pictures the text shows that pictures.py lacks"
    assert {name for name in shown if not (FOLDER / f"{name}.png").exists()} == set()


def test_every_picture_is_there_and_no_other():
    there = {path.stem for path in FOLDER.glob("*.png")}
    assert set(PICTURES) - there == set(), "missing: run `make screenshots`"
    assert there - set(PICTURES) == set(), "left over: not in pictures.py"


@pytest.mark.parametrize("name", sorted(PICTURES))
def test_each_picture_has_the_width_it_is_taken_at(name):
    width, height = png_size(FOLDER / f"{name}.png")
    expected = picture_width(PICTURES[name])
    if expected is None:  # a printout's first page, upright or lying
        assert {width, height} <= A4_SIDES, (width, height)
    else:
        assert width == expected
        assert height >= 200


@pytest.mark.browser
@pytest.mark.slow
def test_the_command_takes_a_desktop_a_phone_and_a_printout_from_a_fresh_demo(tmp_path):
    """The real command, as `make screenshots` runs it, on a database of its own."""
    chromium_required()
    if not os.path.exists(shots.PDFTOPPM):
        message = "pdftoppm is missing: install Debian's poppler-utils (make chromium)"
        if os.environ.get("REQUIRE_BROWSER") == "1":  # CI: a missing tool is a failure
            pytest.fail(message)
        pytest.skip(message)
    env = {
        **os.environ,
        "DATABASE_URL": f"sqlite:///{tmp_path / 'shots.sqlite3'}",
        "DJANGO_DEBUG": "1",
    }
    env.pop("DJANGO_SETTINGS_MODULE", None)  # the site's own settings, not pytest's

    def manage(*args: str) -> str:
        done = subprocess.run(
            [sys.executable, "manage.py", *args],
            cwd=ROOT,
            env=env,
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert done.returncode == 0, done.stderr
        return done.stdout

    manage("migrate", "--noinput", "-v0")
    manage("seed_demo", "--if-empty")
    out = tmp_path / "bilder"
    only = ["spieler", "handy-tische", "pdf-aushang"]
    manage("handbook_screenshots", "--out", str(out), "--only", ",".join(only))

    assert sorted(path.stem for path in out.iterdir()) == sorted(only)
    assert png_size(out / "spieler.png") == (1280, 800)
    assert png_size(out / "handy-tische.png")[0] == 720
    assert set(png_size(out / "pdf-aushang.png")) <= A4_SIDES


def test_an_unknown_picture_is_refused():
    from django.core.management import CommandError, call_command

    with pytest.raises(CommandError, match="No such picture: nirgends"):
        call_command("handbook_screenshots", "--only", "nirgends")


def test_without_chromium_the_command_says_so(monkeypatch):
    from django.core.management import CommandError, call_command

    monkeypatch.setattr(shots, "CHROMIUM", "/nowhere/chromium")
    with pytest.raises(CommandError, match="/nowhere/chromium is missing"):
        call_command("handbook_screenshots", "--only", "spieler")
