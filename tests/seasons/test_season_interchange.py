"""The `person` key of the interchange format: written for every player who is a person of the
register, read back into the same person, so a season is rebuilt from exported tournaments."""

from __future__ import annotations

import json

import pytest

from tournament.exchange.interchange.importer import tournament_import
from tournament.exchange.interchange.problems import InterchangeError
from tournament.exchange.interchange.writer import tournament_document
from tournament.models import Person, Season, Tournament
from tournament.ranking.publication import ranking_publish
from tournament.seasons.services import season_save, season_standings

pytestmark = pytest.mark.django_db


def table(season_) -> list[tuple]:
    return [(r.name, r.standing.rank, r.standing.value) for r in season_standings(season_)[1]]


def test_a_season_is_rebuilt_from_its_exported_tournaments(season):
    before = table(season)
    documents = [tournament_document(t) for t in season.tournaments.order_by("date")]
    sepp = Person.objects.get(name="Sepp Hofbauer")
    keys = {p.get("person") for d in documents for p in d["players"] if p["id"] == "P0001"}
    assert keys == {sepp.key}  # the same key in both files
    unknown = [p for p in documents[0]["players"] if p["id"] not in ("P0001", "P0008")]
    assert len(unknown) == 11 and all("person" not in p for p in unknown)

    organiser = season.organiser
    Season.objects.all().delete()
    Tournament.objects.all().delete()
    Person.objects.all().delete()  # a fresh register, as on another laptop
    imported = [tournament_import(json.dumps(d)) for d in documents]
    for tournament in imported:  # publishing is the organiser's decision, not the file's
        ranking_publish(tournament=tournament, publication=Tournament.Publication.LIVE)
    assert Person.objects.filter(key=sepp.key).count() == 1
    assert {p.person.key for t in imported for p in t.players.filter(start_number=1)} == {sepp.key}
    rebuilt = season_save(
        organiser=organiser,
        name="Jahreswertung 2026",
        slug="jahr-2026",
        kind="sum",
        best=None,
        minimum=0,
        placement_text="",
        tournaments=imported,
    )
    assert [(name, rank, value) for name, rank, value in table(rebuilt)][:3] == before[:3]
    assert sorted(v for _n, _r, v in table(rebuilt)) == sorted(v for _n, _r, v in before)


def test_a_bad_person_key_is_refused_naming_the_field(example_document):
    document = json.loads(json.dumps(example_document))
    document["tournament"]["slug"] = "falsch"
    document["players"][0]["person"] = "x" * 65
    with pytest.raises(InterchangeError) as error:
        tournament_import(document)
    assert "players[0].person" in str(error.value)
