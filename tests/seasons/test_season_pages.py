"""A season of the worked example played twice (and a third time for the query count): only
published rankings count, a person is one line over the tournaments, the public page shows names
by the publication choice, PDF and workbook read back, bad input in German."""

from __future__ import annotations

import io

import pytest
from django.db import connection
from django.db.models import F
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from openpyxl import load_workbook

from tests.pdfs import pdf_text
from tests.seasons.helpers import replay
from tournament.models import Season, Seat, Tournament
from tournament.persons.services import organiser_of
from tournament.ranking.publication import ranking_publish
from tournament.ranking.standings import standings_compute
from tournament.scorekeeping.changes import public_pages_changed
from tournament.seasons.services import season_standings

pytestmark = pytest.mark.django_db


def test_a_person_is_one_line_with_the_points_of_both_tournaments(season, example_tournament):
    first = {s.player.start_number: s for s in standings_compute(example_tournament)}
    tournaments, rows = season_standings(season)
    assert [t.slug for t in tournaments] == [example_tournament.slug, "rueckrunde"]
    sepp = next(r for r in rows if r.name == "Sepp Hofbauer")
    assert (sepp.standing.played, sepp.standing.value) == (2, 2 * first[1].totals.points)
    assert (rows[0].name, rows[0].standing.value) == ("Michl Hofbauer", 2 * first[8].totals.points)
    others = [r for r in rows if r.name not in ("Sepp Hofbauer", "Michl Hofbauer")]
    assert len(others) == 2 * 11 and all(r.standing.played == 1 for r in others)


def test_only_published_rankings_count(season, example_tournament):
    ranking_publish(tournament=example_tournament, publication=Tournament.Publication.HIDDEN)
    tournaments, rows = season_standings(season)
    assert len(tournaments) == 2 and len(rows) == 13  # the replay's players only
    assert all(r.standing.played == 1 for r in rows)


def test_the_public_page_shows_names_by_the_publication_choice(season):
    page = Client().get(reverse("tournament:season", args=[season.slug])).content.decode()
    assert "Sepp Hofbauer" in page  # consented to the full name
    assert "Michl H." in page and "Michl Hofbauer" not in page
    ranking = Client().get(reverse("tournament:ranking", args=["rueckrunde"])).content.decode()
    assert "Jahreswertung: Jahreswertung 2026" in ranking


def test_pdf_and_workbook(season):
    pdf = Client().get(reverse("tournament:season_pdf", args=[season.slug]))
    text = pdf_text(pdf.content, " ")
    assert "Jahreswertung 2026" in text and "Sepp Hofbauer" in text
    response = Client().get(reverse("tournament:season_xlsx", args=[season.slug]))
    sheet = load_workbook(io.BytesIO(response.content))["Jahreswertung"]
    header, *rows = list(sheet.iter_rows(values_only=True))
    assert header[:5] == ("Platz", "Name", "Verein", "Wertungspunkte", "Turniere gespielt")
    sepp = next(r for r in rows if r[1] == "Sepp Hofbauer")
    assert sepp[4] == 2 and sepp[5] == sepp[6] and sepp[3] == sepp[5] + sepp[6]


def test_the_page_takes_the_same_queries_for_two_or_three_tournaments(season, example_document):
    url = reverse("tournament:season", args=[season.slug])
    Client().get(url)  # the tournaments' parts written once
    with CaptureQueriesContext(connection) as two:
        Client().get(url)
    third = replay(example_document, "finale", "2027-01-16")
    ranking_publish(tournament=third, publication=Tournament.Publication.LIVE)
    season.tournaments.add(third)
    Client().get(url)
    with CaptureQueriesContext(connection) as three:
        page = Client().get(url).content.decode()
    assert len(three.captured_queries) == len(two.captured_queries) <= 4
    assert "16.01.2027" in page


def test_a_result_changed_after_publication_updates_the_season(season, example_tournament):
    _tournaments, before = season_standings(season)
    michl = next(r for r in before if r.name == "Michl Hofbauer").standing.value
    player = example_tournament.players.get(start_number=8)
    Seat.objects.filter(player=player, durchgang__number=1).update(points=F("points") + 7)
    public_pages_changed(example_tournament.pk)  # what every change of a result does
    _tournaments, after = season_standings(season)
    assert next(r for r in after if r.name == "Michl Hofbauer").standing.value == michl + 7


def test_bad_input_is_refused_in_german(example_tournament, keeper):
    client = Client()
    client.force_login(keeper)
    organiser = organiser_of(example_tournament)
    url = reverse("manage:season_create", args=[organiser.slug])
    page = client.post(
        url,
        {
            "name": "Liga",
            "slug": "liga",
            "kind": "placement",
            "minimum": "0",
            "placement_text": "25,20,x",
        },
    ).content.decode()
    assert "„x“ ist keine Punktzahl: Schreibe die Punkte nach Platz, z. B. 25-20-16-13." in page
    page = client.post(
        url, {"name": "Liga", "slug": "liga", "kind": "best", "minimum": "0"}
    ).content.decode()
    assert "Gib an, wie viele Turniere zählen." in page
    assert not Season.objects.exists()
    response = client.post(
        url,
        {
            "name": "Liga",
            "slug": "liga",
            "kind": "placement",
            "minimum": "2",
            "placement_text": "25-20-16",
            "tournaments": [example_tournament.pk],
        },
    )
    assert response.status_code == 302
    season = Season.objects.get(slug="liga")
    assert season.placement == [25, 20, 16] and list(season.tournaments.all()) == [
        example_tournament
    ]
