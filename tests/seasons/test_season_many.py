"""A tournament may count in several seasons: a new season with the same
cups leaves the first one as it was, the season's form only adds, taking a tournament out of a
season is a confirmed action of the organiser's keepers that touches that season only, and a
restore from a backup keeps the tournament's seasons."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse

from tests.seasons.helpers import replay
from tournament import models
from tournament.exchange.backup.dump import backup_write
from tournament.exchange.backup.replace import backup_tournament_replace
from tournament.persons.services import organiser_of
from tournament.ranking.publication import ranking_publish

pytestmark = [pytest.mark.django_db, pytest.mark.slow]

Publication = models.Tournament.Publication


@pytest.fixture
def cups(example_tournament, example_document):
    """Three cups of one organiser, their rankings published."""
    second = replay(example_document, "cup-zwei", "2026-12-19")
    third = replay(example_document, "cup-drei", "2027-01-16")
    cups = [example_tournament, second, third]
    for cup, name in zip(cups, ("Cup eins", "Cup zwei", "Cup drei"), strict=True):
        cup.name = name
        cup.save(update_fields=["name"])
        ranking_publish(tournament=cup, publication=Publication.LIVE)
    return cups


@pytest.fixture
def keeper(supervisor, example_tournament) -> Client:
    """The organiser's staff, who keeps its seasons (here the supervisor serves it too)."""
    example_tournament.organiser.staff.add(supervisor)
    client = Client()
    client.force_login(supervisor)
    return client


def season_create(client: Client, organiser, slug: str, cups) -> None:
    response = client.post(
        reverse("manage:season_create", args=[organiser.slug]),
        {
            "name": f"Wertung {slug}",
            "slug": slug,
            "kind": "sum",
            "minimum": "0",
            "placement_text": "",
            "tournaments": [cup.pk for cup in cups],
        },
    )
    assert response.status_code == 302, response.content.decode()


def listed(slug: str) -> list[str]:
    """The tournaments the public season page lists, and its table's tournament columns."""
    page = Client().get(reverse("tournament:season", args=[slug])).content.decode()
    block = page.split('class="season-tournaments"')[1].split("</ol>")[0]
    names = re.findall(r'<a href="[^"]+">([^<]+)</a>', block)
    columns = page.count('<th class="num season-t">')
    assert "Noch kein veröffentlichtes Turnier." not in page
    assert columns == len(names)
    return names


def test_a_second_season_with_the_same_cups_leaves_the_first_as_it_was(cups, keeper):
    organiser = organiser_of(cups[0])
    season_create(keeper, organiser, "kreis", cups)
    before = Client().get(reverse("tournament:season", args=["kreis"])).content.decode()
    season_create(keeper, organiser, "verein", cups)

    first = models.Season.objects.get(slug="kreis")
    assert set(first.tournaments.all()) == set(cups)
    assert listed("kreis") == listed("verein") == ["Cup eins", "Cup zwei", "Cup drei"]
    after = Client().get(reverse("tournament:season", args=["kreis"])).content.decode()
    table = re.compile(r'<table class="season">.*?</table>', re.S)
    assert table.findall(after) == table.findall(before)  # the standings of A unchanged
    ranking = Client().get(reverse("tournament:ranking", args=["cup-zwei"])).content.decode()
    assert "Jahreswertung: Wertung kreis" in ranking and "Jahreswertung: Wertung verein" in ranking


def test_the_form_of_a_season_only_adds(cups, keeper):
    organiser = organiser_of(cups[0])
    season_create(keeper, organiser, "kreis", cups[:2])
    season = models.Season.objects.get(slug="kreis")
    url = reverse("manage:season_edit", args=[organiser.slug, season.pk])
    page = keeper.get(url).content.decode()
    included, form = page.split("<main")[1].split('<form method="post" class="form narrow">')
    boxes = re.findall(r'name="tournaments" value="(\d+)"', form)
    assert boxes == [str(cups[2].pk)]  # may be added; the others are in already
    assert included.count("Aus der Wertung nehmen …") == 2
    # Saved without ticking anything (the old form's unticked boxes): nothing is taken out.
    values = {"name": "Kreis", "kind": "sum", "minimum": "0", "placement_text": ""}
    assert keeper.post(url, values).status_code == 302
    assert set(season.tournaments.all()) == set(cups[:2])
    assert keeper.post(url, {**values, "tournaments": [cups[2].pk]}).status_code == 302
    assert set(season.tournaments.all()) == set(cups)


