"""The workbook's sheet "Genehmigungen": every game that needed an approval, why, and the
decision (genehmigt, abgelehnt, offen) with who, when and the note; the real file reopened."""

from __future__ import annotations

import datetime

import pytest
from django.core.management import call_command
from django.utils import timezone
from openpyxl import load_workbook

from tournament.models import Hand
from tournament.sheets.services.supervision import hand_approve, hand_refuse

pytestmark = pytest.mark.django_db


def _game(tournament, durchgang, table, number) -> Hand:
    return Hand.objects.get(
        table__durchgang__tournament=tournament,
        table__durchgang__number=durchgang,
        table__number=table,
        number=number,
    )


def _sheet(tournament, tmp_path) -> list[dict]:
    out = tmp_path / "turnier.xlsx"
    call_command("export_xlsx", tournament.slug, "--out", str(out))  # German, the default
    ws = load_workbook(out)["Genehmigungen"]
    rows = list(ws.iter_rows(values_only=True))
    return [dict(zip(rows[0], row, strict=True)) for row in rows[1:]]


def test_the_approvals_sheet_lists_approvals_refusals_and_open_games_with_their_notes(
    example_tournament, supervisor, tmp_path
):
    tout = _game(example_tournament, 2, 1, 31)  # a Solo-Tout
    wenz = _game(example_tournament, 1, 1, 15)  # a Wenz, the 3rd single-player game of its sheet
    sie = _game(example_tournament, 2, 3, 12)
    Hand.objects.filter(pk__in=[tout.pk, wenz.pk, sie.pk]).update(approved_by="")
    hand_approve(hand=tout, user=supervisor, note="Bedingungen 5.2.14 geprüft")
    hand_refuse(hand=wenz, user=supervisor, note="=zu spät gemeldet")
    now = timezone.localtime().replace(tzinfo=None)

    rows = _sheet(example_tournament, tmp_path)

    by_game = {(r["Durchgang"], r["Tisch"], r["Spiel"]): r for r in rows}
    approved, refused, waiting = by_game[(2, 1, 31)], by_game[(1, 1, 15)], by_game[(2, 3, 12)]
    assert approved["Spielart"].startswith("Solo") and approved["Spielart"].endswith("Tout")
    assert approved["Grund der Genehmigung"] == "Tout (5.2.14)"
    assert approved["Entscheidung"] == "genehmigt"
    assert approved["Entschieden von"] == "leitung"
    assert abs(approved["Entschieden am"] - now) < datetime.timedelta(minutes=1)
    assert approved["Bemerkung"] == "Bedingungen 5.2.14 geprüft"
    declarer = tout.declarer
    assert approved["Spielmacher"] == f"{declarer.start_number} {declarer.name}"

    assert refused["Entscheidung"] == "abgelehnt" and refused["Entschieden von"] == "leitung"
    assert refused["Bemerkung"] == "=zu spät gemeldet"  # text, never a formula
    assert refused["Grund der Genehmigung"] == "Einzelspiel ab dem 5. des Blattes (5.2.16)"
    assert abs(refused["Entschieden am"] - now) < datetime.timedelta(minutes=1)

    assert waiting["Entscheidung"] == "offen" and waiting["Grund der Genehmigung"] == "Sie (5.2.14)"
    assert waiting["Entschieden von"] is None and waiting["Entschieden am"] is None

    # Every game approved or waiting is listed once, in game order, and the refused one.
    games = Hand.objects.filter(table__durchgang__tournament=example_tournament)
    decided = games.exclude(approved_by="").count()
    waiting_games = games.filter(approved_by="", needs_approval=True, struck=False).count()
    assert len(rows) == decided + waiting_games + 1
    order = [(r["Durchgang"], r["Tisch"], r["Spiel"]) for r in rows]
    assert order == sorted(order)
