"""Queries whose SQL is built once (tournament/models/compiled.py): each call gives what the
query itself gives for its values, on SQLite and PostgreSQL, and a query whose parameters do
not reach the SQL as they are is refused."""

from __future__ import annotations

import pytest
from django.core.exceptions import ImproperlyConfigured
from django.db import transaction
from django.db.models import Count, OuterRef, Subquery
from django.db.transaction import TransactionManagementError

from tests.sheets.fixtures import enter, ruf
from tournament import models
from tournament.models.compiled import Compiled
from tournament.scorekeeping.sheet_lock import PAGE_SEATS, TABLE_SEATS, sheet_lock

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def tuned(settings):
    """These tests are of the compiled path itself: on also when the suite runs with the
    tuning off (PLAIN_LIBRARIES=1); tests/web/test_plain_libraries.py has the plain one."""
    settings.TUNED_SQL = True


def seats_of(table_id: int, name: str):
    games = models.Hand.objects.filter(table_id=OuterRef("table_id")).values("table_id")
    return (
        models.Seat.objects.filter(table_id=table_id, player__name__gt=name)
        .select_related("player", "table__durchgang")
        .annotate(games=Subquery(games.annotate(n=Count("pk")).values("n")[:1]))
        .order_by("position")
    )


def described(seats) -> list[tuple]:
    return [
        (s.pk, s.position, s.player.name, s.table.number, s.table.durchgang.number, s.games)
        for s in seats
    ]


def test_each_call_gives_what_the_query_gives_for_its_values(evening):
    compiled = Compiled(seats_of, table_id=int, name=str)
    tables = list(models.Table.objects.filter(durchgang__tournament=evening).order_by("number"))
    enter(tables[0], 1, ruf({s.position: s.player for s in tables[0].seats.all()}))
    for table in tables:
        for name in ("", "M", "ZZZ"):
            got = compiled(table_id=table.pk, name=name)
            assert described(got) == described(seats_of(table.pk, name))
    assert [len(compiled(table_id=t.pk, name="")) for t in tables] == [4, 5]
    assert compiled(table_id=tables[0].pk, name="")[0].games == 1  # the annotation
    assert compiled(table_id=tables[1].pk, name="")[0].games is None


def test_the_sql_is_built_once_per_database(evening, monkeypatch):
    compiled = Compiled(seats_of, table_id=int, name=str)
    builds = []
    original = Compiled._build
    monkeypatch.setattr(Compiled, "_build", lambda self, *a: builds.append(a) or original(self, *a))
    for table in models.Table.objects.all():
        compiled(table_id=table.pk, name="")
    assert len(builds) == 2  # twice at the first call (two sets of stand-ins), then never


def test_values_and_first(evening):
    table = models.Table.objects.filter(durchgang__tournament=evening).order_by("number")[1]
    positions = Compiled(
        lambda table_id: (
            models.Seat.objects.filter(table_id=table_id)
            .order_by("position")
            .values_list("position", flat=True)
        ),
        table_id=int,
    )
    assert positions(table_id=table.pk) == [1, 2, 3, 4, 5]
    link = Compiled(
        lambda token: models.TableLink.objects.filter(token=token).order_by("pk")[:1], token=str
    )
    assert link.first(token="nobody-has-this") is None


def test_seats_found_by_the_numbers_a_page_names(evening):
    table = models.Table.objects.get(durchgang__tournament=evening, number=2)
    with transaction.atomic():
        sheet = sheet_lock(PAGE_SEATS, tournament_id=evening.pk, durchgang=1, table=2)
        assert sheet.table == table and len(sheet.seats) == 5
        with pytest.raises(models.Table.DoesNotExist):
            sheet_lock(PAGE_SEATS, tournament_id=evening.pk, durchgang=1, table=3)
        assert sheet_lock(TABLE_SEATS, table_id=table.pk).table == table


@pytest.mark.django_db(transaction=True)  # the test's own transaction would hide it
def test_a_lock_outside_a_transaction_is_refused(evening):
    table = models.Table.objects.filter(durchgang__tournament=evening).first()
    with transaction.atomic():
        TABLE_SEATS(table_id=table.pk)  # built inside one
    with pytest.raises(TransactionManagementError):
        TABLE_SEATS(table_id=table.pk)


@pytest.mark.parametrize(
    "build",
    [
        lambda name: models.Player.objects.filter(name__icontains=name),  # becomes %name%
        lambda number: models.Player.objects.order_by("pk")[:number],  # in the SQL's text
        lambda number: models.Player.objects.all(),  # not used at all
    ],
    ids=["changed", "in-the-text", "unused"],
)
def test_a_query_whose_values_do_not_reach_its_sql_as_they_are_is_refused(build, evening):
    name = next(iter(build.__code__.co_varnames))
    compiled = Compiled(build, **{name: str if name == "name" else int})
    with pytest.raises(ImproperlyConfigured, match="do not reach its SQL"):
        compiled(**{name: "x" if name == "name" else 3})


def test_values_must_be_the_ones_named(evening):
    compiled = Compiled(seats_of, table_id=int, name=str)
    with pytest.raises(TypeError, match="expected the values"):
        compiled(table_id=1)
