"""A game's fields are listed once (`scoring.game.GAME_FIELDS`): every form of a game carries
exactly them, and `game_values` carries a game from one form to the next unchanged."""

from __future__ import annotations

import dataclasses

import pytest

from rules.contracts import Contract, Suit
from scoring.entry_code import EntryCode, code_format, code_parse
from scoring.game import GAME_FIELDS, PLAYER_FIELDS, game_values
from scoring.hand import HandFacts
from tournament import models
from tournament.exchange.interchange.document import DocHand
from tournament.sheets.services.hands import HandEntry


def names(cls, players_as: str = "") -> set[str]:
    fields = {f.name for f in dataclasses.fields(cls)}
    return {name.removesuffix(players_as) if players_as else name for name in fields}


@pytest.mark.parametrize(
    ("form", "players_as"),
    [(EntryCode, "_seat"), (HandEntry, ""), (DocHand, ""), (HandFacts, "")],
)
def test_every_form_of_a_game_carries_every_field(form, players_as):
    assert set(GAME_FIELDS) <= names(form, players_as)


def test_the_stored_game_has_every_field():
    columns = {f.name for f in models.Hand._meta.get_fields()}
    assert set(GAME_FIELDS) <= columns
    assert set(PLAYER_FIELDS) <= set(GAME_FIELDS)


def test_a_typed_code_goes_to_an_entry_and_back_unchanged():
    code = code_parse("s g 2 + sn a95 l3 k", seats=4)
    players = {1: "Anna", 2: "Bert", 3: "Carl", 4: "Dora"}
    entry = game_values(code, player=players.__getitem__, players_as="_seat")
    assert entry == {
        "contract": "solo",
        "suit": "gras",
        "declarer": "Bert",
        "partner": None,
        "won": True,
        "schneider": True,
        "schwarz": False,
        "tout": False,
        "augen": 95,
        "laufende": 3,
        "kontra": 1,
    }
    seat = {name: number for number, name in players.items()}
    back = game_values(HandEntry(**entry), player=seat.__getitem__, players_as="", typed=True)
    back["declarer_seat"], back["partner_seat"] = back.pop("declarer"), back.pop("partner")
    assert EntryCode(**back) == code
    assert code_format(EntryCode(**back)) == code_format(code)


def test_typed_values_are_the_rules_types_and_no_suit_is_none():
    entry = HandEntry(contract="wenz", declarer=None, won=False)
    typed = game_values(entry, typed=True)
    assert typed["contract"] is Contract.WENZ and typed["suit"] is None
    assert game_values(entry)["suit"] == ""
    assert (
        game_values(HandEntry(contract="solo", declarer=None, suit="herz"), typed=True)["suit"]
        is Suit.HERZ
    )
