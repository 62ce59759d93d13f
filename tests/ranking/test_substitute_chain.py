"""5.2.11 along a chain of substitutes (tests/data/5.2.11_substitute_chain.json): Z2 replaced Z1,
who replaced O1. Every place that sums a seat shows Z2 with the points, Durchgänge and Stock of
the whole chain: the standings, the ranking page, the player's page, the Excel workbook, the
ranking PDF and the season."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import translation
from openpyxl import load_workbook

from tests.pdfs import pdf_pages
from tournament.exchange.exports.workbook import tournament_xlsx
from tournament.exchange.interchange.importer import tournament_import
from tournament.models import Tournament
from tournament.persons.services import organiser_of
from tournament.ranking.publication import ranking_publish
from tournament.ranking.standings import standings_compute
from tournament.scorekeeping.substitutes import seat_chain, seat_holders, seat_sums
from tournament.seasons.services import season_save, season_standings

pytestmark = pytest.mark.django_db

CASE = json.loads(
    (Path(__file__).parents[1] / "data" / "5.2.11_substitute_chain.json").read_text("utf-8")
)
EXPECTED = {row["player"]: row for row in CASE["expected"]["ranking"]}


@pytest.fixture
def chain() -> Tournament:
    """The case's tournament (the importer checks each game's points), its ranking published."""
    tournament = tournament_import(CASE["document"])
    ranking_publish(tournament=tournament, publication=Tournament.Publication.LIVE)
    return tournament


def start_number(tournament: Tournament, ident: str) -> int:
    return tournament.players.get(ident=ident).start_number


def by_name(tournament: Tournament) -> dict[str, str]:
    return {p.name: p.ident for p in tournament.players.all()}


def test_the_helpers_follow_the_whole_chain():
    holders = seat_holders({1: None, 2: 1, 3: 2, 4: None})
    assert holders == {1: 3, 2: 3, 3: 3, 4: 4}
    assert seat_sums({1: 200, 2: 100, 3: 100, 4: 400}, holders) == {3: 400, 4: 400}
    # Bad data that comes round ends instead of looping.
    assert seat_holders({1: 2, 2: 1}) == {1: 2, 2: 1}


def test_seat_chain_goes_back_to_the_original(chain):
    z2 = chain.players.get(ident="Z2")
    ids = {p.pk: p.ident for p in chain.players.all()}
    with CaptureQueriesContext(connection) as queries:
        found = seat_chain(z2)
    assert [ids[pk] for pk in found] == ["Z2", "Z1", "O1"] and len(queries) == 1


def test_the_standings_fold_the_chain_in_two_queries(chain):
    with CaptureQueriesContext(connection) as queries:
        standings = standings_compute(chain)
    assert len(queries) <= 2
    got = {s.player.ident: (s.rank, s.totals.points, list(s.totals.durchgaenge)) for s in standings}
    assert got == {k: (e["rank"], e["points"], e["durchgaenge"]) for k, e in EXPECTED.items()}
    assert not set(CASE["expected"]["not_ranked"]) & set(got)


def test_the_ranking_page_shows_the_chains_points(client, chain):
    response = client.get(reverse("tournament:ranking", args=[chain.slug]))
    rows = {row["start_number"]: row for row in response.context["table"].data.data}
    for ident, expected in EXPECTED.items():
        row = rows[start_number(chain, ident)]
        assert (row["rank"], row["points"]) == (expected["rank"], expected["points"])
        assert [row[f"dg{n}"] for n in (1, 2, 3)] == expected["durchgaenge"]
    assert len(rows) == len(EXPECTED)


@pytest.mark.parametrize("ident", sorted(EXPECTED))
def test_the_players_page_shows_the_chains_games_points_and_stock(client, chain, ident):
    expected = EXPECTED[ident]
    response = client.get(
        reverse("tournament:player", args=[chain.slug, start_number(chain, ident)])
    )
    context = response.context
    assert context["total"] == expected["points"]
    assert [points for _n, points in context["per_durchgang"]] == expected["durchgaenge"]
    assert context["stock"] == expected["stock_cents"]
    assert len(context["games"]) == 12  # every line of the seat in Durchgänge 1 to 3
    euros = f"{expected['stock_cents'] // 100},{expected['stock_cents'] % 100:02d} €"
    assert f"Stock für zusammengeworfene Spiele: {euros}" in response.content.decode()


def test_the_excel_ranking_shows_the_chains_points_and_stock(chain):
    out = io.BytesIO()
    with translation.override("de"):
        tournament_xlsx(chain, out)
    rows = list(load_workbook(io.BytesIO(out.getvalue()), read_only=True)["Rangliste"].values)
    head, names = rows[0], by_name(chain)
    points, stock = head.index("Punkte"), head.index("Stock (€)")
    got = {names[row[2]]: (row[0], row[points], row[stock]) for row in rows[1:]}
    assert got == {k: (e["rank"], e["points"], e["stock_cents"] / 100) for k, e in EXPECTED.items()}


def test_the_ranking_pdf_shows_the_chains_points(client, chain):
    response = client.get(reverse("tournament:ranking_pdf", args=[chain.slug]))
    page_texts = pdf_pages(response.content)
    text = "\n".join(page_texts)
    for player in chain.players.filter(ident__in=EXPECTED):
        expected = EXPECTED[player.ident]
        row = f"{expected['rank']} {player.start_number} {player.name} {expected['points']}"
        assert row in text
    for player in chain.players.filter(ident__in=CASE["expected"]["not_ranked"]):
        assert player.name not in text


def test_the_season_counts_the_chains_points(chain):
    season = season_save(
        organiser=organiser_of(chain),
        name="Kette",
        slug="kette",
        kind="sum",
        best=None,
        minimum=0,
        placement_text="",
        tournaments=[chain],
    )
    _tournaments, rows = season_standings(season)
    got = {by_name(chain)[row.name]: row.standing.value for row in rows}
    assert got == {k: e["points"] for k, e in EXPECTED.items()}
