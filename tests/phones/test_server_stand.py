"""The clerks' look at what the server has after a change of server: per table the games, the
last game, when the last one was saved and which a phone sent again; for the clerks and the
supervisor of the tournament, in a few queries however many tables."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse
from django.utils import timezone

from tests.phones.helpers import enter, phone, post
from tests.phones.resend_helpers import resend, server_loses
from tournament.models import Hand, Table
from tournament.phones.links import table_link_issue

pytestmark = pytest.mark.django_db


def stand_url(slug: str = "abend", number: int = 1) -> str:
    return reverse("manage:server_stand", args=[slug, number])


def row(page: str, table: int) -> list[str]:
    """The cells of a table's row as text."""
    found = re.search(rf'<tr id="tisch-{table}">(.*?)</tr>', page, re.S)
    assert found, page
    cells = re.findall(r"<td[^>]*>(.*?)</td>", found.group(1), re.S)
    return [re.sub(r"<[^>]+>|\s+", " ", cell).strip() for cell in cells]


@pytest.mark.parametrize(
    ("role", "status"),
    [("anonymous", 302), ("other_clerk", 403), ("clerk", 200), ("supervisor", 200)],
)
def test_the_clerks_and_the_supervisor_see_what_the_server_has(
    client, request, evening, role, status
):
    if role != "anonymous":
        client.force_login(request.getfixturevalue(role))
    assert client.get(stand_url()).status_code == status


def test_each_table_shows_its_games_its_last_game_when_saved_and_what_came_again(
    client, clerk, evening, django_assert_max_num_queries
):
    one = Table.objects.get(durchgang__tournament=evening, number=1)
    link = table_link_issue(table=one, user=None)
    keeper = phone(link, keeper=True)
    for number, code in ((1, "r e 1 3 +"), (2, "r g 2 4 -"), (3, "w 3 +")):
        assert enter(keeper, link, number, code, key=f"k{number}").status_code == 200
    server_loses(one, 2, 3)
    for number, code in ((2, "r g 2 4 -"), (3, "w 3 +")):
        assert resend(post, keeper, link, number, code, key=f"k{number}").status_code == 200
    client.force_login(clerk)
    with django_assert_max_num_queries(8):  # session, user, role, Durchgang, tables, re-sent
        page = client.get(stand_url()).content.decode()
    assert "Was der Server von Durchgang 1 hat" in page
    saved = timezone.localtime(Hand.objects.get(table=one, number=3).updated_at)
    assert row(page, 1) == ["1", "3", "3", saved.strftime("%H:%M:%S"), "2, 3"]
    assert row(page, 2) == ["2", "0", "–", "–", "–"]
    assert 'aria-label="Tisch 1"' in page
    assert "3 Spiele auf dem Server" in page and "2 erneut gesendet" in page


def test_the_tournament_page_and_the_list_of_sheets_lead_to_it(client, supervisor, evening):
    client.force_login(supervisor)
    for address in (
        reverse("manage:dashboard", args=["abend"]),
        reverse("manage:sheets", args=["abend", 1]),
    ):
        assert f'href="{stand_url()}"' in client.get(address).content.decode()
