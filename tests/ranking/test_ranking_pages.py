"""The ranking and its public pages: published by the supervisor, live or after a Durchgang;
sortable; the projector view, the PDF, a player's page and the statistics."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from tests.pdfs import pdf_pages
from tournament.exchange.demo import demo_document
from tournament.exchange.interchange.importer import tournament_import
from tournament.models import Hand, HandScore
from tournament.ranking.standings import standings_compute

pytestmark = pytest.mark.django_db
SLUG = "beispielturnier-2026"


def page(name, *args):
    return reverse(f"tournament:{name}", args=[SLUG, *args])


def publish(client, request, publication, after=""):
    client.force_login(request.getfixturevalue("supervisor"))
    url = reverse("manage:ranking_publish", args=[SLUG])
    response = client.post(url, {"publication": publication, "after": after})
    client.logout()
    return response


PUBLIC_PAGES = [("ranking", ()), ("projector", ()), ("ranking_pdf", ()), ("statistics", ())]
PUBLIC_PAGES += [("player", (8,))]


@pytest.mark.parametrize(("name", "args"), PUBLIC_PAGES)
def test_an_unpublished_ranking_is_for_the_staff_only(
    client, request, example_tournament, name, args
):
    response = client.get(page(name, *args))
    assert response.status_code == 404
    assert "noch nicht veröffentlicht" in response.content.decode()
    client.force_login(request.getfixturevalue("other_clerk"))
    assert client.get(page(name, *args)).status_code == 404
    for role in ("clerk", "supervisor"):
        client.force_login(request.getfixturevalue(role))
        assert client.get(page(name, *args)).status_code == 200


def test_published_after_the_first_durchgang_everybody_sees_that_ranking_only(
    client, request, example_tournament
):
    assert publish(client, request, "after", "1").status_code == 302
    response = client.get(page("ranking"))
    assert response.status_code == 200
    assert [row.record["points"] for row in response.context["table"].rows][:2] == [25, 21]
    assert client.get(page("ranking"), {"after": "2"}).status_code == 404
    publish(client, request, "live")
    response = client.get(page("ranking"), {"after": "2"})
    assert response.context["table"].rows[0].record["name"] == "Michl Hofbauer 8"
    publish(client, request, "hidden")
    assert client.get(page("ranking")).status_code == 404


def test_only_the_supervisor_publishes(client, request, example_tournament):
    url = reverse("manage:ranking_publish", args=[SLUG])
    assert client.post(url, {"publication": "live"}).status_code == 302  # to the login
    client.force_login(request.getfixturevalue("clerk"))
    assert client.post(url, {"publication": "live"}).status_code == 403
    example_tournament.refresh_from_db()
    assert example_tournament.ranking_publication == "hidden"
    client.force_login(request.getfixturevalue("supervisor"))
    answer = client.post(url, {"publication": "after", "after": "9"}, follow=True)
    assert "Bitte einen Durchgang von 1 bis 2 wählen." in answer.content.decode()
    example_tournament.refresh_from_db()
    assert example_tournament.ranking_publication == "hidden"  # the tournament plans 2


def test_the_ranking_sorts_by_any_column_and_keeps_the_ranks(client, request, example_tournament):
    publish(client, request, "live")
    rows = client.get(page("ranking"), {"sort": "name"}).context["table"].rows
    names = [row.record["name"] for row in rows]
    assert names == sorted(names)
    rows = client.get(page("ranking"), {"sort": "-solo_played"}).context["table"].rows
    played = [row.record["solo_played"] for row in rows]
    assert played == sorted(played, reverse=True)
    expected = {s.player.name: s.rank for s in standings_compute(example_tournament)}
    assert {row.record["name"]: row.record["rank"] for row in rows} == expected


def test_the_projector_pages_through_a_long_list_by_its_script(client, request, db):
    tournament = tournament_import(demo_document(players=45, durchgaenge=1, seed=3, slug="gross"))
    tournament.ranking_publication = "live"
    tournament.save()
    url = reverse("tournament:projector", args=["gross"])
    first = client.get(url).content.decode()
    assert 'http-equiv="refresh"' not in first  # a meta refresh could not be paused
    assert 'data-seconds="20" data-next="?seite=2"' in first  # static/tournament/ranking/
    assert '<a href="?seite=2">Nächste Seite</a>' in first  # without JavaScript
    assert "Seite 1 von 3" in first and "<svg" in first  # the QR code to the public page
    last = client.get(url, {"seite": "3"}).content.decode()
    assert 'data-next="?seite=1"' in last
    assert last.count("<tr>") == 1 + 5  # header and the last five of 45


def test_a_long_ranking_comes_in_pages_of_a_hundred(client, db):
    tournament = tournament_import(demo_document(players=150, durchgaenge=1, seed=5, slug="halle"))
    tournament.ranking_publication = "live"
    tournament.save()
    url = reverse("tournament:ranking", args=["halle"])
    standings = standings_compute(tournament)
    first = client.get(url).content.decode()
    rows = re.findall(r"<tr[^>]*>\s*<td", first)
    assert len(rows) == 100
    assert standings[0].player.name in first and standings[120].player.name not in first
    second = client.get(url, {"page": "2"}).content.decode()
    assert len(re.findall(r"<tr[^>]*>\s*<td", second)) == 50
    assert standings[120].player.name in second
    assert client.get(url, {"page": "abc"}).status_code in (200, 404)  # never a server error
    assert client.get(url, {"page": "99"}).status_code in (200, 404)


def test_the_ranking_pdf_lists_every_player_with_points(client, request, example_tournament):
    publish(client, request, "live")
    response = client.get(page("ranking_pdf"))
    assert response["Content-Type"] == "application/pdf"
    page_texts = pdf_pages(response.content)
    text = "\n".join(page_texts)
    assert "Rangliste nach Durchgang 2" in text
    for standing in standings_compute(example_tournament):
        assert standing.player.name in text
    first = standings_compute(example_tournament)[0]
    row = f"1 {first.player.start_number} {first.player.name} {first.player.club} {first.points}"
    assert row.replace("  ", " ") in text


def test_a_players_page_shows_his_games_his_durchgaenge_and_a_running_total_chart(
    client, request, example_tournament
):
    publish(client, request, "live")
    standing = standings_compute(example_tournament)[0]
    player = standing.player
    text = client.get(page("player", player.start_number)).content.decode()
    games = HandScore.objects.filter(player=player).count()
    points = re.search(r'<polyline points="([^"]+)"', text).group(1).split()
    assert len(points) == games + 1  # the start at 0 and one point per game
    for value in standing.totals.durchgaenge:
        assert f'<td class="num">{value}</td>' in text
    assert f"<strong>{standing.points}</strong>" in text
    assert client.get(page("player", 999)).status_code == 404


def test_the_statistics_count_the_games_of_each_contract(client, request, example_tournament):
    publish(client, request, "live")
    text = client.get(page("statistics")).content.decode()
    hands = Hand.objects.filter(table__durchgang__tournament=example_tournament)
    scored, struck = hands.filter(struck=False).count(), hands.filter(struck=True).count()
    assert f"{scored} Spiele gewertet, {struck} gestrichen." in text
    rufspiele = hands.filter(struck=False, contract="rufspiel").count()
    assert re.search(rf'Rufspiel</span>.*?<span class="value">{rufspiele}</span>', text, re.S)
    assert "Strafen" in text and "<svg" in text


def test_the_printed_table_list_carries_the_qr_code_of_the_public_page(
    client, request, example_tournament
):
    client.force_login(request.getfixturevalue("supervisor"))
    url = reverse("manage:print", args=[SLUG, 1, "namen"])
    page_texts = pdf_pages(client.get(url).content)
    assert "Rangliste online" in page_texts[0]
