"""The person register: registering links players to persons, the import matches them and
names likely duplicates, merging keeps every result, bad input stores nothing."""

from __future__ import annotations

import pytest
from django.urls import reverse
from django.utils import translation

from tournament.models import Organiser, Person, PersonMerge, Player, Tournament
from tournament.persons.services import (
    PersonError,
    organiser_of,
    person_create,
    person_merge,
    person_update,
    persons_duplicates,
    player_person_link,
)
from tournament.ranking.standings import standings_compute
from tournament.registration.player_import import PlayerRow
from tournament.registration.services import (
    player_create,
    players_import,
    players_import_duplicates,
)

pytestmark = pytest.mark.django_db
SLUG = "beispielturnier-2026"


def test_existing_and_new_tournaments_belong_to_the_default_organiser(example_tournament):
    assert example_tournament.organiser is not None
    assert example_tournament.organiser.slug == "standard"


def test_registering_a_player_twice_across_tournaments_finds_the_same_person(
    example_tournament,
):
    first = player_create(tournament=example_tournament, name="Josef Huber", club="SK Ebersberg")
    other = Tournament.objects.create(slug="kirta", name="Kirta", date="2026-10-18", lot_seed="x")
    second = player_create(tournament=other, name="josef  huber", club="SK Ebersberg")
    assert first.person is not None
    assert second.person == first.person
    assert Person.objects.filter(name="Josef Huber").count() == 1
    assert first.person.publication == Person.Publication.INITIAL  # until the person consents


def test_a_picked_person_of_another_register_is_refused(example_tournament):
    stranger = person_create(
        organiser=Organiser.objects.create(name="Andere", slug="andere"), name="Anna Bauer"
    )
    with pytest.raises(Exception) as caught:
        player_create(tournament=example_tournament, name="Anna Bauer", person=stranger)
    assert "person" in caught.value.errors
    assert not Player.objects.filter(name="Anna Bauer").exists()


def test_the_import_matches_persons_and_names_likely_duplicates(example_tournament):
    organiser = organiser_of(example_tournament)
    known = person_create(organiser=organiser, name="Josef Huber", club="SK Ebersberg")
    rows = [
        PlayerRow(line=2, name="Josef Huber", club="SK Ebersberg", start_number=None),
        PlayerRow(line=3, name="Sepp Huber", club="SK Ebersberg", start_number=None),
        PlayerRow(line=4, name="Anna Bauer", club="Moosach", start_number=None),
    ]
    players = players_import(tournament=example_tournament, rows=rows)
    assert players[0].person == known
    assert players[1].person not in (None, known)
    doubtful = players_import_duplicates(players=players)
    assert [(p.name, [s.name for s in similar]) for p, similar in doubtful] == [
        ("Josef Huber", ["Sepp Huber"]),
        ("Sepp Huber", ["Josef Huber"]),
    ]
    pairs = {frozenset((a.name, b.name)) for a, b in persons_duplicates(organiser=organiser)}
    assert frozenset(("Josef Huber", "Sepp Huber")) in pairs


def test_merging_keeps_every_result_and_records_who_merged(example_tournament, supervisor):
    organiser = organiser_of(example_tournament)
    first, second = example_tournament.players.order_by("start_number")[:2]
    kept = person_create(organiser=organiser, name="Josef Huber", club="SK Ebersberg")
    merged = person_create(
        organiser=organiser, name="Sepp Huber", club="SK Ebersberg", phone="08092 1234"
    )
    player_person_link(player=first, person=kept)
    player_person_link(player=second, person=merged)
    before = [(s.rank, s.player.pk, s.points) for s in standings_compute(example_tournament)]

    merge = person_merge(kept=kept, merged=merged, by=supervisor)

    assert merge.players_moved == 1
    assert set(kept.players.values_list("pk", flat=True)) == {first.pk, second.pk}
    assert not Person.objects.filter(pk=merged.pk).exists()
    kept.refresh_from_db()
    assert kept.phone == "08092 1234"
    after = [(s.rank, s.player.pk, s.points) for s in standings_compute(example_tournament)]
    assert after == before
    record = PersonMerge.objects.get()
    assert (record.kept, record.merged_name, record.by) == (kept, "Sepp Huber", supervisor)


def test_a_person_cannot_be_merged_into_itself(example_tournament):
    person = person_create(organiser=organiser_of(example_tournament), name="Anna Bauer")
    with pytest.raises(PersonError):
        person_merge(kept=person, merged=person)
    assert Person.objects.filter(pk=person.pk).exists()


@pytest.mark.parametrize(
    ("field", "values"),
    [
        ("name", {"name": "  "}),
        ("email", {"email": "keine-adresse"}),
        ("phone", {"phone": "08092 abc"}),
        ("publication", {"publication": "everything"}),
    ],
)
def test_bad_input_names_the_field_in_german_and_stores_nothing(
    client, keeper, example_tournament, field, values
):
    client.force_login(keeper)
    organiser = organiser_of(example_tournament)
    data = {"name": "Anna Bauer", "club": "", "email": "", "phone": "", "publication": "full"}
    data.update(values)
    with translation.override("de"):
        response = client.post(reverse("manage:person_create", args=[organiser.slug]), data)
    assert response.status_code == 200
    assert not Person.objects.exists()
    errors = response.context["form"].errors
    assert field in errors
    german = {
        "name": "Name",
        "email": "E-Mail",
        "phone": "Telefon",
        "publication": "öffentlich",
    }
    assert german[field] in response.content.decode()


def test_the_service_refuses_bad_contact_data_field_by_field(example_tournament):
    with translation.override("de"), pytest.raises(PersonError) as caught:
        person_create(
            organiser=organiser_of(example_tournament), name="Anna", email="x@", phone="abc"
        )
    assert set(caught.value.errors) == {"email", "phone"}
    assert "E-Mail" in caught.value.errors["email"][0]
    assert not Person.objects.exists()


def test_consent_changes_every_player_of_the_person(example_tournament):
    player = example_tournament.players.order_by("start_number").first()
    person = person_create(organiser=organiser_of(example_tournament), name="Josef Huber")
    player_person_link(player=player, person=person)
    player.refresh_from_db()
    assert player.publish_full_name is False
    person_update(person=person, name="Josef Huber", club="", publication="full")
    player.refresh_from_db()
    assert player.publish_full_name is True
