"""The scoresheet pages: entry by code, validation, roles, approvals, sanctions, sign-off,
corrections and the history, as the supervisor and the clerk see them (German, the default)."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from tests.sheets.helpers import SLUG, enter, game, table_of, url
from tournament.exchange.interchange.importer import tournament_import
from tournament.models import Correction, Hand, Membership, SheetEvent, Tournament
from tournament.ranking.standings import standings_compute

pytestmark = pytest.mark.django_db

ROLES = ["anonymous", "other_clerk", "clerk", "supervisor"]


def login(client, request, role):
    if role != "anonymous":
        client.force_login(request.getfixturevalue(role))
    return client


def games():
    return Hand.objects.filter(table__durchgang__tournament__slug=SLUG)


CLERK_PAGES = [("sheets", (1,)), ("sheet", (1, 1)), ("hand", (1, 1, 1))]
SUPERVISOR_PAGES = [("approvals", ()), ("corrections", ())]


@pytest.mark.parametrize("role", ROLES)
def test_every_page_answers_each_role_as_its_rights_say(client, request, evening, role):
    login(client, request, "clerk")
    enter(client, "r e 1 3 +", 1)
    client.logout()
    login(client, request, role)
    for name, args in CLERK_PAGES + SUPERVISOR_PAGES:
        status = client.get(url(name, *args)).status_code
        if role == "anonymous":
            assert status == 302, name
        elif role == "other_clerk" or (role == "clerk" and (name, args) in SUPERVISOR_PAGES):
            assert status == 403, name
        else:
            assert status == 200, name


def test_a_clerk_enters_a_game_by_code_and_sees_its_points(client, request, evening):
    login(client, request, "clerk")
    response = enter(client, "s h 2 - sn", 1)
    assert response.status_code == 302
    hand = game(1)
    assert (hand.contract, hand.suit, hand.won, hand.schneider) == ("solo", "herz", False, True)
    assert hand.declarer.name == "Spieler 2"
    page = client.get(url("sheet", 1, 1)).content.decode()
    assert "s h 2 - sn" in page
    assert 'class="circled">9<' in page  # the lost Solo: 9 minus, circled (5.3.3)
    assert SheetEvent.objects.get(kind="entered").user.username == "schreiber"


BAD_CODES = [
    ("x 1 +", 1, 1, "keine Spielart"),
    ("r e 1 7 +", 1, 1, "kein Platz an diesem Tisch"),
    ("r e 1 1 +", 1, 1, "Partner"),
    ("r h 1 3 +", 1, 1, "Farbe"),
    ("fw e 1 +", 1, 1, "nicht erlaubt"),
    ("sie 2", 1, 1, "ersten Spiel"),
    ("r e 1 3 + a40", 2, 1, "Augen"),
    ("r e 1 3", 2, 1, "gewonnen oder verloren"),
    ("s e 1 +", 1, 2, "setzt aus"),  # at a table of five seat 1 deals game 1 and sits out
]


@pytest.mark.parametrize(("code", "number", "table", "message"), BAD_CODES)
def test_a_game_breaking_a_rule_is_refused_in_german_and_nothing_is_stored(
    client, request, evening, code, number, table, message
):
    login(client, request, "clerk")
    response = enter(client, code, number, table=table)
    assert response.status_code == 400
    assert message in response.content.decode()
    assert not games().exists() and not SheetEvent.objects.exists()


def test_a_game_number_beyond_the_sheet_is_refused(client, request, evening):
    login(client, request, "clerk")
    response = enter(client, "r e 1 3 +", 33)
    assert response.status_code == 400
    assert "Spiele 1 bis 32" in response.content.decode()
    response = enter(client, "r e 2 3 +", 40, table=2)
    assert response.status_code == 302  # a table of five has 40 games


def test_the_second_of_two_clerks_saving_the_same_game_is_refused_with_the_current_state(
    client, request, evening
):
    login(client, request, "clerk")
    enter(client, "r e 1 3 +", 1)
    hand = game(1)
    assert enter(client, "r e 1 3 -", 1, version=hand.version).status_code == 302
    response = enter(client, "r g 2 4 +", 1, version=hand.version)  # the stale version
    assert response.status_code == 400
    assert "inzwischen von jemand anderem geändert" in response.content.decode()
    hand.refresh_from_db()
    assert (hand.suit, hand.won, hand.version) == ("eichel", False, 2)
    response = enter(client, "r g 2 4 +", 1, version=0)  # "new" game that exists already
    assert response.status_code == 400


def test_the_preview_shows_the_points_while_typing(client, request, evening):
    login(client, request, "clerk")
    answer = client.get(url("hand_preview", 1, 1), {"number": 2, "code": "w 4 + t"}).json()
    assert answer == {"points": [-6, -6, -6, 18]}
    answer = client.get(url("hand_preview", 1, 1), {"number": 2, "code": "r e 1"}).json()
    assert "Partner" in answer["error"]


def test_a_tout_waits_for_approval_which_only_the_supervisor_gives(client, request, evening):
    login(client, request, "clerk")
    enter(client, "w 4 + t", 2)
    hand = game(2)
    assert hand.needs_approval and set(hand.scores.values_list("points", flat=True)) == {0}
    assert "Genehmigung nötig" in client.get(url("sheet", 1, 1)).content.decode()
    post = {"version": hand.version, "condition_0": "on", "condition_1": "on"}
    assert client.post(url("approve", 1, 1, 2), post).status_code == 403
    client.force_login(request.getfixturevalue("supervisor"))
    queue = client.get(url("approvals")).content.decode()
    # the Wenz-Tout checklist of 5.2.14, not the Solo-Tout's
    assert "Mindestens 3 Laufende" not in queue and "Unter" in queue
    response = client.post(url("approve", 1, 1, 2), {"version": hand.version})
    assert response.status_code == 400 and "Bedingung" in response.content.decode()
    assert client.post(url("approve", 1, 1, 2), post).status_code == 302
    hand.refresh_from_db()
    assert hand.approved_by == "leitung" and hand.approved_at is not None
    assert sorted(hand.scores.values_list("points", flat=True)) == [-6, -6, -6, 18]


def test_a_refused_game_is_struck_and_scores_nothing(client, request, evening):
    login(client, request, "clerk")
    enter(client, "s e 3 + t", 2)
    client.force_login(request.getfixturevalue("supervisor"))
    hand = game(2)
    response = client.post(url("refuse", 1, 1, 2), {"version": hand.version, "note": "zu spät"})
    assert response.status_code == 302
    hand.refresh_from_db()
    assert hand.struck and set(hand.scores.values_list("points", flat=True)) == {0}
    assert SheetEvent.objects.get(kind="refused").reason == "zu spät"


def test_the_supervisor_records_a_sanction_scored_by_rule_3_4_17(client, request, evening):
    login(client, request, "clerk")
    enter(client, "r e 1 3 +", 2)
    hand = game(2)
    sanction = {"offender": hand.table.seats.get(position=2).player_id, "reason": "Vorwerfen"}
    assert client.post(url("sanction", 1, 1, 2), {**sanction, "version": 1}).status_code == 403
    client.force_login(request.getfixturevalue("supervisor"))
    assert client.post(url("sanction", 1, 1, 2), {**sanction, "version": 1}).status_code == 302
    points = dict(hand.scores.values_list("player__name", "points"))
    assert points == {"Spieler 1": 2, "Spieler 2": -4, "Spieler 3": 2, "Spieler 4": 0}
    assert "Vorwerfen" in client.get(url("hand", 1, 1, 2)).content.decode()


def _fill(client, table=1, games=32):
    for number in range(1, games + 1):
        assert enter(client, "r e 1 3 +", number, table=table).status_code == 302


def test_a_complete_signed_sheet_is_closed_and_then_changed_only_by_a_correction(
    client, request, evening
):
    login(client, request, "clerk")
    _fill(client)
    for seat in (1, 2, 3):
        client.post(url("sign", 1, 1), {"seat": seat, "signature": "", "paper": "on"})
    assert client.post(url("close", 1, 1)).status_code == 403
    supervisor = request.getfixturevalue("supervisor")
    client.force_login(supervisor)
    page = client.post(url("close", 1, 1), follow=True).content.decode()
    assert "3 von 4 Spielern haben unterschrieben" in page
    response = client.post(url("sign", 1, 1), {"seat": 4, "signature": "Falscher Name"})
    assert "Spieler 4" in client.get(response.url).content.decode()
    client.post(url("sign", 1, 1), {"seat": 4, "signature": "spieler 4"})
    client.post(url("close", 1, 1), {"bestaetigt": "1"})
    assert table_of(1).closed_by == supervisor
    client.force_login(request.getfixturevalue("clerk"))
    response = enter(client, "r e 2 4 +", 5, version=1)
    assert response.status_code == 400 and "abgeschlossen" in response.content.decode()
    correction = {"number": 5, "code": "r g 2 4 - sn", "reason": "Zettel falsch gelesen"}
    assert client.post(url("correct", 1, 1), correction).status_code == 302
    assert game(5).declarer.name == "Spieler 1"
    client.force_login(supervisor)
    assert "Zettel falsch gelesen" in client.get(url("corrections")).content.decode()
    pending = Correction.objects.get()
    client.post(url("correction_decide", pending.pk), {"decision": "apply", "version": 1})
    hand = game(5)
    assert (hand.declarer.name, hand.suit, hand.won, hand.schneider) == (
        "Spieler 2",
        "gras",
        False,
        True,
    )
    history = client.get(url("sheet", 1, 1)).content.decode()
    for kind in ("Korrektur beantragt", "Korrektur freigegeben", "Spielliste abgeschlossen"):
        assert kind in history
    # A signature names its seat and player once, then how it was given.
    text = " ".join(re.sub(r"<[^>]+>", " ", history).split())
    assert "Sitz 1: Spieler 1 (auf Papier)" in text


def test_a_clerk_of_another_tournament_cannot_touch_this_one(client, request, evening):
    login(client, request, "other_clerk")
    assert enter(client, "r e 1 3 +", 1).status_code == 403
    assert client.post(url("sign", 1, 1), {"seat": 1}).status_code == 403
    assert not games().exists()


def test_the_list_of_sheets_shows_progress_and_jumps_to_a_table(client, request, evening):
    login(client, request, "clerk")
    enter(client, "r e 1 3 +", 1)
    enter(client, "w 4 + t", 2)
    page = client.get(url("sheets", 1)).content.decode()
    assert "2 / 32" in page and "0 / 40" in page
    response = client.get(url("sheets", 1), {"tisch": "2"})
    assert response.url == url("sheet", 1, 2)
    page = client.get(url("sheets", 1), {"tisch": "9"}, follow=True).content.decode()
    assert "keinen Tisch 9" in page


def test_a_money_tariff_tournament_takes_laufende_and_stoss_in_the_code(client, supervisor):
    tournament_import(
        {
            "format": "schafkopf-turnier",
            "version": 1,
            "tournament": {
                "slug": "tarif",
                "name": "Preisschafkopf",
                "date": "2026-11-22",
                "scoring": "preisschafkopf-tarif",
            },
            "players": [{"id": str(n), "name": f"Spieler {n}"} for n in range(1, 5)],
            "durchgaenge": [
                {"number": 1, "tables": [{"number": 1, "seats": ["1", "2", "3", "4"]}]}
            ],
        }
    )
    Membership.objects.create(
        tournament=Tournament.objects.get(slug="tarif"), user=supervisor, role="supervisor"
    )
    client.force_login(supervisor)
    url = reverse("manage:hand_enter", args=["tarif", 1, 1])
    assert client.post(url, {"number": 2, "code": "s e 2 + l4 k", "version": 0}).status_code == 302
    hand = Hand.objects.get(table__durchgang__tournament__slug="tarif", number=2)
    assert (hand.laufende, hand.kontra) == (4, 1)
    points = dict(hand.scores.values_list("player__name", "points"))
    # rule 6.2 of 2024: (50 Solo + 4 Laufende x 10) x 2 for the Stoß, from each of three
    assert points == {"Spieler 1": -180, "Spieler 2": 540, "Spieler 3": -180, "Spieler 4": -180}
    page = client.get(reverse("manage:sheet", args=["tarif", 1, 1])).content.decode()
    assert "5,40 €" in page and "1,80 €" in page  # cents shown as euros


def test_a_plus_only_sheet_and_ranking_have_no_minus_column(client, supervisor):
    tournament = tournament_import(
        {
            "format": "schafkopf-turnier",
            "version": 1,
            "tournament": {
                "slug": "gute",
                "name": "Gute",
                "date": "2026-11-22",
                "scoring": "plus-only",
            },
            "players": [{"id": str(n), "name": f"Spieler {n}"} for n in range(1, 5)],
            "durchgaenge": [
                {"number": 1, "tables": [{"number": 1, "seats": ["1", "2", "3", "4"]}]}
            ],
        }
    )
    Membership.objects.create(tournament=tournament, user=supervisor, role="supervisor")
    client.force_login(supervisor)
    url = reverse("manage:hand_enter", args=["gute", 1, 1])
    assert client.post(url, {"number": 2, "code": "r e 1 3 + sn", "version": 0}).status_code == 302
    page = client.get(reverse("manage:sheet", args=["gute", 1, 1])).content.decode()
    assert '<th class="num">−</th>' not in page and '<th class="num">+</th>' in page
    ranking = client.get(reverse("tournament:ranking", args=["gute"])).content.decode()
    assert "−</a></th>" not in ranking and "−</th>" not in ranking
    points = {s.player.name: s.points for s in standings_compute(tournament)}
    assert points == {"Spieler 1": 10, "Spieler 2": 0, "Spieler 3": 10, "Spieler 4": 0}


def test_a_full_sheet_page_needs_a_constant_handful_of_queries(
    client, request, evening, django_assert_max_num_queries
):
    login(client, request, "clerk")
    for number in range(1, 33):
        enter(client, "r e 1 3 +", number)
    with django_assert_max_num_queries(10):
        response = client.get(url("sheet", 1, 1))
    assert response.content.decode().count('class="num total"') == 32 * 4 + 4  # and the sums
