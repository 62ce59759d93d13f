"""Fixtures of the season tests: the worked example and its replay in one season."""

from __future__ import annotations

import pytest

from tests.seasons.helpers import replay
from tournament.models import Membership, Tournament
from tournament.persons.services import organiser_of, person_create, player_person_link
from tournament.ranking.publication import ranking_publish
from tournament.seasons.services import season_save


@pytest.fixture
def season(example_tournament, example_document, supervisor):
    """The example and its replay a month later, both published live; start number 1 is the
    same person in both, Sepp Hofbauer (full name published), and so is number 8, Michl
    Hofbauer (initial only); the others are not in the register."""
    second = replay(example_document, "rueckrunde", "2026-12-19")
    Membership.objects.create(tournament=second, user=supervisor, role="supervisor")
    organiser = organiser_of(example_tournament)
    sepp = person_create(
        organiser=organiser, name="Sepp Hofbauer", club="SK Vohenstrauß", publication="full"
    )
    michl = person_create(organiser=organiser, name="Michl Hofbauer")
    for tournament in (example_tournament, second):
        player_person_link(player=tournament.players.get(start_number=1), person=sepp)
        tournament.players.filter(start_number=8).update(name="Michl Hofbauer")
        player_person_link(player=tournament.players.get(start_number=8), person=michl)
        ranking_publish(tournament=tournament, publication=Tournament.Publication.LIVE)
    return season_save(
        organiser=organiser,
        name="Jahreswertung 2026",
        slug="jahr-2026",
        kind="sum",
        best=None,
        minimum=0,
        placement_text="",
        tournaments=[example_tournament, second],
    )
