"""The table of game codes (tests/data/game_codes.json) read by scoring/entry_code.py: every
case gives its fields and is written back as its `format`, or gives its error. The same table
checks the phones' grammar in the browser (tests/phones/test_game_code_grammar_browser.py), so
the two cannot drift apart. No database, no Django."""

from __future__ import annotations

import dataclasses
import inspect
import re
from enum import Enum

import pytest

from scoring import entry_code
from scoring.entry_code import CodeError, EntryCode, code_format, code_parse
from tests.scoring.helpers import CASES

GOOD = [case for case in CASES if "fields" in case]
BAD = [case for case in CASES if "error" in case]


def fields(entry: EntryCode) -> dict:
    """The entry as the table writes it: contract and suit by their values."""
    return {
        name: value.value if isinstance(value, Enum) else value
        for name, value in dataclasses.asdict(entry).items()
    }


def test_every_case_expects_either_fields_or_an_error():
    assert len(GOOD) + len(BAD) == len(CASES)
    assert all(("fields" in case) != ("error" in case) for case in CASES)
    assert all(list(case["fields"]) == list(fields(EntryCode("solo", 1))) for case in GOOD)


@pytest.mark.parametrize("case", GOOD, ids=[case["code"] for case in GOOD])
def test_a_code_reads_as_its_fields_and_is_written_back(case):
    entry = code_parse(case["code"], seats=case["seats"])
    assert fields(entry) == case["fields"]
    assert code_format(entry) == case["format"]
    assert code_parse(case["format"], seats=case["seats"]) == entry


@pytest.mark.parametrize("case", BAD, ids=[case["code"] for case in BAD])
def test_a_code_that_cannot_be_read_gives_its_error(case):
    with pytest.raises(CodeError) as caught:
        code_parse(case["code"], seats=case["seats"])
    error = caught.value
    assert {"code": error.code, "token": error.token, "params": error.params} == case["error"]


def tokens_of(case: dict) -> set[str]:
    return set(case["code"].lower().replace(",", " ").split())


def test_the_table_has_every_token_and_every_error_of_the_grammar():
    """A token or error added to scoring/entry_code.py needs its case here (and in code.js)."""
    first = {case["code"].lower().replace(",", " ").split()[0] for case in GOOD}
    assert set(entry_code.CONTRACT_CODES) <= first
    used = set().union(*(tokens_of(case) for case in GOOD))
    for codes in (
        entry_code.SUIT_CODES,
        entry_code.RESULT_CODES,
        entry_code.FLAG_CODES,
        entry_code.KONTRA_CODES,
    ):
        assert set(codes) <= used, set(codes) - used
    assert {"a", "l"} <= {token[0] for token in used if token[1:].isdigit()}  # Augen, Laufende
    raised = set(re.findall(r'CodeError\("(\w+)"', inspect.getsource(entry_code)))
    assert raised == {case["error"]["code"] for case in BAD}
