"""5.2.15: after saving a first-game Tout (or Schwarz) scored as a simple single-player game, the
clerk's entry line and the table's phone say how it was scored: won or lost by its Augen when
they are given, else as entered. Any other game saves without such a sentence."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.phones.helpers import enter, phone
from tournament.models import Tournament

pytestmark = pytest.mark.django_db

SLUG = "abend"  # the `evening` tournament of tests/conftest.py: table 1 seats players 1 to 4
HEAD = "Spiel %s: Tout im ersten Spiel, gewertet als einfaches Einzelspiel (Regel 5.2.15): "
SCHWARZ = (
    "Spiel 1: Schwarz im ersten Spiel, gewertet als einfaches Einzelspiel ohne Schneider (Regel "
)


def save_line(client, number: int, code: str) -> str:
    """The clerk's line saved at table 1; the sheet page shown after it."""
    url = reverse("manage:hand_enter", args=[SLUG, 1, 1])
    response = client.post(url, {"number": number, "code": code, "version": 0}, follow=True)
    assert response.status_code == 200 and "id_code" in response.content.decode()
    assert response.redirect_chain, response.content.decode()[:2000]
    return response.content.decode()


@pytest.mark.parametrize(
    ("code", "said"),
    [
        pytest.param("s h 3 - t a100", HEAD % 1 + "gewonnen mit 100 Augen.", id="lost-tout-100"),
        pytest.param("s h 3 - t a40", HEAD % 1 + "verloren mit 40 Augen.", id="lost-tout-40"),
        pytest.param("s h 3 + t", HEAD % 1 + "gewonnen wie eingetragen (ohne Augen).", id="won"),
        pytest.param("s h 3 - t", HEAD % 1 + "verloren wie eingetragen (ohne Augen).", id="lost"),
        pytest.param("s h 3 + sw", SCHWARZ + "5.2.15): gewonnen wie eingetragen", id="schwarz"),
    ],
)
def test_5_2_15_the_clerks_line_says_how_a_first_game_tout_was_scored(
    client, clerk, evening, code, said
):
    client.force_login(clerk)
    assert said in save_line(client, 1, code)


def test_5_2_15_a_tout_after_the_first_game_and_other_games_save_without_it(client, clerk, evening):
    client.force_login(clerk)
    assert "im ersten Spiel" not in save_line(client, 1, "s h 3 + a80")
    assert "im ersten Spiel" not in save_line(client, 2, "s h 3 - t a100")


def test_5_2_15_without_the_rule_a_first_game_tout_is_a_tout(client, clerk, evening):
    Tournament.objects.filter(slug=SLUG).update(first_game_rule=False)
    client.force_login(clerk)
    assert "im ersten Spiel" not in save_line(client, 1, "s h 3 - t a100")


def test_5_2_15_the_phone_says_it_after_the_saved_message(link):
    keeper = phone(link, keeper=True)
    answer = enter(keeper, link, 1, "s h 3 - t a100")
    assert answer.status_code == 200, answer.content
    message = answer.json()["message"]
    assert message.startswith("Spiel 1 ist gespeichert")
    assert message.endswith(
        "Spiel 1: Tout im ersten Spiel, gewertet als einfaches Einzelspiel (Regel 5.2.15): "
        "gewonnen mit 100 Augen."
    )
    second = enter(keeper, link, 2, "s h 3 + t").json()["message"]
    assert "im ersten Spiel" not in second
