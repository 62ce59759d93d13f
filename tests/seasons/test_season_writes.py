"""A season page reads and never writes: a tournament's part is written when it joins the
season and, after a change, by a task once the change is committed; until then the page
computes it (the same lines) without storing it."""

from __future__ import annotations

import re

import pytest
from django.db import connection
from django.db.models import F
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tournament.models import SeasonResult, Seat
from tournament.scorekeeping.changes import public_pages_changed
from tournament.seasons.signals import season_results_task

pytestmark = pytest.mark.django_db

WRITES = ("INSERT", "UPDATE", "DELETE")
CSRF = re.compile(r'name="csrfmiddlewaretoken" value="[^"]*"')


def page(season_) -> tuple[str, list[str]]:
    with CaptureQueriesContext(connection) as queries:
        text = Client().get(reverse("tournament:season", args=[season_.slug])).content.decode()
    return CSRF.sub("", text), [q["sql"] for q in queries.captured_queries]


def test_the_page_writes_nothing_and_a_change_shows_before_its_task_ran(
    season,
    example_tournament,
):
    written = set(SeasonResult.objects.values_list("pk", "points"))
    player = example_tournament.players.get(start_number=8)
    Seat.objects.filter(player=player, durchgang__number=1).update(points=F("points") + 7)
    public_pages_changed(example_tournament.pk)  # its task waits for the commit
    computed, sql = page(season)
    assert not [s for s in sql if s.lstrip().upper().startswith(WRITES)]
    assert set(SeasonResult.objects.values_list("pk", "points")) == written
    season_results_task.call(example_tournament.pk)  # what the worker does after the commit
    assert set(SeasonResult.objects.values_list("pk", "points")) != written
    stored, sql = page(season)
    assert stored == computed and len(sql) <= 4


def test_the_commit_of_a_change_queues_the_task_that_writes_the_part(
    season,
    example_tournament,
    django_capture_on_commit_callbacks,
):
    player = example_tournament.players.get(start_number=8)
    Seat.objects.filter(player=player, durchgang__number=1).update(points=F("points") + 7)
    with django_capture_on_commit_callbacks(execute=True):  # the test's task backend: at once
        public_pages_changed(example_tournament.pk)
    example_tournament.refresh_from_db()
    assert example_tournament.season_generation == example_tournament.generation
    _text, sql = page(season)  # both parts stored: the page's few queries
    assert len(sql) <= 4
