"""In a real browser the supervisor asks to redraw a Durchgang, reads what it will do, cancels
(nothing changed), asks again and confirms (drawn with the seed shown)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.browser import logged_in
from tournament.models import Durchgang, Seat

pytestmark = pytest.mark.django_db(transaction=True)


def seats(tournament):
    return list(
        Seat.objects.filter(durchgang__tournament=tournament)
        .order_by("table__number", "position")
        .values_list("table__number", "position", "player__ident")
    )


def test_the_supervisor_cancels_a_redraw_then_confirms_it(page, live_server, supervisor, evening):
    before = seats(evening)
    seed_before = Durchgang.objects.get(tournament=evening, number=1).draw_seed
    logged_in(page, live_server.url, supervisor)
    durchgaenge = live_server.url + "/turnier/abend/leitung/durchgaenge/"
    page.goto(durchgaenge)

    page.get_by_label("Startwert für Durchgang 1").fill("fenster-3")
    page.get_by_role("button", name="Neu auslosen …").click()
    expect(page.get_by_role("heading", name="Durchgang 1 neu auslosen?")).to_be_visible()
    expect(page.get_by_text("Durchgang 1 wird neu ausgelost: 2 Tische")).to_contain_text(
        "Startwert fenster-3"
    )
    expect(page.get_by_text("ihre 0 eingegebenen Spiele werden verworfen")).to_be_visible()
    page.get_by_role("link", name="Abbrechen").click()
    page.wait_for_url(durchgaenge)
    assert seats(evening) == before
    assert Durchgang.objects.get(tournament=evening, number=1).draw_seed == seed_before

    page.get_by_role("button", name="Neu auslosen …").click()
    shown = page.get_by_text("Durchgang 1 wird neu ausgelost").inner_text()
    seed = re.search(r"Startwert (\w+)", shown).group(1)
    page.get_by_role("button", name="Durchgang 1 neu auslosen").click()
    expect(page.get_by_text(f"Durchgang 1 ausgelost (Startwert {seed})")).to_be_visible()
    assert Durchgang.objects.get(tournament=evening, number=1).draw_seed == seed
