"""Who sees the person register (its organiser's staff, not a tournament's supervisor by that
alone), the search a registration asks while typing, merging from the pages, and keeping two
people apart whom the matching takes for one."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from tournament.models import Person, PersonApart, PersonMerge
from tournament.persons.services import (
    organiser_of,
    person_create,
    persons_duplicates,
    persons_similar,
)

pytestmark = pytest.mark.django_db
SLUG = "beispielturnier-2026"


@pytest.fixture
def persons(example_tournament):
    organiser = organiser_of(example_tournament)
    return (
        person_create(organiser=organiser, name="Josef Huber", club="SK Ebersberg"),
        person_create(organiser=organiser, name="Sepp Huber", club="SK Ebersberg"),
    )


def _login(client, request, role):
    if role != "anonymous":
        client.force_login(request.getfixturevalue(role))


PAGES = ["persons", "person_create", "person_duplicates"]


@pytest.mark.parametrize("page", PAGES)
@pytest.mark.parametrize(
    ("role", "status"),
    [
        ("keeper", 200),
        ("supervisor", 403),
        ("clerk", 403),
        ("other_clerk", 403),
        ("anonymous", 302),
    ],
)
def test_the_register_is_kept_by_the_organisers_staff(client, request, persons, page, role, status):
    _login(client, request, role)
    assert client.get(reverse(f"manage:{page}", args=["standard"])).status_code == status


def test_the_organisers_staff_keeps_the_register(client, persons, example_tournament):
    user = get_user_model().objects.create_user("kassier", password="geheim-12345")
    organiser_of(example_tournament).staff.add(user)
    client.force_login(user)
    page = client.get(reverse("manage:person", args=["standard", persons[0].pk]))
    assert page.status_code == 200
    assert "Sepp Huber" in page.content.decode()  # offered as probably the same person


def test_the_register_list_searches_by_name_or_club(client, keeper, persons):
    client.force_login(keeper)
    text = client.get(reverse("manage:persons", args=["standard"]), {"q": "sepp"}).content
    assert b"Sepp Huber" in text and b"Josef Huber" not in text
    text = client.get(reverse("manage:persons", args=["standard"]), {"q": "ebersberg"}).content
    assert b"Sepp Huber" in text and b"Josef Huber" in text


def test_the_search_as_you_type_answers_name_and_club(client, supervisor, persons):
    client.force_login(supervisor)
    url = reverse("manage:person_search", args=[SLUG])
    answer = client.get(url, {"q": "ebersberg hub"}).json()
    assert {p["name"] for p in answer["persons"]} == {"Josef Huber", "Sepp Huber"}
    assert client.get(url, {"q": "h"}).json() == {"persons": []}


def test_a_clerk_gets_no_search_answer(client, clerk, persons):
    client.force_login(clerk)
    url = reverse("manage:person_search", args=[SLUG])
    assert client.get(url, {"q": "huber"}).status_code == 403


def test_the_organisers_staff_merges_two_persons_from_the_duplicates_page(client, keeper, persons):
    kept, merged = persons
    client.force_login(keeper)
    page = client.get(reverse("manage:person_duplicates", args=["standard"])).content.decode()
    assert "Josef Huber" in page and "Sepp Huber" in page
    response = client.post(
        reverse("manage:person_merge", args=["standard"]), {"kept": kept.pk, "merged": merged.pk}
    )
    assert response.status_code == 302
    assert list(Person.objects.values_list("name", flat=True)) == ["Josef Huber"]
    detail = client.get(response["Location"]).content.decode()
    assert "leitung hat Sepp Huber (SK Ebersberg) mit dieser Person" in detail  # the history
    assert PersonMerge.objects.get().by == keeper


def test_a_clerk_cannot_merge(client, clerk, persons):
    client.force_login(clerk)
    client.post(
        reverse("manage:person_merge", args=["standard"]),
        {"kept": persons[0].pk, "merged": persons[1].pk},
    )
    assert Person.objects.count() == 2


def test_two_people_kept_apart_are_no_longer_proposed_and_can_still_be_merged(
    client, keeper, persons
):
    josef, sepp = persons
    client.force_login(keeper)
    duplicates = reverse("manage:person_duplicates", args=["standard"])
    page = client.get(duplicates).content.decode()
    assert "Zwei Personen: nicht mehr vorschlagen" in page
    assert [p.name for p in persons_similar(person=josef)] == ["Sepp Huber"]
    response = client.post(
        reverse("manage:person_apart", args=["standard"]),
        {"kept": sepp.pk, "merged": josef.pk},
        follow=True,
    )
    page = response.content.decode()
    assert (
        "Sepp Huber, SK Ebersberg und Josef Huber, SK Ebersberg werden auseinander gehalten" in page
    )
    assert "Keine möglichen Doppelten." in page
    apart = PersonApart.objects.get()
    assert (apart.first, apart.second, apart.by) == (josef, sepp, keeper)  # lower id first
    assert persons_duplicates(organiser=josef.organiser) == []
    assert persons_similar(person=josef) == [] and persons_similar(person=sepp) == []
    detail = client.get(reverse("manage:person", args=["standard", josef.pk])).content.decode()
    assert "Sepp Huber" not in detail
    # asked twice (two tabs): still one pair; merging by hand stays possible
    client.post(
        reverse("manage:person_apart", args=["standard"]), {"kept": josef.pk, "merged": sepp.pk}
    )
    assert PersonApart.objects.count() == 1
    client.post(
        reverse("manage:person_merge", args=["standard"]), {"kept": josef.pk, "merged": sepp.pk}
    )
    assert list(Person.objects.values_list("name", flat=True)) == ["Josef Huber"]
    assert not PersonApart.objects.exists()  # the merged person's pair went with it


def test_one_person_is_not_kept_apart_from_itself_and_a_clerk_keeps_nobody_apart(
    client, keeper, clerk, persons
):
    josef, sepp = persons
    client.force_login(keeper)
    address = reverse("manage:person_apart", args=["standard"])
    refused = client.post(address, {"kept": josef.pk, "merged": josef.pk}, follow=True)
    assert "Wähle zwei verschiedene Personen." in refused.content.decode()
    unnamed = client.post(address, {"kept": josef.pk}, follow=True).content.decode()
    assert "Bitte zwei Personen zum Auseinanderhalten wählen." in unnamed
    merge = reverse("manage:person_merge", args=["standard"])
    unnamed = client.post(merge, {"merged": "x"}, follow=True).content.decode()
    assert "Bitte zwei Personen zum Zusammenführen wählen." in unnamed
    assert Person.objects.count() == 2
    client.force_login(clerk)
    assert client.post(address, {"kept": josef.pk, "merged": sepp.pk}).status_code == 403
    assert not PersonApart.objects.exists()


def test_registering_with_a_picked_person_links_the_player(client, supervisor, persons):
    client.force_login(supervisor)
    client.post(
        reverse("manage:players", args=[SLUG]),
        {"name": "Sepp Huber", "club": "SK Ebersberg", "person": persons[0].pk},
    )
    player = persons[0].players.get()
    assert player.name == "Sepp Huber"  # as registered today; the person is Josef Huber
