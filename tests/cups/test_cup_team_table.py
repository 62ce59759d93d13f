"""The cup's team table (tournament/cups/team_table.py): a club's best N players per evening,
summed over a hosted and a sent-in evening, on the public page, its PDF and its workbook."""

from __future__ import annotations

import datetime as dt
import io

import pytest
from django.test import Client
from django.urls import reverse
from openpyxl import load_workbook

from tests.cups.helpers import standings_row as row
from tests.pdfs import pdf_text
from tournament.cups.services import cup_save, entry_hosted_add
from tournament.cups.table import cup_table
from tournament.cups.team_table import cup_team_table
from tournament.models import CupEntry, Tournament
from tournament.ranking.publication import ranking_publish

pytestmark = pytest.mark.django_db


@pytest.fixture
def two_evenings(cup_world):
    cup_save(
        organiser=cup_world.owner,
        cup=cup_world.cup,
        name="Kreispokal",
        slug="kreispokal",
        season="2026/27",
        team_size=3,
    )
    cup_world.cup.refresh_from_db()
    hosted = cup_world.home_tournament  # 2026-…: its clubs as the example's standings hold them
    entry_hosted_add(cup=cup_world.cup, member=cup_world.home, tournament=hosted, by=None)
    ranking_publish(tournament=hosted, publication=Tournament.Publication.LIVE)
    CupEntry.objects.create(
        cup=cup_world.cup,
        member=cup_world.guest,
        source_slug="gastabend",
        name="Gastabend",
        date=dt.date(2027, 1, 9),
        standings=[
            row("Resi Koch", 1, 40, club="SK Vohenstrauß"),
            row("Anna Huber", 2, 30, club="Schafkopfschule"),
            row("Sepp Maier", 3, 20, club="SK Vohenstrauß"),
            row("Xaver Lang", 4, 10, club="Schafkopfschule"),
            row("Lena Gruber", 5, 5, club="SK Vohenstrauß"),
            row("Hias Huber", 6, 1, club="SK Vohenstrauß"),  # the fourth: does not count
        ],
        signed_at=dt.datetime(2027, 1, 9, 23, tzinfo=dt.UTC),
    )
    return cup_world


def test_the_team_table_sums_the_best_three_of_a_hosted_and_a_sent_in_evening(two_evenings):
    evenings, _rows = cup_table(two_evenings.cup)
    clubs = cup_team_table(two_evenings.cup, evenings)
    # By hand. Hosted (the example): FC Laubendorf 10 + 9 + 5 = 24, SK Vohenstrauß
    # 26 + 1 - 8 = 19, Schafkopfschule one player -36. Sent in: SK Vohenstrauß 40 + 20 + 5 = 65,
    # Schafkopfschule 30 + 10 = 40. Totals: Vohenstrauß 84, Laubendorf 24, Schafkopfschule 4.
    assert [(c.rank, c.club, c.total, c.evenings) for c in clubs] == [
        (1, "SK Vohenstrauß", 84, (19, 65)),
        (2, "FC Laubendorf", 24, (24, None)),
        (3, "Schafkopfschule", 4, (-36, 40)),
    ]


def test_the_public_page_pdf_and_workbook_show_the_team_table(two_evenings):
    slug, client = two_evenings.cup.slug, Client()
    page = client.get(reverse("tournament:cup_table", args=[slug])).content.decode()
    teams = page[page.index('id="vereine-titel"') :]
    assert (
        "Vereinswertung" in teams and "besten 3 Spieler" in teams and "Mannschaftspunkte" in teams
    )
    assert teams.index("SK Vohenstrauß") < teams.index("FC Laubendorf")
    pdf = client.get(reverse("tournament:cup_table_pdf", args=[slug]))
    text = pdf_text(pdf.content, "")
    tail = text[text.index("Vereinswertung (Mannschaften)") :]
    assert "1 SK Vohenstrauß 84 19 65" in tail and "2 FC Laubendorf 24 24 –" in tail
    xlsx = client.get(reverse("tournament:cup_table_xlsx", args=[slug]))
    book = load_workbook(io.BytesIO(xlsx.content))
    assert book.sheetnames == ["Pokalwertung", "Vereinswertung"]
    values = [[c.value for c in r] for r in book["Vereinswertung"].iter_rows()]
    assert values[0][:4] == ["Platz", "Verein", "Mannschaftspunkte", "Los"]
    assert values[1:] == [
        [1, "SK Vohenstrauß", 84, None, 19, 65],
        [2, "FC Laubendorf", 24, None, 24, None],
        [3, "Schafkopfschule", 4, None, -36, 40],
    ]
