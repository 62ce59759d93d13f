"""The supervisor's queues say what a decision does before it is taken: a waiting game says why
it waits (Tout, Sie, the n-th single-player game at its table, as the engine counts), shows the
whole game and the points it gives when approved or refused; a correction shows the game before
and after and the points of every player before → after. A recorded sanction stays in view."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse
from django.utils import timezone

from tests.sheets.fixtures import enter, ruf, solo
from tournament.models import Correction, Hand, Membership, Table
from tournament.sheets.services.approval_queue import approval_queue
from tournament.sheets.services.correction_queue import correction_queue
from tournament.sheets.services.corrections import correction_request
from tournament.sheets.services.hands import HandEntry
from tournament.sheets.services.supervision import hand_strike

pytestmark = pytest.mark.django_db
# The `table` of tests/conftest.py: Sepp Huber, Resi Maier, Xaver Bauer, Vroni Hofer (seats 1-4).
SLUG = "spielliste"


def url(name, *args):
    return reverse(f"manage:{name}", args=[SLUG, *args])


@pytest.fixture
def boss(client, table, leitung):
    Membership.objects.create(
        tournament=table.durchgang.tournament, user=leitung, role=Membership.Role.SUPERVISOR
    )
    client.force_login(leitung)
    return client


def singles(table, p):
    """Solo (2), Wenz (3), Solo (4), Solo-Tout (5, the 4th single), Sie (6), Solo (7, the 5th
    single: the Sie does not count), Solo (8, the 6th)."""
    enter(table, 1, ruf(p))
    enter(table, 2, solo(p, 2))
    enter(table, 3, HandEntry(contract="wenz", declarer=p[3], won=False))
    enter(table, 4, solo(p, 4))
    enter(table, 5, solo(p, 1, suit="eichel", tout=True))
    enter(table, 6, HandEntry(contract="sie", declarer=p[2]))
    enter(table, 7, solo(p, 3, suit="gras"))
    enter(table, 8, solo(p, 4, suit="schellen", schneider=True))


def reasons(tournament):
    return {item.hand.number: item.reason for item in approval_queue(tournament)}


def test_each_waiting_game_says_why_counting_singles_as_the_engine_does(table, p, leitung):
    singles(table, p)
    tournament = table.durchgang.tournament
    assert reasons(tournament) == {
        5: "Tout",
        6: "Sie",
        7: "5. Einzelspiel an diesem Tisch",
        8: "6. Einzelspiel an diesem Tisch",
    }
    # A struck game does not count: game 7 is the 4th single now, game 8 the 5th.
    hand_strike(hand=Hand.objects.get(table=table, number=2), user=leitung, struck=True, reason="x")
    assert reasons(tournament) == {5: "Tout", 6: "Sie", 8: "5. Einzelspiel an diesem Tisch"}


def test_the_approval_queue_shows_the_whole_game_and_the_points_it_would_give(boss, table, p):
    singles(table, p)
    item = next(i for i in approval_queue(table.durchgang.tournament) if i.hand.number == 8)
    assert [(s.label, s.approved, s.refused) for s in item.points] == [
        ("Nr. 1 Sepp Huber", -3, 0),
        ("Nr. 2 Resi Maier", -3, 0),
        ("Nr. 3 Xaver Bauer", -3, 0),
        ("Nr. 4 Vroni Hofer", 9, 0),
    ]
    page = boss.get(url("approvals")).content.decode()
    section = page[page.index(f'id="spiel-{item.hand.pk}"') :]
    section = re.sub(r"<[^>]+>", " ", section[: section.index("</section>")])
    text = " ".join(section.split())
    for shown in (
        "Tisch 1 · Spiel 8",
        "Genehmigung nötig: 6. Einzelspiel an diesem Tisch",
        "Geber Nr. 4 Vroni Hofer",
        "Spielart Solo Schellen",
        "Spielmacher Nr. 4 Vroni Hofer",
        "Ergebnis gewonnen",
        "Schneider / Schwarz Schneider",
        "Laufende –",
        "Kontra / Retour –",
        "Tout nein",
        "bei Genehmigung bei Ablehnung",
        "Nr. 1 Sepp Huber −3 0",
        "Nr. 4 Vroni Hofer +9 0",
    ):
        assert shown in text, shown
    assert "Genehmigung nötig: Tout" in page and "Genehmigung nötig: Sie" in page


def closed_sheet(table, p):
    """Game 1: Rufspiel of seats 1 and 3, won (+1/−1); game 2: Herz-Solo of seat 2, won
    (+6/−2). Totals: −1, +5, −1, −3. The sheet is closed."""
    enter(table, 1, ruf(p))
    enter(table, 2, solo(p, 2))
    Table.objects.filter(pk=table.pk).update(closed_at=timezone.now())
    table.refresh_from_db()


def test_the_correction_queue_shows_the_game_and_the_points_before_and_after(
    boss, table, p, leitung
):
    closed_sheet(table, p)
    lost = ruf(p, won=False, schneider=True)  # −2/+2
    correction_request(table=table, number=1, game=lost, reason="Zettel verlesen", user=leitung)
    [item] = correction_queue(table.durchgang.tournament)
    assert [
        (c.label, c.game_before, c.game_after, c.total_before, c.total_after)
        for c in item.outlook.players
    ] == [
        ("Nr. 1 Sepp Huber", 1, -2, -1, -4),
        ("Nr. 2 Resi Maier", -1, 2, 5, 8),
        ("Nr. 3 Xaver Bauer", 1, -2, -1, -4),
        ("Nr. 4 Vroni Hofer", -1, 2, -3, 0),
    ]
    changed = {label: (before, after) for label, before, after, diff in item.facts if diff}
    assert changed == {
        "Ergebnis": ("gewonnen", "verloren"),
        "Schneider / Schwarz": ("–", "Schneider"),
    }

    text = " ".join(re.sub(r"<[^>]+>", " ", boss.get(url("corrections")).content.decode()).split())
    for shown in (
        "Zettel verlesen",
        "Ergebnis gewonnen verloren",
        "Nr. 1 Sepp Huber +1 → −2 (−3) −1 → −4 (−3)",
        "Nr. 2 Resi Maier −1 → +2 (+3) 5 → 8 (+3)",
        "Nr. 4 Vroni Hofer −1 → +2 (+3) −3 → 0 (+3)",
    ):
        assert shown in text, shown


def test_a_correction_into_a_game_that_needs_an_approval_says_so(boss, table, p, leitung):
    closed_sheet(table, p)
    tout = solo(p, 2, tout=True)
    correction_request(table=table, number=2, game=tout, reason="Tout", user=leitung)
    [item] = correction_queue(table.durchgang.tournament)
    assert item.outlook.waits_for_approval
    assert [c.game_after for c in item.outlook.players] == [0, 0, 0, 0]
    page = boss.get(url("corrections")).content.decode()
    assert "braucht das Spiel die Genehmigung der Turnierleitung" in page
    assert Correction.objects.get().status == Correction.Status.PENDING  # nothing decided


def test_a_recorded_sanction_stays_in_the_form_with_what_was_recorded(boss, table, p):
    hand = enter(table, 1, ruf(p))
    offender = p[2]
    posted = {"offender": offender.pk, "reason": "Vorwerfen", "version": hand.version}
    response = boss.post(url("sanction", 1, 1, 1), posted, follow=True)
    assert response.redirect_chain[-1][0].endswith("#strafe")
    page = response.content.decode()
    assert f'<option value="{offender.pk}" selected>Nr. 2 Resi Maier</option>' in page
    assert 'value="Vorwerfen"' in page  # the offence stays in its field
    text = " ".join(re.sub(r"<[^>]+>", " ", page).split())
    assert "Erfasste Strafe: Nr. 2 Resi Maier – Vorwerfen" in text
    # Rule 3.4.17: Resi, an opponent of seats 1 and 3, offended.
    assert "Punkte: Nr. 1 Sepp Huber +2 · Nr. 2 Resi Maier −4" in text
    assert 'name="reason" maxlength="300" required id="streichen_reason">' in page  # empty
    # Every field of the game's page has an id of its own (the sanction and the strike both
    # have a reason and a version).
    ids = re.findall(r' id="([^"]+)"', page)
    assert len(ids) == len(set(ids))


def test_striking_a_game_says_struck_and_taking_it_back_says_so(boss, table, p):
    hand = enter(table, 1, ruf(p))
    struck = boss.post(url("strike", 1, 1, 1), {"reason": "Vergeben", "version": hand.version})
    page = boss.get(struck.url).content.decode()
    assert "Spiel 1 gestrichen: es behält seine Nummer und zählt 0." in page
    assert "Spiel 1 geändert" not in page
    hand.refresh_from_db()
    back = boss.post(url("strike", 1, 1, 1), {"reason": "Doch gültig", "version": hand.version})
    assert (
        "Spiel 1 zählt wieder: es ist nicht mehr gestrichen." in boss.get(back.url).content.decode()
    )


def test_an_approval_without_the_tout_conditions_says_which_one_is_missing(boss, table, p):
    hand = enter(table, 2, solo(p, 2, tout=True))
    page = boss.get(url("hand", 1, 1, 2)).content.decode()
    assert 'class="stacked approval" novalidate' in page  # the server checks, not a tooltip
    answer = boss.post(url("approve", 1, 1, 2), {"note": "", "version": hand.version})
    text = " ".join(re.sub(r"<[^>]+>", " ", answer.content.decode()).split())
    assert "Regel 5.2.14: Bedingung noch nicht bestätigt:" in text
    hand.refresh_from_db()
    assert not hand.approved_by
