"""A tournament moved to another organiser in the Django admin leaves the seasons of the
organiser before (whose keepers could no longer take it out), and the admin says which."""

from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse

from tournament.models import Organiser, Season
from tournament.persons.services import organiser_of
from tournament.seasons.services import season_save

pytestmark = pytest.mark.django_db


class FormFields(HTMLParser):
    """The values the admin's change form would send as it is shown."""

    def __init__(self) -> None:
        super().__init__()
        self.data: dict[str, list[str]] = {}
        self.select: str | None = None
        self.textarea: str | None = None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        name = a.get("name")
        if tag == "input" and name and a.get("type") not in ("submit", "button", "file"):
            if a.get("type") not in ("checkbox", "radio") or "checked" in a:
                self.data.setdefault(name, []).append(a.get("value") or "")
        elif tag == "select" and name:
            self.select = name
            self.data.setdefault(name, [])
        elif tag == "option" and self.select and "selected" in a:
            self.data[self.select].append(a.get("value") or "")
        elif tag == "textarea" and name:
            self.textarea = name
            self.data[name] = [""]

    def handle_endtag(self, tag):
        if tag == "select":
            self.select = None
        elif tag == "textarea" and self.textarea:
            text = self.data[self.textarea][0]  # the browser drops the newline after the tag
            self.data[self.textarea][0] = text[1:] if text.startswith("\n") else text
            self.textarea = None

    def handle_data(self, data):
        if self.textarea:
            self.data[self.textarea][0] += data


def change_form(client: Client, url: str) -> dict[str, list[str]]:
    page = client.get(url).content.decode()
    form = re.search(r'<form[^>]*id="tournament_form".*?</form>', page, re.S)
    assert form is not None
    fields = FormFields()
    fields.feed(form.group(0))
    return fields.data


@pytest.fixture
def moved(example_tournament, keeper):
    """The example counts in A's seasons `Jahr A` and `Cup A`; B has a season of its own."""
    a = organiser_of(example_tournament)
    for name in ("Jahr A", "Cup A"):
        season_save(
            organiser=a, name=name, slug=name.lower().replace(" ", "-"), kind="sum", best=None,
            minimum=0, placement_text="", tournaments=[example_tournament],
        )  # fmt: skip
    b = Organiser.objects.create(name="B-Verein", slug="b-verein")
    Season.objects.create(organiser=b, name="Jahr B", slug="jahr-b")
    return example_tournament, a, b


def test_moving_a_tournament_in_the_admin_takes_it_out_of_the_seasons_before(moved):
    tournament, a, b = moved
    admin = get_user_model().objects.create_superuser("admin", password="geheim-12345")
    client = Client()
    client.force_login(admin)
    url = reverse("admin:tournament_tournament_change", args=[tournament.pk])
    data = change_form(client, url)
    assert data["organiser"] == [str(a.pk)]
    data["organiser"] = [str(b.pk)]
    response = client.post(url, data, follow=True)
    assert response.status_code == 200
    page = response.content.decode()
    assert "gehört jetzt zu B-Verein" in page and "Cup A, Jahr A" in page
    tournament.refresh_from_db()
    assert tournament.organiser == b
    assert not tournament.seasons.exists()
    assert Season.objects.filter(organiser=a).count() == 2  # the seasons stay, without it
    # Saved again without a move: nothing to say.
    response = client.post(url, change_form(client, url), follow=True)
    assert "gehört jetzt zu" not in response.content.decode()


def test_a_tournament_saved_under_the_same_organiser_keeps_its_seasons(moved):
    tournament, _a, _b = moved
    admin = get_user_model().objects.create_superuser("admin", password="geheim-12345")
    client = Client()
    client.force_login(admin)
    url = reverse("admin:tournament_tournament_change", args=[tournament.pk])
    data = change_form(client, url)
    data["venue"] = ["Gasthof Post"]
    response = client.post(url, data, follow=True)
    assert "gehört jetzt zu" not in response.content.decode()
    tournament.refresh_from_db()
    assert tournament.venue == "Gasthof Post"
    assert sorted(tournament.seasons.values_list("name", flat=True)) == ["Cup A", "Jahr A"]
