"""Every user-visible string has a German translation: the catalogue is complete and current."""

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SOURCES = ("config", "rules", "scoring", "tournament", "templates", "locale", "manage.py")


def _entries(po_text: str) -> list[tuple[str, str, bool]]:
    """(msgid, msgstr of the first form, fuzzy) of every entry but the header."""
    entries = []
    for block in po_text.split("\n\n"):
        lines = [line for line in block.splitlines() if not line.startswith("#~")]
        fuzzy = any(line.startswith("#,") and "fuzzy" in line for line in lines)
        parts: dict[str, str] = {}
        key = None
        for line in lines:
            if line.startswith(("msgid ", "msgid_plural ", "msgstr ", "msgstr[0] ")):
                key, _, value = line.partition(" ")
                parts[key] = value.strip('"')
            elif line.startswith('"') and key:
                parts[key] += line.strip('"')
            elif line.startswith("msgstr["):
                key = None
        if parts.get("msgid"):
            entries.append((parts["msgid"], parts.get("msgstr", parts.get("msgstr[0]", "")), fuzzy))
    return entries


@pytest.mark.skipif(shutil.which("xgettext") is None, reason="gettext is not installed")
def test_every_string_of_the_code_is_translated_to_german(tmp_path):
    for name in SOURCES:
        source = ROOT / name
        if source.is_dir():
            shutil.copytree(source, tmp_path / name, ignore=shutil.ignore_patterns("*.mo"))
        else:
            shutil.copy(source, tmp_path / name)
    subprocess.run(
        [sys.executable, "manage.py", "makemessages", "-l", "de", "--no-obsolete", "-v0"],
        cwd=tmp_path,
        env={"DJANGO_DEBUG": "1", "PATH": "/usr/bin:/bin"},
        check=True,
    )
    text = (tmp_path / "locale/de/LC_MESSAGES/django.po").read_text(encoding="utf-8")
    missing = [msgid for msgid, msgstr, fuzzy in _entries(text) if fuzzy or not msgstr]
    assert missing == [], "run makemessages and translate: " + "; ".join(missing)
