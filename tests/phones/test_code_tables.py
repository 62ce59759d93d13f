"""The game code's tables are said once, in Python (scoring/entry_code.py): the phone page
holds them as JSON (scoring.entry_code.code_tables) and static/tournament/phones/code.js reads
them from there instead of keeping a copy of its own. That the module reads every code as
Python does is tests/phones/test_game_code_grammar_browser.py."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from rules.contracts import Contract, Suit, needs_suit
from scoring.entry_code import (
    CONTRACT_CODES,
    FLAG_CODES,
    KONTRA_CODES,
    RESULT_CODES,
    SUIT_CODES,
    code_tables,
)
from tests.phones.helpers import phone, url

pytestmark = pytest.mark.django_db

CODE_JS = Path(__file__).resolve().parents[2] / "static" / "tournament" / "phones" / "code.js"
TABLES = re.compile(r'<script id="game-code-tables" type="application/json">(.*?)</script>', re.S)


def test_the_phone_page_holds_the_tables_of_scoring(link):
    html = phone(link).get(url("phone_sheet", link)).content.decode()
    tables = json.loads(TABLES.search(html).group(1))
    assert tables == code_tables()
    assert [code for code, _meaning in tables["contracts"]] == list(CONTRACT_CODES)
    assert dict(tables["contracts"]) == CONTRACT_CODES
    assert dict(tables["suits"]) == SUIT_CODES
    assert dict(tables["results"]) == RESULT_CODES
    assert dict(tables["flags"]) == FLAG_CODES
    assert dict(tables["kontra"]) == KONTRA_CODES
    assert tables["needs_suit"] == [c.value for c in Contract if needs_suit(c)]


def test_the_page_without_the_pin_has_no_tables(client, link):
    assert "game-code-tables" not in client.get(url("phone_sheet", link)).content.decode()


def test_code_js_keeps_no_copy_of_the_tables():
    """No [code, meaning] pair, no suit and no word of the tables; the grammar's steps name
    the contracts they treat apart and write the shortest codes back, as Python's do."""
    source = CODE_JS.read_text(encoding="utf-8")
    assert re.findall(r'\[\s*"[^"]*",\s*[^\]]+\]', source) == []
    names = [suit.value for suit in Suit] + ["kreuz", "pik", "karo", "stoss", "retour"]
    assert [name for name in names if f'"{name}"' in source] == []
