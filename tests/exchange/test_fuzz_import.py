"""Hostile interchange documents: the import (the service `import_tournament` calls) either
stores the tournament or refuses it with errors naming their place, never a traceback, and a
refused document stores nothing."""

from __future__ import annotations

import copy
import json

import pytest
from django.db import transaction
from django.utils import translation
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tournament import models
from tournament.exchange.interchange.importer import tournament_import
from tournament.exchange.interchange.problems import InterchangeError

pytestmark = [pytest.mark.django_db, pytest.mark.slow]
FUZZ = settings(
    max_examples=80,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
MODELS = (models.Tournament, models.Player, models.Table, models.Seat, models.Hand)
MODELS += (models.HandScore, models.Sanction)

HUGE = st.sampled_from([2**63, -(2**63) - 1, 10**40, -1, 0, 65536, 2**31])
HOSTILE_TEXT = st.sampled_from(
    ["", " ", "<script>alert(1)</script>", '=HYPERLINK("x")', "\x00", "\u202eabc", "ä" * 500]
)
LEAVES = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    HUGE,
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=30),
    HOSTILE_TEXT,
)
VALUES = st.recursive(
    LEAVES,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)


def _nested(depth: int):
    value: object = "x"
    for _ in range(depth):
        value = [value]
    return value


def _paths(value, prefix=()):
    """Every place in the document: (path of keys and indexes)."""
    yield prefix
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _paths(item, (*prefix, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _paths(item, (*prefix, index))


def _mutate(document: dict, path: tuple, action: str, value) -> dict:
    if not path:
        return value if action == "replace" else document
    parent = document
    for key in path[:-1]:
        parent = parent[key]
    key = path[-1]
    if action == "delete":
        del parent[key]
    elif action == "nest":
        parent[key] = _nested(200) if isinstance(key, int) else {"x": parent[key]}
    elif action == "wrap":
        parent[key] = [parent[key]]
    else:
        parent[key] = value
    return document


@st.composite
def mutated(draw, base: dict):
    document = copy.deepcopy(base)
    for _ in range(draw(st.integers(1, 3))):
        paths = list(_paths(document)) if isinstance(document, dict | list) else [()]
        path = draw(st.sampled_from(paths))
        action = draw(st.sampled_from(["replace", "replace", "delete", "nest", "wrap"]))
        value = draw(VALUES)
        if not isinstance(document, dict | list):
            break
        document = _mutate(document, path, action, value)
    return document


def _counts() -> dict:
    return {model.__name__: model.objects.count() for model in MODELS}


def _as_stored(tournament: models.Tournament) -> dict:
    """What the database holds of `tournament`: players, and games by Durchgang."""
    hands = models.Hand.objects.filter(table__durchgang__tournament=tournament)
    return {
        "players": tournament.players.count(),
        "games": {
            durchgang.number: hands.filter(table__durchgang=durchgang).count()
            for durchgang in tournament.durchgaenge.all()
        },
    }


def _as_written(document: dict) -> dict:
    """What the document says should be stored: its players, and its games by Durchgang."""
    return {
        "players": len(document.get("players") or []),
        "games": {
            durchgang["number"]: sum(
                len(t.get("hands") or []) for t in durchgang.get("tables") or []
            )
            for durchgang in document.get("durchgaenge") or []
        },
    }


def _import_or_refuse(source, document: dict | None = None) -> None:
    """Either stored, one tournament as `document` says (its players and games), or refused
    with messages naming their place; nothing stored then."""
    with transaction.atomic():
        before = _counts()
        try:
            with translation.override("de"):
                tournament = tournament_import(source)
        except InterchangeError as error:
            assert error.problems
            for problem in error.problems:
                assert str(problem.message).strip()
                assert "Traceback" not in str(problem)
            assert _counts() == before
        else:
            assert _counts()["Tournament"] == before["Tournament"] + 1
            if document is not None:
                assert _as_stored(tournament) == _as_written(document)
        transaction.set_rollback(True)


def _refused(source) -> None:
    """Refused with a message, and nothing stored."""
    before = _counts()
    with translation.override("de"), pytest.raises(InterchangeError) as refused:
        tournament_import(source)
    assert refused.value.problems
    assert all(str(problem.message).strip() for problem in refused.value.problems)
    assert _counts() == before


@pytest.fixture(scope="module")
def base(request) -> dict:
    from tests.constants import EXAMPLES

    return json.loads((EXAMPLES / "beispielturnier-2026.json").read_text(encoding="utf-8"))


def test_the_unchanged_example_imports(base):
    with transaction.atomic():
        tournament = tournament_import(copy.deepcopy(base))
        assert (
            _as_stored(tournament)
            == _as_written(base)
            == {
                "players": 13,
                "games": {1: 104, 2: 104},
            }
        )
        transaction.set_rollback(True)


@FUZZ
@given(data=st.data())
def test_a_mutated_document_is_stored_or_refused_with_named_places(base, data):
    document = data.draw(mutated(base))
    written = document if isinstance(document, dict) else None
    if written is not None:  # the service also takes a parsed document
        _import_or_refuse(copy.deepcopy(document), written)
    # The document as a file's bytes, as `import_tournament` reads it.
    _import_or_refuse(json.dumps(document, ensure_ascii=False, allow_nan=True).encode(), written)


@FUZZ
@given(raw=st.one_of(st.binary(max_size=200), st.text(max_size=200)))
def test_arbitrary_bytes_are_refused_with_a_message(raw):
    _refused(raw if raw else b"")


@pytest.mark.parametrize(
    "text",
    [
        "[" * 100_000,
        '{"format": "schafkopf-turnier", "version": 1, "tournament": ' + "[" * 50_000,
        '{"format": "schafkopf-turnier", "version": 1e400}',
        "\ufeff{}",
        '{"format": "schafkopf-turnier", "version": 1, "players": NaN}',
    ],
)
def test_pathological_json_is_refused_with_a_message(text):
    with pytest.raises(InterchangeError):
        tournament_import(text)
    assert _counts()["Tournament"] == 0


def test_a_refused_json_error_names_the_line():
    with translation.override("en"), pytest.raises(InterchangeError) as refused:
        tournament_import('{\n  "format": "schafkopf-turnier",\n  "version": 1,\n  oops\n}')
    assert "line 4" in str(refused.value)


NUMBER_PLACES = [
    ("tournament", "games_per_durchgang"),
    ("tournament", "number_of_durchgaenge"),
    ("tournament", "solo_approval_from"),
    ("durchgaenge", 0, "number"),
    ("durchgaenge", 0, "tables", 0, "number"),
    ("durchgaenge", 0, "tables", 0, "seats", 0),
    ("durchgaenge", 0, "tables", 0, "hands", 0, "number"),
    ("durchgaenge", 0, "tables", 0, "hands", 0, "augen"),
    ("durchgaenge", 0, "tables", 0, "hands", 0, "laufende"),
    ("durchgaenge", 0, "tables", 0, "hands", 0, "kontra"),
    ("durchgaenge", 0, "tables", 0, "hands", 0, "declarer"),
    ("players", 0, "id"),
]


@pytest.mark.parametrize("place", NUMBER_PLACES, ids=lambda p: ".".join(map(str, p)))
@pytest.mark.parametrize("value", [2**63, -(2**63) - 1, 10**40, 65536, -1])
def test_huge_numbers_anywhere_are_stored_or_refused(base, place, value):
    document = _mutate(copy.deepcopy(base), place, "replace", value)
    _import_or_refuse(copy.deepcopy(document), document)
