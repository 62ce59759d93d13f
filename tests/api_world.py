"""The JSON API's tests' world (tests/api/): a small public world with everything the API must
keep to itself: an e-mail, a phone, a personal code, a name published by initial, an unpublished
ranking, another organiser's draft tournament."""

from __future__ import annotations

import copy
from dataclasses import dataclass

from django.contrib.auth import get_user_model

from tournament.cups.services import cup_save, entry_hosted_add, member_add
from tournament.exchange.interchange.importer import tournament_import
from tournament.models import Organiser, Person, Season, Tournament
from tournament.ranking.publication import ranking_publish

SECRET_EMAIL = "geheim.adresse@example.org"
SECRET_PHONE = "0170 9988776"
HIDDEN_FAMILY = "Verborgenhuber"
DRAFT_NAME = "Entwurfsturnier Geheim"
UNPUBLISHED_PLAYER = "Ungezeigt Wertungsmann"


@dataclass
class World:
    published: Tournament
    unpublished: Tournament
    draft: Tournament
    season: Season
    personal_code: str
    organiser: Organiser


def _copy(document: dict, slug: str, name: str) -> dict:
    changed = copy.deepcopy(document)
    changed["tournament"] = dict(changed["tournament"], slug=slug, name=name)
    return changed


def world_build(example_document: dict) -> World:
    published = tournament_import(_copy(example_document, "offen-2026", "Offenes Turnier"))
    organiser = published.organiser
    organiser.region = "Oberpfalz"
    organiser.save()
    ranking_publish(tournament=published, publication="live")
    first = published.players.order_by("start_number")[0]
    first.name, first.email = f"Xaver {HIDDEN_FAMILY}", SECRET_EMAIL
    first.publish_full_name, first.initial_only = False, True
    first.save()
    person = Person.objects.create(
        organiser=organiser, name="Resi Telefonistin", email=SECRET_EMAIL, phone=SECRET_PHONE
    )
    second = published.players.order_by("start_number")[1]
    second.person = person
    second.save()

    unpublished = tournament_import(_copy(example_document, "verdeckt-2026", "Verdecktes Turnier"))
    unpublished.players.filter(start_number=1).update(name=UNPUBLISHED_PLAYER)

    other = Organiser.objects.create(name="Anderer Verein", slug="anderer-verein")
    draft = tournament_import(_copy(example_document, "entwurf-2026", DRAFT_NAME))
    draft.organiser, draft.announced = other, False
    draft.save()
    ranking_publish(tournament=draft, publication="live")

    season = Season.objects.create(organiser=organiser, name="Jahreswertung 2026", slug="jw-2026")
    season.tournaments.add(published, unpublished)
    cup = cup_save(organiser=organiser, name="Kreispokal", slug="kreispokal", season="2026/27")
    user = get_user_model().objects.create(username="pokal-leitung")
    for tournament in (published, unpublished):
        entry_hosted_add(
            cup=cup, member=member_add(cup=cup, organiser=organiser), tournament=tournament, by=user
        )
    return World(
        published=published,
        unpublished=unpublished,
        draft=draft,
        season=season,
        personal_code=first.personal_code,
        organiser=organiser,
    )


#: Every operation's address in the world above.
WORLD_URLS = [
    "/api/v1/veranstalter/",
    "/api/v1/turniere/",
    "/api/v1/turniere/?zeit=vergangen",
    "/api/v1/turniere/?veranstalter=anderer-verein",
    "/api/v1/turniere/?pokal=kreispokal",
    "/api/v1/turniere/offen-2026/",
    "/api/v1/turniere/offen-2026/wertung/",
    "/api/v1/turniere/offen-2026/wertung/?nach=1",
    "/api/v1/saisons/",
    "/api/v1/saisons/jw-2026/",
    "/api/v1/pokale/",
    "/api/v1/pokale/kreispokal/",
]
