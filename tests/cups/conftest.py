"""A cup of `pokalverein` with two members, `heimverein` and `gastverein`, each with its own cup
key registered and a keeper; the example tournament is heimverein's, finished, and a replay of
it is gastverein's."""

from __future__ import annotations

from dataclasses import dataclass

import pytest
from django.contrib.auth import get_user_model

from tournament.cups.services import cup_save, member_add, member_key_register
from tournament.cups.signing import signing_key_make
from tournament.exchange.interchange.importer import tournament_import
from tournament.models import Cup, CupMember, Organiser, Tournament


@dataclass
class CupWorld:
    cup: Cup
    owner: Organiser
    home: CupMember
    guest: CupMember
    stranger: Organiser
    home_tournament: Tournament
    guest_tournament: Tournament
    keepers: dict  # organiser slug → its keeper (staff)


def _keeper(organiser: Organiser, name: str):
    user = get_user_model().objects.create_user(name, password="geheim-12345")
    organiser.staff.add(user)
    return user


@pytest.fixture
def cup_world(db, example_tournament, example_document) -> CupWorld:
    owner = Organiser.objects.create(name="Pokalverein", slug="pokalverein")
    home_org = Organiser.objects.create(name="Heimverein", slug="heimverein")
    guest_org = Organiser.objects.create(name="Gastverein", slug="gastverein")
    stranger = Organiser.objects.create(name="Fremdverein", slug="fremdverein")
    keepers = {
        o.slug: _keeper(o, f"{o.slug}-staff") for o in (owner, home_org, guest_org, stranger)
    }
    cup = cup_save(organiser=owner, name="Kreispokal", slug="kreispokal", season="2026/27")
    member_add(cup=cup, organiser=owner)
    home, guest = (member_add(cup=cup, organiser=o) for o in (home_org, guest_org))
    for member in (home, guest):
        key = signing_key_make(member.organiser)
        member_key_register(member=member, text=key.public_key, by=keepers[owner.slug])
    example_tournament.organiser = home_org
    example_tournament.save(update_fields=["organiser"])
    head = dict(example_document["tournament"], slug="gastabend", date="2026-12-05")
    second = tournament_import(dict(example_document, tournament=head))
    second.organiser = guest_org
    second.save(update_fields=["organiser"])
    return CupWorld(
        cup=cup,
        owner=owner,
        home=home,
        guest=guest,
        stranger=stranger,
        home_tournament=example_tournament,
        guest_tournament=second,
        keepers=keepers,
    )
