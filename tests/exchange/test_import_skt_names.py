"""Names of a SchafkopfTurnier database enter as every name does (tournament/web/names.py):
composed, without invisible characters at the ends, and refused naming the address when no
letter or digit shows; then nothing is stored."""

from __future__ import annotations

import shutil
import sqlite3
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

from tournament import models

pytestmark = pytest.mark.django_db

DATA = Path(__file__).resolve().parent.parent / "data" / "skt"


def _renamed(tmp_path, vorname: str, nachname: str) -> tuple[Path, int]:
    """The club evening's database with its first address renamed; that address's id."""
    path = tmp_path / "club-abend.sqlite3"
    shutil.copy(DATA / "club-abend.sqlite3", path)
    con = sqlite3.connect(path)
    (first,) = con.execute("SELECT min(id) FROM addresses").fetchone()
    con.execute(
        "UPDATE addresses SET vorname = ?, nachname = ? WHERE id = ?", (vorname, nachname, first)
    )
    con.commit()
    con.close()
    return path, first


def test_an_address_without_a_visible_letter_refuses_the_import_naming_its_row(tmp_path):
    path, first = _renamed(tmp_path, "\u200b\u200c", "\u0301")
    err = StringIO()
    with pytest.raises(CommandError) as exc:
        call_command("import_skt", str(path), stdout=StringIO(), stderr=err)
    text = err.getvalue() + str(exc.value)
    assert "„Name“ enthält keinen sichtbaren Buchstaben und keine Ziffer." in text
    assert str(first) in text
    assert models.Person.objects.count() == models.Player.objects.count() == 0


def test_an_address_is_stored_composed_without_invisible_ends(tmp_path):
    path, _first = _renamed(tmp_path, "\ufeffJo\u0308rg", "Weiß\u200b")
    call_command("import_skt", str(path), stdout=StringIO(), stderr=StringIO())
    assert models.Person.objects.filter(name="J\u00f6rg Weiß").count() == 1
    assert models.Player.objects.filter(name="J\u00f6rg Weiß").exists()
