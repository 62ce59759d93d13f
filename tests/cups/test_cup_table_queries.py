"""The cup table reads every hosted evening's stored part in one query (the seasons'
`SeasonResult`, written when the evening joins the cup), however many evenings it holds; a
tournament changed since its part was written counts as its public ranking shows it now."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from tests.cups.helpers import standings_row as row
from tournament.cups.services import entry_hosted_add
from tournament.cups.table import cup_table
from tournament.exchange.interchange.importer import tournament_import
from tournament.models import CupEntry, Tournament
from tournament.ranking.publication import ranking_publish

pytestmark = pytest.mark.django_db


def hosted(cup_world, example_document, count: int, first: int = 0) -> None:
    for number in range(first, first + count):
        head = dict(
            example_document["tournament"],
            slug=f"abend-{number}",
            date="2026-11-0" + str(number + 1),
        )
        tournament = tournament_import(dict(example_document, tournament=head))
        tournament.organiser = cup_world.home.organiser
        tournament.save(update_fields=["organiser"])
        ranking_publish(tournament=tournament, publication=Tournament.Publication.LIVE)
        entry_hosted_add(cup=cup_world.cup, member=cup_world.home, tournament=tournament, by=None)


def sent_in(cup_world, count: int, first: int = 0) -> None:
    for number in range(first, first + count):
        CupEntry.objects.create(
            cup=cup_world.cup,
            member=cup_world.guest,
            source_slug=f"gast-{number}",
            name=f"Gastabend {number}",
            date=f"2026-12-0{number + 1}",
            standings=[row("Anna Huber", 1, 30), row(f"Gast {number}", 2, -30)],
        )


def page_queries(cup_world) -> int:
    with CaptureQueriesContext(connection) as queries:
        assert Client().get(f"/pokal/{cup_world.cup.slug}/").status_code == 200
    return len(queries)


def test_the_cup_page_costs_the_same_queries_for_two_and_for_six_evenings(
    cup_world, example_document, django_assert_max_num_queries
):
    hosted(cup_world, example_document, 1)
    sent_in(cup_world, 1)
    few = page_queries(cup_world)
    hosted(cup_world, example_document, 2, first=1)
    sent_in(cup_world, 2, first=1)
    assert page_queries(cup_world) == few
    with django_assert_max_num_queries(few):
        page = Client().get(f"/pokal/{cup_world.cup.slug}/")
    assert "Gastabend 2" in page.content.decode()


def test_a_hosted_evening_changed_since_its_part_was_written_counts_as_it_shows_now(
    cup_world, example_document
):
    hosted(cup_world, example_document, 2)
    sent_in(cup_world, 1)
    stored = [(r.name, r.standing.value, r.cells) for r in cup_table(cup_world.cup)[1]]
    # a change not yet written by the task: the page computes that evening's part itself
    Tournament.objects.filter(slug="abend-0").update(generation=10**6)
    computed = [(r.name, r.standing.value, r.cells) for r in cup_table(cup_world.cup)[1]]
    assert computed == stored and len(stored) > 3
