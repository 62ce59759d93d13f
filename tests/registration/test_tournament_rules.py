"""Tournament rules as settings: the first-game rule on or off and the tie-break chain,
set on the settings page, used for every game, locked once games are recorded, and carried by
the interchange file."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from tests.registration.helpers import settings_post
from tests.sheets.helpers import enter, game
from tournament.exchange.interchange.importer import tournament_import
from tournament.exchange.interchange.writer import tournament_document
from tournament.models import Tournament
from tournament.ranking.standings import standings_compute

pytestmark = pytest.mark.django_db


def settings_url(slug="abend"):
    return reverse("manage:tournament_edit", args=[slug])


def test_the_settings_page_offers_the_first_game_rule_switched_on(client, supervisor, evening):
    client.force_login(supervisor)
    page = client.get(settings_url()).content.decode()
    assert "Erstes-Spiel-Regel" in page
    checkbox = re.search(r'<input[^>]*name="first_game_rule"[^>]*>', page)
    assert checkbox and "checked" in checkbox.group()


@pytest.mark.parametrize(("rule", "declarer_points"), [(True, 6), (False, 12)])
def test_a_schwarz_solo_in_the_first_game_scores_as_the_setting_says(
    client, supervisor, clerk, evening, rule, declarer_points
):
    client.force_login(supervisor)
    data = settings_post(evening, first_game_rule="on" if rule else "")
    assert client.post(settings_url(), data).status_code == 302
    assert Tournament.objects.get(slug="abend").first_game_rule is rule
    client.force_login(clerk)
    enter(client, "s e 1 + sn sw", 1)
    scores = {s.player.ident: s.points for s in game(1).scores.select_related("player")}
    assert scores == {"1": declarer_points, "2": -declarer_points // 3, "3": -declarer_points // 3,
                      "4": -declarer_points // 3}  # fmt: skip


def test_a_sie_in_the_first_game_is_refused_unless_the_setting_allows_it(
    client, supervisor, clerk, evening
):
    client.force_login(clerk)
    page = enter(client, "sie 1", 1).content.decode()
    assert "Sie" in page and "2.9.1" in page
    assert not evening.durchgaenge.get().tables.get(number=1).hands.exists()
    Tournament.objects.filter(slug="abend").update(sie_first_game_allowed=True)
    enter(client, "sie 1", 1)
    assert game(1).contract == "sie"


def test_the_rule_is_locked_once_a_game_is_recorded(client, supervisor, clerk, evening):
    client.force_login(clerk)
    enter(client, "r e 1 3 +", 1)
    client.force_login(supervisor)
    client.post(settings_url(), settings_post(evening, first_game_rule="", tiebreak="lot"))
    tournament = Tournament.objects.get(slug="abend")
    assert (tournament.first_game_rule, tournament.tiebreak) == (True, "5.4.2")


def test_export_and_import_keep_the_rule_and_the_tie_break(evening):
    Tournament.objects.filter(slug="abend").update(first_game_rule=False, tiebreak="lot")
    document = tournament_document(Tournament.objects.get(slug="abend"))
    assert document["tournament"]["first_game_rule"] is False
    assert document["tournament"]["tiebreak"] == "lot"
    document["tournament"]["slug"] = "kopie"
    copy = tournament_import(document)
    assert (copy.first_game_rule, copy.tiebreak) == (False, "lot")


def test_a_default_tournament_writes_neither_extension(evening):
    head = tournament_document(evening)["tournament"]
    assert "first_game_rule" not in head and "tiebreak" not in head
    assert tournament_import(dict(tournament_document(evening), tournament=dict(
        head, slug="kopie"))).first_game_rule is True  # fmt: skip


def test_a_tournament_without_the_rule_exports_and_imports_with_the_same_points(
    client, clerk, evening
):
    Tournament.objects.filter(slug="abend").update(first_game_rule=False)
    client.force_login(clerk)
    enter(client, "s e 1 + sn sw", 1)  # 12 / -4 without the rule (6 / -2 with it)
    enter(client, "r e 1 3 +", 2)
    document = tournament_document(Tournament.objects.get(slug="abend"))
    document["tournament"]["slug"] = "kopie"
    copy = tournament_import(document)  # the file's points are checked against the rules
    points = {s.player.ident: s.points for s in standings_compute(copy)}
    assert points == {s.player.ident: s.points for s in standings_compute(evening)}
    assert points["1"] == 12 + 1