def test_taking_a_cup_out_of_a_season_is_confirmed_and_touches_that_season_only(cups, keeper):
    organiser = organiser_of(cups[0])
    season_create(keeper, organiser, "kreis", cups)
    season_create(keeper, organiser, "verein", cups)
    kreis, verein = (models.Season.objects.get(slug=slug) for slug in ("kreis", "verein"))
    url = reverse("manage:season_tournament_remove", args=[organiser.slug, kreis.pk, "cup-zwei"])

    page = keeper.get(url).content.decode()
    assert f"{cups[1].name} aus der Jahreswertung Wertung kreis nehmen?" in page
    assert "In seinen anderen Jahreswertungen bleibt es: Wertung verein." in page
    assert keeper.post(url, {}).status_code == 200  # without the confirmation: asked again
    assert kreis.tournaments.count() == 3

    response = keeper.post(url, {"bestaetigt": "1"})
    assert response.status_code == 302
    assert set(kreis.tournaments.all()) == {cups[0], cups[2]}
    assert set(verein.tournaments.all()) == set(cups)
    assert listed("kreis") == ["Cup eins", "Cup drei"]
    page = keeper.get(response.url).content.decode()
    assert f"{cups[1].name} zählt nicht mehr in der Jahreswertung Wertung kreis." in page
    # Once more: not in the season any more, refused with words, nothing changed.
    again = keeper.post(url, {"bestaetigt": "1"})
    assert again.status_code == 409
    assert "ist nicht in der Jahreswertung Wertung kreis" in again.content.decode()


def test_another_organisers_staff_cannot_take_a_cup_out(cups, keeper):
    organiser = organiser_of(cups[0])
    season_create(keeper, organiser, "kreis", cups)
    kreis = models.Season.objects.get(slug="kreis")
    other = models.Organiser.objects.create(name="Kartlerverein B", slug="club-b")
    theirs = models.Season.objects.create(organiser=other, name="Wertung B", slug="wertung-b")
    stranger = get_user_model().objects.create_user("kassier-b", password="geheim-12345")
    other.staff.add(stranger)
    client = Client()
    client.force_login(stranger)
    url = reverse("manage:season_tournament_remove", args=[organiser.slug, kreis.pk, "cup-zwei"])
    assert client.get(url).status_code == 403
    assert client.post(url, {"bestaetigt": "1"}).status_code == 403
    # B's own slug with A's season: not found.
    url = reverse("manage:season_tournament_remove", args=[other.slug, kreis.pk, "cup-zwei"])
    assert client.post(url, {"bestaetigt": "1"}).status_code == 404
    # A's keeper with B's season: not found.
    url = reverse("manage:season_tournament_remove", args=[organiser.slug, theirs.pk, "cup-zwei"])
    assert keeper.post(url, {"bestaetigt": "1"}).status_code == 404
    assert kreis.tournaments.count() == 3


def test_a_restore_keeps_the_tournaments_seasons(cups, keeper, tmp_path):
    organiser = organiser_of(cups[0])
    season_create(keeper, organiser, "kreis", cups)
    season_create(keeper, organiser, "verein", cups[1:])
    path = tmp_path / "sicherung.zip"
    with path.open("wb") as out:
        backup_write(out, [cups[1]])
    with path.open("rb") as source:
        restored = backup_tournament_replace(cups[1], source)
    assert restored.pk != cups[1].pk
    assert {s.slug for s in restored.seasons.all()} == {"kreis", "verein"}
    assert len(listed("kreis")) == 3 and len(listed("verein")) == 2
