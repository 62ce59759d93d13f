"""Kontra on the point-table page: Stoß doubles and Retour quadruples under every table (4.2.4 of
2007, 6.2.8 of 2024), so the page offers no Kontra factors, says what Kontra does next to its
switch, and the live example shows a Rufspiel with Stoß and with Retour when Kontra is allowed."""

from __future__ import annotations

import re

import pytest

from rules.contracts import Contract
from rules.pointtables import GameResult
from rules.tabledata import point_table_from_dict
from tests.pointtable.helpers import VALUES, url
from tournament.models import Tournament

pytestmark = pytest.mark.django_db

STOSS, RETOUR = "Rufspiel gewonnen mit Stoß", "Rufspiel gewonnen mit Retour"


def example_rows(page: str) -> dict[str, tuple[str, str]]:
    section = page[page.index('id="beispiele"') :]
    rows = re.findall(
        r'<tr><td>([^<]+)</td><td class="num">([^<]+)</td><td class="num">([^<]+)<', section
    )
    return {label: (declaring, other) for label, declaring, other in rows}


def test_4_2_4_the_example_of_the_2007_table_shows_stoss_and_retour_once_kontra_is_allowed(
    client, supervisor, evening
):
    client.force_login(supervisor)
    rows = example_rows(client.get(url()).content.decode())
    assert STOSS not in rows and RETOUR not in rows
    Tournament.objects.filter(slug="abend").update(kontra_allowed=True)
    rows = example_rows(client.get(url()).content.decode())
    assert (rows["Rufspiel gewonnen"], rows[STOSS], rows[RETOUR]) == (
        ("1", "-1"),
        ("2", "-2"),
        ("4", "-4"),
    )


@pytest.mark.parametrize(("kontra", "shown"), [("on", True), ("", False)])
def test_6_2_8_the_live_example_follows_the_kontra_switch(
    client, supervisor, evening, kontra, shown
):
    client.force_login(supervisor)
    data = {**VALUES, "kontra_allowed": kontra, "preview": "1", "live": "1"}
    rows = example_rows(client.post(url(), data).content.decode())
    assert (STOSS in rows, RETOUR in rows) == (shown, shown)
    if shown:  # Rufspiel 2 of the values typed
        assert (rows[STOSS], rows[RETOUR]) == (("4", "-4"), ("8", "-8"))


def test_the_form_offers_no_kontra_factors_and_says_what_kontra_does(client, supervisor, evening):
    client.force_login(supervisor)
    page = client.get(url()).content.decode()
    assert 'name="kontra_stoss"' not in page and 'name="kontra_retour"' not in page
    assert "Kontra verdoppelt, Retour vervierfacht den Spielwert." in page


def test_4_2_4_a_custom_table_saved_with_kontra_doubles_and_quadruples(client, supervisor, evening):
    client.force_login(supervisor)
    data = {**VALUES, "kontra_allowed": "on", "kontra_stoss": 1, "kontra_retour": 1, "save": "1"}
    assert client.post(url(), data).status_code == 302
    stored = Tournament.objects.get(slug="abend").point_table
    assert "kontra" not in stored
    table = point_table_from_dict(stored)
    ruf = [table.points(GameResult(Contract.RUFSPIEL, kontra=k)).declaring for k in (0, 1, 2)]
    assert ruf == [2, 4, 8]
