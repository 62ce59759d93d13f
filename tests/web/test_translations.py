"""Every user-visible string has a German and a Swedish translation: both catalogues are complete
and current, and a Swedish text keeps the placeholders of its msgid."""

import re
import shutil
import subprocess
import sys
from pathlib import Path

import polib
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


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("xgettext") is None, reason="gettext is not installed")
@pytest.mark.parametrize("language", ["de", "sv"])
def test_every_string_of_the_code_is_translated(tmp_path, language):
    for name in SOURCES:
        source = ROOT / name
        if source.is_dir():
            shutil.copytree(source, tmp_path / name, ignore=shutil.ignore_patterns("*.mo"))
        else:
            shutil.copy(source, tmp_path / name)
    subprocess.run(
        [sys.executable, "manage.py", "makemessages", "-l", language, "--no-obsolete", "-v0"],
        cwd=tmp_path,
        env={"DJANGO_DEBUG": "1", "PATH": "/usr/bin:/bin"},
        check=True,
    )
    text = (tmp_path / f"locale/{language}/LC_MESSAGES/django.po").read_text(encoding="utf-8")
    missing = [msgid for msgid, msgstr, fuzzy in _entries(text) if fuzzy or not msgstr]
    assert missing == [], "run makemessages and translate: " + "; ".join(missing)


# Python and {brace} placeholders and HTML tags; "<number>" in the code help is text, not a tag.
PLACEHOLDER = re.compile(
    r"%\([a-z_]+\)[sdr]|%[sd]|\{[a-z_0-9]*\}|</?(?:a|b|em|strong|code|br)\b[^>]*>"
)


def _catalogue(language: str) -> polib.POFile:
    return polib.pofile(str(ROOT / f"locale/{language}/LC_MESSAGES/django.po"))


def test_the_swedish_catalogue_has_every_msgid_of_the_german_one():
    swedish = {(entry.msgctxt, entry.msgid) for entry in _catalogue("sv") if entry.translated()}
    missing = [
        entry.msgid
        for entry in _catalogue("de")
        if not entry.obsolete and (entry.msgctxt, entry.msgid) not in swedish
    ]
    assert missing == [], "translate into locale/sv: " + "; ".join(missing)


def test_swedish_texts_keep_the_placeholders_of_their_msgid():
    wrong = []
    for entry in _catalogue("sv"):
        pairs = [(entry.msgid, entry.msgstr)]
        if entry.msgid_plural:
            pairs = [
                (entry.msgid, entry.msgstr_plural[0]),
                (entry.msgid_plural, entry.msgstr_plural[1]),
            ]
        for msgid, msgstr in pairs:
            if sorted(PLACEHOLDER.findall(msgid)) != sorted(PLACEHOLDER.findall(msgstr)):
                wrong.append(f"{msgid!r} -> {msgstr!r}")
    assert wrong == []
