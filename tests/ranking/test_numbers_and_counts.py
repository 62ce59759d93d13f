"""Numbers drawn into SVG and data attributes are never localized (German bars must not get a
decimal comma), and the statistics count the games as the ranking does."""

from __future__ import annotations

import copy
import re

import pytest
from django.urls import reverse
from django.utils import translation

from tournament.exchange.interchange.importer import tournament_import
from tournament.models import Hand, Tournament
from tournament.ranking.standings import standings_compute

pytestmark = pytest.mark.django_db
SLUG = "beispielturnier-2026"


def publish_live(tournament):
    Tournament.objects.filter(pk=tournament.pk).update(ranking_publication="live")


def svg_numbers(text: str) -> list[str]:
    """Every number-valued attribute of the page's SVG elements."""
    values = []
    for svg in re.findall(r"<svg\b.*?</svg>", text, re.S):
        values += re.findall(r'\b(?:width|height|x|y|x1|y1|x2|y2)="([^"]*)"', svg)
        for points in re.findall(r'points="([^"]*)"', svg):
            values += re.split(r"[ ,]", points)
    return values


@pytest.mark.parametrize(("name", "args"), [("statistics", ()), ("player", (8,))])
def test_german_charts_write_their_numbers_with_a_decimal_point(
    client, example_tournament, name, args
):
    publish_live(example_tournament)
    with translation.override("de"):
        response = client.get(reverse(f"tournament:{name}", args=[SLUG, *args]))
    text = response.content.decode()
    assert "Statistik" in text or "Spiele" in text  # the German page
    numbers = svg_numbers(text)
    assert numbers
    for value in numbers:
        assert "," not in value
        float(value)
    if name == "statistics":
        widths = [float(w) for w in re.findall(r'<rect [^>]*width="([^"]*)"', text)]
        assert 100.0 in widths and any(0 < w < 100 and w != int(w) for w in widths)


def first_game_tout_document(document: dict) -> dict:
    """The worked example with game 1 of table 2 in Durchgang 1 a won Wenz-Tout, approved."""
    document = copy.deepcopy(document)
    table = document["durchgaenge"][0]["tables"][1]
    game = table["hands"][0]
    assert game["number"] == 1
    table["hands"][0] = {
        "number": 1,
        "contract": "wenz",
        "declarer": game["declarer"],
        "tout": True,
        "won": True,
        "approved_by": "Turnierleitung",
    }
    return document


def bar_value(text: str, label: str) -> int:
    match = re.search(rf'{label}</span>.*?<span class="value">(\d+)</span>', text, re.S)
    assert match, label
    return int(match.group(1))


def test_a_first_game_tout_counts_on_the_statistics_as_on_the_ranking(client, example_document):
    tournament = tournament_import(first_game_tout_document(example_document))
    publish_live(tournament)
    standings = standings_compute(tournament)
    played = sum(s.totals.tout_played for s in standings)
    won = sum(s.totals.tout_won for s in standings)
    touts = Hand.objects.filter(table__durchgang__tournament=tournament, tout=True, struck=False)
    # The Touts of game 1 are recorded as Touts but do not count as such.
    first = touts.filter(number=1).count()
    assert first >= 1
    assert played == touts.count() - first
    text = client.get(reverse("tournament:statistics", args=[SLUG])).content.decode()
    assert bar_value(text, "Touts gespielt") == played
    assert bar_value(text, "Touts gewonnen") == won
    ranking = client.get(reverse("tournament:ranking", args=[SLUG]), {"sort": "-tout_played"})
    rows = ranking.context["table"].rows
    assert sum(row.record["tout_played"] for row in rows) == played
