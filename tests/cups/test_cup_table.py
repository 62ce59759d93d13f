"""The cup table is the seasons' engine (scoring/season.py) over the cup's evenings, uploaded and
hosted: checked against a hand computation on a small example."""

from __future__ import annotations

import datetime as dt
import io

import pytest
from django.test import Client
from django.urls import reverse
from openpyxl import load_workbook

from tests.cups.helpers import standings_row as row
from tests.pdfs import pdf_text
from tournament.cups.services import cup_save, entry_hosted_add, entry_withdraw
from tournament.cups.table import cup_table
from tournament.models import CupEntry, Tournament
from tournament.ranking.publication import ranking_publish
from tournament.ranking.standings import standings_compute

pytestmark = pytest.mark.django_db


def evening(cup_world, member, slug, day, rows):
    return CupEntry.objects.create(
        cup=cup_world.cup,
        member=member,
        source_slug=slug,
        name=slug.title(),
        date=dt.date(2026, 10, day),
        standings=rows,
        signed_at=dt.datetime(2026, 10, day, 23, tzinfo=dt.UTC),
    )


def test_best_two_of_placement_points_with_a_minimum_equals_the_hand_computation(cup_world):
    cup_save(
        organiser=cup_world.owner,
        cup=cup_world.cup,
        name="Kreispokal",
        slug="kreispokal",
        season="2026/27",
        kind="placement",
        best=2,
        minimum=2,
        placement_text="10-6-4",
    )
    home, guest = cup_world.home, cup_world.guest
    evening(cup_world, home, "erster", 1, [
        row("Anna Huber", 1, 50, (0, 1, 1, 2, 3), club="Heimverein"),
        row("Sepp Maier", 2, 30, (0, 0, 0, 4, 5)),
        row("Resi Koch", 3, 10),
    ])  # fmt: skip
    evening(cup_world, guest, "zweiter", 8, [
        row("Sepp Maier", 1, 40, (0, 0, 1, 0, 0)),
        row("anna  HUBER", 2, 35, (0, 0, 0, 1, 2), club="Gastverein"),  # the same person
        row("Xaver Lang", 3, 5),
    ])  # fmt: skip
    evening(cup_world, home, "dritter", 15, [
        row("Resi Koch", 1, 60),
        row("Anna Huber", 2, 20),
        row("Sepp Maier", 3, 15),
    ])  # fmt: skip
    withdrawn = evening(cup_world, guest, "vierter", 22, [row("Xaver Lang", 1, 99)])
    entry_withdraw(entry=withdrawn, reason="doppelt eingereicht", by=None)

    evenings, rows = cup_table(cup_world.cup)

    # By hand, places 1-2-3 give 10-6-4, the best two count:
    # Anna 10 + 6 (+6 not counted: of the equal sixes the earlier counts) = 16,
    # Sepp 6 + 10 (+4) = 16, Resi 4 + 10 = 14, Xaver 4 from one evening: under the minimum.
    # Anna before Sepp: counters of the evenings counted, Sie 0 = 0, then Touts won 1 > 0.
    assert [e.source_slug for e in evenings] == ["erster", "zweiter", "dritter"]
    table = [(r.standing.rank, r.name, r.standing.value, r.standing.played) for r in rows]
    assert table == [
        (1, "Anna Huber", 16, 3),
        (2, "Sepp Maier", 16, 3),
        (3, "Resi Koch", 14, 2),
        (None, "Xaver Lang", 4, 1),
    ]
    assert rows[0].cells == [(10, True), (6, True), (6, False)]
    assert rows[0].standing.counters == (0, 1, 1, 3, 5)
    assert rows[0].club == "Gastverein"  # of the latest evening naming a club
    assert rows[2].cells == [(4, True), (None, False), (10, True)]


def test_a_hosted_tournament_counts_with_its_public_ranking_once_published(cup_world):
    tournament = cup_world.home_tournament
    entry_hosted_add(cup=cup_world.cup, member=cup_world.home, tournament=tournament, by=None)
    ranking_publish(tournament=tournament, publication=Tournament.Publication.HIDDEN)
    assert cup_table(cup_world.cup)[1] == []
    ranking_publish(tournament=tournament, publication=Tournament.Publication.LIVE)
    _evenings, rows = cup_table(cup_world.cup)
    standings = standings_compute(tournament, after=2)
    assert [(r.standing.rank, r.name, r.standing.value) for r in rows] == [
        (place, s.player.name, s.totals.points) for place, s in enumerate(standings, 1)
    ]


def test_the_public_page_shows_the_table_and_states_the_tie_breaks(cup_world):
    evening(cup_world, cup_world.home, "erster", 1, [
        row("Anna Huber", 1, 50), row("Sepp Maier", 2, 30),
    ])  # fmt: skip
    page = Client().get(reverse("tournament:cup_table", args=[cup_world.cup.slug]))
    text = page.content.decode()
    assert page.status_code == 200
    assert "Kreispokal" in text and "Anna Huber" in text and "Regel 5.4.2" in text
    assert text.index("Anna Huber") < text.index("Sepp Maier")


def test_the_cup_table_as_pdf_and_workbook(cup_world):
    evening(cup_world, cup_world.home, "erster", 1, [
        row("Anna Huber", 1, 50), row("Sepp Maier", 2, 30),
    ])  # fmt: skip
    client = Client()
    pdf = client.get(reverse("tournament:cup_table_pdf", args=[cup_world.cup.slug]))
    text = pdf_text(pdf.content, "")
    assert "Kreispokal" in text and "Anna Huber" in text
    xlsx = client.get(reverse("tournament:cup_table_xlsx", args=[cup_world.cup.slug]))
    sheet = load_workbook(io.BytesIO(xlsx.content))["Pokalwertung"]
    values = [[c.value for c in r][:5] for r in sheet.iter_rows()]
    assert values[0] == ["Platz", "Name", "Verein", "Pokalpunkte", "Gespielte Abende"]
    assert values[1:] == [[1, "Anna Huber", None, 50, 1], [2, "Sepp Maier", None, 30, 1]]
