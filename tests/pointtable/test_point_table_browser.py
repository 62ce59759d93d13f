"""The supervisor changes the point table of a running tournament in a real browser: sees what
the games would score and how the ranking would move, gives a reason, recomputes."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser import logged_in
from tournament.models import PointTableChange, Tournament
from tournament.ranking.standings import standings_compute

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_change_after_games_shows_the_ranking_change_then_recomputes(
    page,
    live_server,
    supervisor,
    example_tournament,
):
    before = [s.player.name for s in standings_compute(example_tournament)]
    logged_in(page, live_server.url, supervisor)
    page.goto(live_server.url + f"/turnier/{example_tournament.slug}/leitung/punktetabelle/")
    expect(page.get_by_text("Es sind Spiele erfasst.")).to_be_visible()
    page.get_by_label("Einzelspiel: einfaches Spiel").fill("5")
    page.get_by_role("button", name="Beispiel zeigen").click()
    expect(page.get_by_role("heading", name="Wie sich die Wertung ändern würde")).to_be_visible()
    expect(page.locator("table.ranking-change tbody tr").first).to_be_visible()
    assert PointTableChange.objects.count() == 0  # only shown

    page.get_by_role("button", name="Tabelle ändern und alle Wertungen neu berechnen").click()
    reason = page.get_by_label("Grund der Änderung")
    assert reason.evaluate("field => !field.validity.valid")  # the browser asks for a reason
    assert PointTableChange.objects.count() == 0
    reason.fill("Beschluss vor Durchgang 3")
    page.get_by_role("button", name="Tabelle ändern und alle Wertungen neu berechnen …").click()
    # First what the change will do: the games recomputed, the ranking before and after.
    expect(page.get_by_role("heading", name="Punktetabelle ändern und alle")).to_be_visible()
    expect(page.get_by_text("Spiele werden mit den neuen Werten neu berechnet.")).to_be_visible()
    expect(page.get_by_text("Die Spitze der Wertung danach")).to_be_visible()
    assert PointTableChange.objects.count() == 0
    confirm = "Tabelle ändern und alle Wertungen neu berechnen"
    page.get_by_role("button", name=confirm, exact=True).click()
    expect(page.get_by_text("Spiele mit den neuen Werten neu berechnet")).to_be_visible()
    expect(page.get_by_role("cell", name="Beschluss vor Durchgang 3")).to_be_visible()
    tournament = Tournament.objects.get(pk=example_tournament.pk)
    after = [s.player.name for s in standings_compute(tournament)]
    assert tournament.point_table["single"]["base"] == 5 and after != before


def test_the_example_follows_the_values_while_typing(page, live_server, supervisor, evening):
    logged_in(page, live_server.url, supervisor)
    page.goto(live_server.url + "/turnier/abend/leitung/punktetabelle/")
    solo = page.locator("#beispiele tr").filter(
        has=page.get_by_role("cell", name="Solo gewonnen", exact=True)
    )
    expect(solo).to_contain_text("6")  # the 2007 table: 6 / -2
    page.get_by_label("Einzelspiel: einfaches Spiel").fill("5")
    expect(solo).to_contain_text("15")  # no button pressed: 3 x 5
    expect(solo).to_contain_text("-5")
    assert Tournament.objects.get(slug="abend").point_table is None  # nothing saved
