"""The phones' grammar of the game code (static/tournament/phones/code.js) in headless
Chromium against the table of tests/data/game_codes.json, which scoring/entry_code.py passes
(tests/scoring/test_game_code_table.py): every case reads as the same fields or fails with the
same error, and is written back as the same code. The module is the one the phone page has
imported, under its Content-Security-Policy: it knows the grammar's tokens only from the
tables the page holds (scoring.entry_code.code_tables, tests/phones/test_code_tables.py).

Each stored game must also come back into the phone's buttons and leave them as the same code
(draft.js): what the buttons cannot show is changed as a line of code instead.
"""

from __future__ import annotations

import dataclasses

import pytest
from django.templatetags.static import static

from rules.contracts import SUITS_FOR, Contract, Suit, may_be_tout
from scoring.entry_code import CONTRACT_CODES, SUIT_CODES, code_format, code_parse
from tests.phones.browser_helpers import open_sheet, phone, table_one
from tests.scoring.helpers import CASES
from tournament.phones.links import table_link_issue

pytestmark = pytest.mark.django_db(transaction=True)

# Every case read, written back and taken through the buttons by the modules in the browser.
READ_ALL = """async ({ cases, choices, modules }) => {
  const grammar = await import(modules.code);
  const buttons = await import(modules.draft);
  return cases.map(({ code, seats }) => {
    try {
      const fields = grammar.parseCode(code, seats);
      const format = grammar.formatCode(fields);
      const draft = buttons.draftFromCode(choices, format, 1, 0, seats);
      return { fields, format, buttons: draft && buttons.codeOf(choices, draft) };
    } catch (error) {
      if (!(error instanceof grammar.CodeError)) return { crash: String(error) };
      return { error: { code: error.code, token: error.token, params: error.params } };
    }
  });
}"""


def short(codes: dict, value) -> str:
    return next(code for code, meant in codes.items() if meant is value)


def all_choices() -> dict:
    """The phone's buttons at a tournament with every contract (tournament/phones/state.py)."""
    contracts = [
        {
            "code": short(CONTRACT_CODES, contract),
            "label": contract.value,
            "suits": [{"code": short(SUIT_CODES, suit)} for suit in SUITS_FOR[contract]],
            "partner": contract is Contract.RUFSPIEL,
            "result": contract is not Contract.SIE,
            "tout": may_be_tout(contract),
            "thrown_in": contract is Contract.ZUSAMMENGEWORFEN,
        }
        for contract in Contract
    ]
    return {"contracts": contracts, "laufende": True, "kontra": True}


def through_the_buttons(case: dict) -> str | None:
    """The code a stored game of `case` leaves the buttons with: itself, but a Sie has no
    result there, 0 Laufende are none (the engine counts both alike), and a Herz-Rufspiel
    cannot be shown (None: it is changed as a line of code)."""
    entry = code_parse(case["code"], seats=case["seats"])
    if entry.contract is Contract.RUFSPIEL and entry.suit is Suit.HERZ:
        return None
    if entry.contract is Contract.SIE:
        entry = dataclasses.replace(entry, won=None)
    if entry.laufende == 0:
        entry = dataclasses.replace(entry, laufende=None)
    return code_format(entry)


def expected(case: dict) -> dict:
    if "error" in case:
        return {"error": case["error"]}
    return {
        "fields": case["fields"],
        "format": case["format"],
        "buttons": through_the_buttons(case),
    }


def read_all(page, base, link, modules):
    open_sheet(page, base, link)
    return page.evaluate(READ_ALL, {"cases": CASES, "choices": all_choices(), "modules": modules})


def test_the_phones_read_every_code_of_the_table_as_scoring_does(
    drive, live_server, evening, supervisor
):
    link = table_link_issue(table=table_one(), user=supervisor)
    problems = []
    page = phone(drive, problems)
    modules = {name: static(f"tournament/phones/{name}.js") for name in ("code", "draft")}

    results = drive(read_all, page, live_server.url, link, modules)

    assert len(results) == len(CASES)
    differences = [
        (case["code"], result, expected(case))
        for case, result in zip(CASES, results, strict=True)
        if result != expected(case)
    ]
    assert differences == []
    assert problems == []
