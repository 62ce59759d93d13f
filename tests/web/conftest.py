"""Fixtures of the core tests: `world`, the played tournament the walks over every URL use."""

from __future__ import annotations

import pytest
from django.core.cache import cache

from tests.web.helpers import SLUG
from tests.web.walk_helpers import (
    CLERK,
    SUPERVISOR,
    tournament_play,
    tournament_publish,
    tournament_small,
    user_create,
)
from tests.web.walk_world import KEY, World, cup_world_add
from tournament.checkin.confirmation import key_hash
from tournament.models import Membership, Organiser, PendingRegistration, Prize, Season, Table
from tournament.persons.services import person_create
from tournament.phones.links import table_link_issue


@pytest.fixture
def world(db):
    """Tournament `rundgang`: nine players, Durchgang 1 drawn and published (player 9 sits out),
    the ranking published live. Table 1: 32 games, signed, closed, a correction pending.
    Table 2: game 1, a Wenz-Tout waiting for approval (2), a game with a sanction (3), game 4,
    game 6 deleted (its deletion in the history: `deleted`).
    Tournament `anders` has a clerk and a supervisor of its own. The supervisor is also the
    organiser's staff, who keeps its register and seasons (a tournament role alone does not:
    tests/persons/test_register_keepers.py)."""
    tournament = tournament_small(SLUG, 9, [(1, 2, 3, 4), (5, 6, 7, 8)])
    other = tournament_small("anders", 4, [(1, 2, 3, 4)])
    other.organiser = Organiser.objects.create(name="Anderer Verein", slug="anderer-verein")
    other.save(update_fields=["organiser"])
    persons = tuple(
        person_create(organiser=tournament.organiser, name=name, club="SK Ebersberg")
        for name in ("Josef Huber", "Sepp Huber")
    )
    users = {
        "supervisor": user_create("leitung"),
        "clerk": user_create("schreiber"),
        "other_clerk": user_create("fremd"),
        "other_supervisor": user_create("fremdleitung"),
    }
    Membership.objects.create(tournament=tournament, user=users["supervisor"], role=SUPERVISOR)
    tournament.organiser.staff.add(users["supervisor"])
    clerk_membership = Membership.objects.create(
        tournament=tournament, user=users["clerk"], role=CLERK
    )
    Membership.objects.create(tournament=other, user=users["other_clerk"], role=CLERK)
    Membership.objects.create(tournament=other, user=users["other_supervisor"], role=SUPERVISOR)
    tournament_publish(tournament)
    correction, deleted = tournament_play(
        tournament, supervisor=users["supervisor"], clerk=users["clerk"]
    )
    open_table = Table.objects.get(durchgang__tournament=tournament, number=2)
    PendingRegistration.objects.create(
        tournament=tournament,
        name="Gast",
        email="gast@example.org",
        language="de",
        key=key_hash(KEY),
    )
    tournament.players.filter(start_number=9).update(withdraw_key=key_hash(KEY))
    season = Season.objects.create(organiser=tournament.organiser, name="Jahreswertung", slug=SLUG)
    season.tournaments.add(tournament)
    world = World(
        tournament=tournament,
        correction=correction,
        clerk_membership=clerk_membership,
        unseated=tournament.players.get(start_number=9),
        deleted=deleted,
        users=users,
        link=table_link_issue(table=open_table, user=users["supervisor"]),
        persons=persons,
        season=season,
        prize=Prize.objects.create(
            tournament=tournament, rule="place", place_from=1, description="Ganserl"
        ),
    )
    cup_world_add(world)
    yield world
    cache.clear()  # pages cached for this tournament must not outlive it
