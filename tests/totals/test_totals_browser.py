"""A clerk types the totals of two tables in a real browser, by keyboard only: the first table
without totals has the focus, Tab moves through the line, Enter saves it and the page comes back
with the focus on the next table; a wrong line shows the German message at its table."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.browser import logged_in
from tests.totals.helpers import SLUG, switch, table

pytestmark = pytest.mark.django_db(transaction=True)


def type_line(page, points: list[str], counters: int) -> None:
    for index, value in enumerate(points):
        page.keyboard.type(value)
        if index < len(points) - 1:
            for _field in range(counters + 1):
                page.keyboard.press("Tab")
    with page.expect_navigation():
        page.keyboard.press("Enter")


def test_a_clerk_types_two_tables_by_keyboard(live_server, page, drawn, client):
    tournament, leitung, schreiber = drawn
    client.force_login(leitung)
    switch(client, 2)
    switch(client, 4)
    logged_in(page, live_server.url, schreiber)
    page.goto(live_server.url + reverse("manage:totals", args=[SLUG, 1]))
    focused = page.evaluate("document.activeElement.name")
    assert focused == "t2-seat-1-points"
    counters = len(tournament.chain)

    type_line(page, ["12", "-6", "0", "-5"], counters)  # adds up to 1
    assert "Die Punkte des Tisches ergeben 1, nicht 0" in page.inner_text("#tisch-2")
    assert page.evaluate("document.activeElement.name") == "t2-seat-1-points"
    assert table(tournament, 2).totals_at is None

    for _field in range(3 * (counters + 1)):  # back to seat 4's points, typed again
        page.keyboard.press("Tab")
    page.keyboard.press("Backspace")
    page.keyboard.press("Backspace")
    page.keyboard.type("-6")
    with page.expect_navigation():
        page.keyboard.press("Enter")
    assert "Summen von Tisch 2 gespeichert." in page.inner_text("body")
    assert page.evaluate("document.activeElement.name") == "t4-seat-1-points"
    assert list(
        table(tournament, 2).seats.order_by("position").values_list("points", flat=True)
    ) == [
        12,
        -6,
        0,
        -6,
    ]
    type_line(page, ["0", "6", "-2", "-2", "-2"], counters)
    assert "Summen von Tisch 4 gespeichert." in page.inner_text("body")
    assert table(tournament, 4).totals_at is not None
