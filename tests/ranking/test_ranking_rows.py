"""The ranking's rows are written in Python (`RankingTable.body_rows`) instead of by
django-tables2's loop over every cell: the table reads exactly as django-tables2's own template
writes it, for points and money, with and without the minus column, sorted, paged and empty."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest
from django.template.loader import render_to_string
from django.test import RequestFactory
from django_tables2 import RequestConfig

from rules.presets import preset
from tournament.ranking.listings import RankingTable, ranking_rows
from tournament.ranking.standings import standings_compute

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def tuned(settings):
    """The rows written in Python against django-tables2's own: on also when the suite runs
    with the tuning off (PLAIN_LIBRARIES=1)."""
    settings.TUNED_TABLE_CELLS = True


GENERIC = "tournament/web/table.html"  # the site's django-tables2 template, its own rows


def tables(tournament, query: str, point_table, per_page: int = 100) -> list[str]:
    """The ranking table written by body_rows and by django-tables2's template, blanks between
    tags dropped."""
    written = []
    for template in (None, GENERIC):
        table = RankingTable(
            ranking_rows(standings_compute(tournament)),
            durchgaenge=tournament.durchgaenge.count(),
            slug=tournament.slug,
            table=point_table,
        )
        if template:
            table.template_name = template
        request = RequestFactory().get("/" + query)
        RequestConfig(request, paginate={"per_page": per_page}).configure(table)
        html = render_to_string("tournament/ranking/table.html", {"table": table}, request)
        written.append(re.sub(r">\s+<", "><", html).strip())
    return written


@pytest.mark.parametrize("query", ["", "?sort=-name", "?sort=club", "?sort=dg1&page=2"])
@pytest.mark.parametrize("unit", ["points", "cents"])
@pytest.mark.parametrize("zero_sum", [True, False])
def test_the_rows_read_as_django_tables2_writes_them(example_tournament, query, unit, zero_sum):
    table = replace(preset("schafkopfschule-2007"), unit=unit, zero_sum=zero_sum)
    player = example_tournament.players.order_by("start_number").first()
    player.drawn_lot = 2  # a lot drawn for one, none for the others
    player.save(update_fields=["drawn_lot"])
    fast, generic = tables(example_tournament, query, table, per_page=5)
    assert fast == generic
    assert fast.count("<tr") == 6  # the header and a page of five
    assert ("€" in fast) is (unit == "cents")


def test_an_empty_ranking_says_so_as_before(evening):
    evening.durchgaenge.all().delete()
    evening.players.all().delete()
    fast, generic = tables(evening, "", preset("schafkopfschule-2007"))
    assert fast == generic and "Noch keine Spieler" in fast
