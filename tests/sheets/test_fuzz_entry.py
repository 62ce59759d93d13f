"""Hostile input to the scoresheet's forms, through the real views: never a server error, and a
refused request stores nothing."""

from __future__ import annotations

import pytest
from django import forms
from django.contrib.auth import get_user_model
from django.db import transaction
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.sheets.fixtures import ruf
from tournament import models
from tournament.sheets.services.hands import hand_save

pytestmark = [pytest.mark.django_db, pytest.mark.slow]
FUZZ = settings(
    max_examples=50,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
MODELS = (models.Hand, models.HandScore, models.SheetEvent, models.Correction, models.Sanction)

CODES = st.sampled_from(
    ["r e 1 3 +", "s h 2 +", "w 1 - sn", "sie 2", "r e 1 1 +", "s h 2 + t", "r e 1 3 + a200"]
    + ["g 4 + sw", "fw g 3 -", "r s 2 4 + l99999999999999999999", "r e 1 3 + kkk", "\x00"]
)
TEXT = st.one_of(
    st.text(max_size=80),
    CODES,
    st.sampled_from(["<script>alert(1)</script>", '=HYPERLINK("x")', "\u202e", "ä" * 400]),
)
NUMBERS = st.one_of(
    st.integers(-5, 40).map(str),
    st.sampled_from([str(2**63), str(-(2**63)), "1e3", "0x10", " 1", "१", "", "1.5", "NaN"]),
    st.integers().map(str),
    st.text(max_size=10),
)


@pytest.fixture
def sheet(table, p, django_user_model):
    """The table with two games; a clerk and a supervisor of its tournament."""
    tournament = table.durchgang.tournament
    clerk = django_user_model.objects.create_user("tisch-schreiber")
    boss = django_user_model.objects.create_user("tisch-leitung")
    models.Membership.objects.create(tournament=tournament, user=clerk, role="clerk")
    models.Membership.objects.create(tournament=tournament, user=boss, role="supervisor")
    for number in (1, 2):
        hand_save(table=table, number=number, game=ruf(p), version=0)
    return table


def _url(name: str, table: models.Table, **extra) -> str:
    args = [table.durchgang.tournament.slug, table.durchgang.number, table.number]
    return reverse(f"manage:{name}", args=[*args, *extra.values()])


def _counts() -> dict:
    signed = models.Seat.objects.filter(signed_at__isnull=False).count()
    return {"signed": signed} | {m.__name__: m.objects.count() for m in MODELS}


def _games() -> list[tuple]:
    """The stored games with their points, as the sheet shows them."""
    return [
        (hand.number, hand.contract, hand.won, hand.struck, hand.approved_by)
        + tuple(hand.scores.order_by("player__start_number").values_list("points", flat=True))
        for hand in models.Hand.objects.order_by("number")
    ]


def _send(client, method: str, url: str, data: dict, stored=None) -> int:
    """One request in a rolled-back transaction; a refusal (400) stores nothing, and
    `stored(status, before)` checks what the request left in the database."""
    with transaction.atomic():
        before = _counts() | {"games": _games()}
        response = getattr(client, method)(url, data)
        assert response.status_code < 500
        if response.status_code == 400:
            assert _counts() | {"games": _games()} == before
        if stored is not None:
            stored(response.status_code, before)
        transaction.set_rollback(True)
    return response.status_code


def _nothing_stored(status: int, before: dict) -> None:
    assert _counts() | {"games": _games()} == before


def _login(client, username: str) -> None:
    client.force_login(get_user_model().objects.get(username=username))


@FUZZ
@given(number=NUMBERS, code=TEXT, version=NUMBERS)
def test_the_entry_line_never_fails_and_a_refused_line_stores_nothing(
    client, sheet, number, code, version
):
    _login(client, "tisch-schreiber")
    data = {"number": number, "code": code, "version": version}
    assert _send(client, "post", _url("hand_enter", sheet), data) in (302, 400)


@FUZZ
@given(number=NUMBERS, code=TEXT)
def test_the_preview_never_fails(client, sheet, number, code):
    _login(client, "tisch-schreiber")
    data = {"number": number, "code": code}
    assert _send(client, "get", _url("hand_preview", sheet), data, _nothing_stored) in (200, 400)


# A name typed at the table signs that player's seat; anything else signs nothing.
SIGNATURES = st.one_of(TEXT, st.sampled_from(["Sepp Huber", " resi maier ", "XAVER BAUER"]))


@FUZZ
@given(seat=st.one_of(NUMBERS, st.sampled_from(["1", "2", "3"])), signature=SIGNATURES)
def test_a_signature_never_fails(client, sheet, seat, signature):
    def signed_as_typed(status, before):
        signed = list(models.Seat.objects.filter(signed_at__isnull=False).select_related("player"))
        if not signed:
            assert _counts() | {"games": _games()} == before
            return
        # One seat, the one posted, whose player's name was typed (trimmed, in any case).
        [seat_signed] = signed
        assert seat_signed.position == forms.IntegerField().clean(seat)
        assert seat_signed.player.name.casefold() == signature.strip().casefold()
        assert seat_signed.signature == signature.strip()
        assert _games() == before["games"]

    _login(client, "tisch-schreiber")
    data = {"seat": seat, "signature": signature}
    assert _send(client, "post", _url("sign", sheet), data, signed_as_typed) in (302, 400)


@FUZZ
@given(number=NUMBERS, code=TEXT, reason=TEXT)
def test_a_correction_request_never_fails(client, sheet, number, code, reason):
    """The sheet is open and its games carry no decision: every request is refused (a game of
    an open sheet is changed directly), and nothing is stored."""
    _login(client, "tisch-schreiber")
    data = {"number": number, "code": code, "reason": reason}
    _send(client, "post", _url("correct", sheet), data, _nothing_stored)


@FUZZ
@given(
    action=st.sampled_from(["approve", "refuse", "strike", "sanction", "hand_delete"]),
    version=NUMBERS,
    note=TEXT,
    offender=NUMBERS,
)
def test_the_supervisors_decisions_never_fail(client, sheet, action, version, note, offender):
    def game_2_untouched(status, before):
        """A decision on game 1 changes nothing of game 2 and asks for no correction."""
        assert [game for game in _games() if game[0] == 2] == [
            game for game in before["games"] if game[0] == 2
        ]
        assert models.Correction.objects.count() == before["Correction"]

    _login(client, "tisch-leitung")
    data = {"version": version, "note": note, "reason": note, "offender": offender}
    _send(client, "post", _url(action, sheet, hand=1), data, game_2_untouched)


@pytest.mark.parametrize("number", [str(2**63), str(10**40), "32767", "65536"])
def test_huge_game_numbers_are_refused_next_to_the_field(client, sheet, number):
    _login(client, "tisch-schreiber")
    data = {"number": number, "code": "r e 1 3 +", "version": "0"}
    assert _send(client, "post", _url("hand_enter", sheet), data) == 400
