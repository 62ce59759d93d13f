"""Tables recorded by their totals on the public pages: the ranking, a player's page (the
Durchgang's total instead of its games) and the statistics (counted apart, and said so)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tournament import models

pytestmark = pytest.mark.django_db


@pytest.fixture
def published(mixed):
    models.Durchgang.objects.filter(tournament=mixed).update(published=True)
    mixed.ranking_publication = models.Tournament.Publication.LIVE
    mixed.save(update_fields=["ranking_publication"])
    return mixed


def test_a_players_page_shows_the_durchgangs_total_of_a_totals_table(client, published):
    typed = models.Table.objects.get(durchgang__tournament=published, durchgang__number=1, number=1)
    seat = typed.seats.select_related("player").get(position=1)
    player = seat.player
    page = client.get(
        reverse("tournament:player", args=[published.slug, player.start_number])
    ).content.decode()
    assert "Summe des Durchgangs (Summenliste)" in page
    ranking = client.get(reverse("tournament:ranking", args=[published.slug])).content.decode()
    assert player.public_name in ranking
    from tournament.ranking.standings import standings_compute

    standing = next(s for s in standings_compute(published) if s.player.pk == player.pk)
    assert standing.totals.durchgaenge[0] == seat.points


def test_the_statistics_count_totals_tables_apart_and_say_so(client, published):
    page = client.get(reverse("tournament:statistics", args=[published.slug])).content.decode()
    assert "2 Tische wurden mit ihren Summen erfasst (Summenliste)" in page
    games = models.Hand.objects.filter(table__durchgang__tournament=published, struck=False)
    assert f"{games.count()} Spiele gewertet" in page


def test_the_workbook_shows_the_totals_tables_and_their_points(published, tmp_path):
    from openpyxl import load_workbook

    from tournament.exchange.exports.workbook import tournament_xlsx

    path = tmp_path / "turnier.xlsx"
    tournament_xlsx(published, str(path))
    sheet = load_workbook(path)["Durchgang 1"]
    rows = list(sheet.iter_rows(values_only=True))
    header = rows[0]
    assert header[-1] == "Erfasst als"
    typed = models.Table.objects.get(durchgang__tournament=published, durchgang__number=1, number=1)
    expected = {s.player.start_number: s.points for s in typed.seats.select_related("player")}
    found = {row[2]: row[-2] for row in rows[1:] if row[0] == 1}
    assert found == expected
    assert {row[-1] for row in rows[1:] if row[0] == 1} == {"Summen"}
    assert {row[-1] for row in rows[1:] if row[0] == 2} == {"Spiele"}
