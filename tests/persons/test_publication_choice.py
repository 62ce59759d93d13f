"""Public pages show a person's name as the person chose (full, or the family name's initial);
staff pages keep the full name."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.pdfs import pdf_text
from tournament.models import Durchgang, Tournament
from tournament.persons.services import (
    organiser_of,
    person_create,
    person_update,
    player_person_link,
)

pytestmark = pytest.mark.django_db
SLUG = "beispielturnier-2026"


@pytest.fixture
def josef(example_tournament):
    """Player no. 1 is Josef Huber, who did not consent to his full name being published."""
    player = example_tournament.players.get(start_number=1)
    player.name = "Josef Huber"
    player.save(update_fields=["name"])
    person = person_create(organiser=organiser_of(example_tournament), name="Josef Huber")
    player_person_link(player=player, person=person)
    Tournament.objects.filter(pk=example_tournament.pk).update(ranking_publication="live")
    Durchgang.objects.filter(tournament=example_tournament).update(published=True)
    return person


PUBLIC = [
    ("tournament:ranking", [SLUG]),
    ("tournament:projector", [SLUG]),
    ("tournament:player", [SLUG, 1]),
    ("tournament:tables", [SLUG, 1]),
]


@pytest.mark.parametrize(("name", "args"), PUBLIC)
def test_public_pages_show_the_initial_only_without_consent(client, josef, name, args):
    text = client.get(reverse(name, args=args)).content.decode()
    assert "Josef H." in text
    assert "Huber" not in text


def test_the_public_ranking_pdf_shows_the_initial_only(client, josef):
    response = client.get(reverse("tournament:ranking_pdf", args=[SLUG]))
    text = pdf_text(response.content)
    assert "Josef H." in text
    assert "Huber" not in text


def test_the_public_table_list_is_not_searched_by_a_hidden_family_name(client, josef):
    url = reverse("tournament:tables", args=[SLUG, 1])
    assert "Josef H." not in client.get(url, {"q": "huber"}).content.decode()
    assert "Josef H." in client.get(url, {"q": "josef"}).content.decode()


@pytest.mark.parametrize(("name", "args"), PUBLIC[:3])
def test_with_consent_the_full_name_is_public(client, josef, name, args):
    person_update(person=josef, name="Josef Huber", club="", publication="full")
    assert "Josef Huber" in client.get(reverse(name, args=args)).content.decode()


def test_staff_pages_show_the_full_name(client, keeper, josef):
    client.force_login(keeper)
    assert "Josef Huber" in client.get(reverse("manage:players", args=[SLUG])).content.decode()
    page = client.get(reverse("manage:person", args=["standard", josef.pk])).content.decode()
    assert "Josef Huber" in page and "Beispielturnier 2026" in page
