"""The ranking and the scoresheet page need a constant handful of queries: the same number for
a small and a larger tournament, and never more than ten."""

from __future__ import annotations

import pytest
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tests.web.helpers import tournament_of
from tournament.models import Correction, Hand, Table
from tournament.sheets.services.supervision import hand_strike, sanction_record
from tournament.sheets.verification import sheet_verification

pytestmark = pytest.mark.django_db

MOST = 10


@pytest.fixture(autouse=True)
def empty_cache():
    cache.clear()
    yield
    cache.clear()


def queries(client, url) -> tuple[int, str]:
    """The number of queries of one request for `url`, and the page."""
    with CaptureQueriesContext(connection) as captured:
        response = client.get(url)
    assert response.status_code == 200
    return len(captured), response.content.decode()


def with_history(table: Table, supervisor, games: int) -> None:
    """Struck and sanctioned games and corrections on the sheet: each shown with its user."""
    hands = list(
        Hand.objects.filter(table=table)
        .exclude(contract="sie")
        .select_related("table", "declarer")
        .order_by("number")
    )
    for hand in hands[:games]:
        hand_strike(hand=hand, user=supervisor, struck=True, reason="Karten vergeben")
    for hand in hands[games : 2 * games]:
        offender = hand.declarer
        sanction_record(hand=hand, user=supervisor, offender=offender, reason="Ausspielfehler")
    for number in range(1, games + 1):
        Correction.objects.create(
            table=table,
            number=number,
            proposed=None,
            reason="Doppelt eingetragen",
            requested_by=supervisor,
            decided_by=supervisor,
            status=Correction.Status.REJECTED,
        )


@pytest.fixture
def small(supervisor):
    return tournament_of(players=8, durchgaenge=1, slug="klein", supervisor=supervisor)


@pytest.fixture
def large(supervisor):
    return tournament_of(players=60, durchgaenge=3, slug="gross", supervisor=supervisor)


def test_the_ranking_needs_the_same_few_queries_for_a_small_and_a_large_tournament(
    client, supervisor, small, large
):
    client.force_login(supervisor)
    counts = {}
    for tournament in (small, large):
        count, page = queries(client, reverse("tournament:ranking", args=[tournament.slug]))
        counts[tournament.slug] = count
        assert tournament.players.order_by("start_number").first().name in page
    assert counts["klein"] == counts["gross"] <= MOST


def test_the_public_ranking_needs_the_same_few_queries_for_a_small_and_a_large_tournament(
    client, small, large
):
    counts = {}
    for tournament in (small, large):
        url = reverse("tournament:ranking", args=[tournament.slug])
        counts[tournament.slug], _page = queries(client, url)
    assert counts["klein"] == counts["gross"] <= MOST


def test_the_scoresheet_needs_the_same_few_queries_for_a_small_and_a_full_sheet(
    client, supervisor, small, large
):
    client.force_login(supervisor)
    small_table = Table.objects.get(durchgang__tournament=small, number=1)
    Hand.objects.filter(table=small_table, number__gt=3).delete()
    with_history(small_table, supervisor, games=1)
    large_table = Table.objects.get(durchgang__tournament=large, durchgang__number=2, number=5)
    with_history(large_table, supervisor, games=6)
    counts = {}
    for table in (small_table, large_table):
        durchgang = table.durchgang
        args = [durchgang.tournament.slug, durchgang.number, table.number]
        count, page = queries(client, reverse("manage:sheet", args=args))
        counts[table.pk] = count
        assert sheet_verification(table) in page  # the same code as on the printed sheet
        assert "Ausspielfehler" in page and "Doppelt eingetragen" in page
    assert counts[small_table.pk] == counts[large_table.pk] <= MOST
