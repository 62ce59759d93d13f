"""Numbers no field can hold in an interchange file: `import_tournament` names each with its
place in German, exits with 1 and stores nothing, without a traceback.

Python's json reads NaN and Infinity (JSON has neither), turns 1e400 into infinity, and refuses
an integer of more than 4,300 digits with a ValueError of its own; a game's `points` must fit
the score column (a 32-bit integer on PostgreSQL)."""

from __future__ import annotations

import io
import json

import pytest
from django.core.management import CommandError, call_command

from tournament.exchange.interchange.importer import tournament_import
from tournament.exchange.interchange.problems import InterchangeError
from tournament.models import Tournament

pytestmark = pytest.mark.django_db

HAND = "durchgaenge[0].tables[0].hands[0]"
OUT_OF_RANGE = "eine Zahl mit 5000 Stellen liegt außerhalb des zulässigen Bereichs"


def _file(document: dict, tmp_path, place: tuple, raw: str):
    """`document` with the value at `place` written as the JSON text `raw`."""
    target = document
    for key in place[:-1]:
        target = target[key]
    target[place[-1]] = "@@raw@@"
    path = tmp_path / "turnier.json"
    path.write_text(json.dumps(document).replace('"@@raw@@"', raw))
    return path


HAND_PLACE = ("durchgaenge", 0, "tables", 0, "hands", 0)


@pytest.mark.parametrize(
    "place, raw, problem",
    [
        ((*HAND_PLACE, "number"), "9" * 5000, f"{HAND}.number: {OUT_OF_RANGE}"),
        ((*HAND_PLACE, "kontra"), "-" + "9" * 5000, f"{HAND}.kontra: {OUT_OF_RANGE}"),
        ((*HAND_PLACE, "laufende"), "NaN", f"{HAND}.laufende: NaN ist keine Zahl in JSON"),
        ((*HAND_PLACE, "augen"), "1e400", f"{HAND}.augen: muss eine ganze Zahl sein"),
        (
            (*HAND_PLACE, "points"),
            '{"P0006": 2147483648}',
            f"{HAND}.points.P0006: 2147483648 liegt außerhalb des zulässigen Bereichs "
            "(-2147483647 bis 2147483647)",
        ),
        (("players", 0, "id"), "1" * 5000, f"players[0].id: {OUT_OF_RANGE}"),
        (
            ("durchgaenge", 0, "tables", 0, "seats", 0),
            "1" * 5000,
            "durchgaenge[0].tables[0].seats: muss eine Liste von Spieler-IDs sein",
        ),
        (
            ("tournament", "games_per_durchgang"),
            "-Infinity",
            "tournament.games_per_durchgang: -Infinity ist keine Zahl in JSON",
        ),
    ],
    ids=lambda value: str(value)[:30],
)
def test_a_number_no_field_holds_is_named_with_its_place_and_nothing_is_stored(
    example_document, tmp_path, place, raw, problem
):
    path = _file(example_document, tmp_path, place, raw)
    errors = io.StringIO()
    with pytest.raises(CommandError) as refused:
        call_command("import_tournament", str(path), stderr=errors)
    assert "es wurde nichts gespeichert" in str(refused.value)
    assert problem in errors.getvalue().splitlines()
    assert not Tournament.objects.exists()


@pytest.mark.parametrize(
    "change, problem",
    [
        ({"version": 10**5000}, "Version eine Zahl mit etwa 5001 Stellen"),
        (
            {"tournament": {"name": "x", "contracts": [10**5000]}},
            "unbekannte Spielart eine Zahl mit etwa 5001 Stellen",
        ),
        ({"players": [{"id": 10**5000, "name": "x"}]}, "players[0].id: höchstens 40 Zeichen"),
    ],
    ids=["version", "contract", "player id"],
)
def test_a_document_given_as_objects_with_numbers_of_5000_digits_is_refused_by_its_place(
    example_document, change, problem
):
    """`str()` of such a number fails: messages show it by its length."""
    document = example_document | change
    if "tournament" in change:
        document["tournament"] = example_document["tournament"] | change["tournament"]
    with pytest.raises(InterchangeError) as refused:
        tournament_import(document)
    assert problem in str(refused.value)
    assert not Tournament.objects.exists()
